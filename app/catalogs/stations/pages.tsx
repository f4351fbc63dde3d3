import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import type { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import { PROVINCES_BY_NAME, provinceName } from '~/catalogs/provinces'
import { STATION_FIELDS, STATION_PAGES, STATION_STATUSES } from '~/catalogs/stations/stations'
import type { StationListRow } from '~/catalogs/stations/stations.server'
import { StatusBadge } from '~/components/catalog'
import { CatalogListPage, type CatalogColumn } from '~/components/catalog-list'
import { CatalogNewRecordPage, CatalogRecordPage } from '~/components/catalog-record'
import { CsvImportPage } from '~/components/csv-import'
import { StationForm, useStationLabels } from '~/catalogs/stations/station-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { provincesIn } from '~/permissions/scope'
import { choicesHelp, optionsWith } from '~/reference-lists/definitions'
import type { STATION_ROUTES as ROUTES } from './routes.server'

/** The stations' pages, which the generated catalog routes render (app/catalogs/routes/*). */

export function StationListPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof ROUTES.list.loader>()
	const { state, types, provinces } = page
	const { typeLabel, statusLabel } = useStationLabels(types)
	const columns: CatalogColumn<StationListRow>[] = [
		{ key: 'type', label: t('stations.fields.type'), sortable: true, secondary: true, cell: (station) => typeLabel(station.type) },
		{ key: 'province', label: t('stations.fields.province'), sortable: true, cell: (station) => provinceName(station.province) },
		{
			key: 'status',
			label: t('stations.fields.status'),
			sortable: true,
			cell: (station) => <StatusBadge status={station.status} label={statusLabel(station.status)} />,
		},
		{
			key: 'commissionedAt',
			label: t('stations.fields.commissionedAt'),
			sortable: true,
			secondary: true,
			noWrap: true,
			cell: (station) => (station.commissioned_at ? formatCalendarDate(station.commissioned_at, i18n.language) : ''),
		},
		{
			key: 'toolCount',
			label: t('stations.toolCount'),
			alignEnd: true,
			cell: (station) =>
				station.tool_count > 0 ? (
					<Link
						to={`/congcu/list?stationId=${station.id}`}
						// One route for every row: discovered when first followed, not announced 25 times in the page.
						discover="none"
						aria-label={t('stations.toolsOf', { count: station.tool_count, code: station.code })}
					>
						{formatNumber(station.tool_count, i18n.language)}
					</Link>
				) : (
					'0'
				),
		},
	]
	return (
		<CatalogListPage
			pages={STATION_PAGES}
			page={page}
			columns={columns}
			filters={[
				{
					name: 'status',
					label: t('stations.fields.status'),
					allLabel: t('list.all'),
					options: STATION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
				},
				{ name: 'type', label: t('stations.fields.type'), allLabel: t('list.all'), options: optionsWith(types, state.filters.type) },
				{
					name: 'province',
					label: t('stations.fields.province'),
					allLabel: t('list.all'),
					options: provincesIn(provinces, PROVINCES_BY_NAME).map((p) => ({ value: p.code, label: p.name })),
				},
			]}
		/>
	)
}

export function StationRecordPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof ROUTES.record.loader>()
	const { record: station, values, types, addTool, provinces } = page
	const labels = useStationLabels(types)
	const toolsHref = `/congcu/list?stationId=${station.id}`
	return (
		<CatalogRecordPage
			pages={STATION_PAGES}
			page={page}
			answer={useActionData<typeof ROUTES.record.action>()}
			labels={labels}
			form={(props) => <StationForm {...props} types={types} provinces={provinces} />}
			deleteRefused={(count) => (
				<div className="alert alert-danger" role="alert">
					<p className="mb-1">{t('stations.deleteRefused', { count })}</p>
					<Link to={toolsHref} className="alert-link">
						{t('stations.showTools')}
					</Link>
				</div>
			)}
			facts={
				<>
					<dt className="col-sm-3">{t('stations.toolCount')}</dt>
					<dd className="col-sm-9">
						<Link to={toolsHref} className="link-on-page">
							{formatNumber(station.tool_count, i18n.language)}
						</Link>
						{addTool ? (
							<>
								{' · '}
								<Link to={`/congcu/list/new?stationId=${station.id}`} className="link-on-page">
									{t('stations.addTool')}
								</Link>
							</>
						) : null}
					</dd>
				</>
			}
			fields={[
				{ label: t('stations.fields.code'), value: station.code },
				{ label: t('stations.fields.name'), value: station.name },
				{ label: t('stations.fields.type'), value: labels.typeLabel(station.type) },
				{ label: t('stations.fields.province'), value: provinceName(station.province) },
				{ label: t('stations.fields.address'), value: station.address ?? '—' },
				{ label: t('stations.fields.coordinates'), value: values.latitude ? `${values.latitude}, ${values.longitude}` : '—' },
				{ label: t('stations.fields.status'), value: <StatusBadge status={station.status} label={labels.statusLabel(station.status)} /> },
				{
					label: t('stations.fields.commissionedAt'),
					value: station.commissioned_at ? formatCalendarDate(station.commissioned_at, i18n.language) : '—',
				},
				{ label: t('stations.fields.note'), value: station.note ?? '—', preWrap: true },
			]}
		/>
	)
}

export function NewStationPage() {
	const { types, provinces } = useLoaderData<typeof ROUTES.new.loader>()
	return (
		<CatalogNewRecordPage
			pages={STATION_PAGES}
			answer={useActionData<typeof ROUTES.new.action>()}
			initialValues={{ status: 'active' }}
			form={(props) => <StationForm {...props} types={types} provinces={provinces} />}
		/>
	)
}

export function StationImportPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof importPageLoader>()
	return (
		<CsvImportPage
			pages={STATION_PAGES}
			page={page}
			answer={useActionData<typeof importPageAction>()}
			columns={STATION_FIELDS}
			formatHelp={[
				t('stations.csvHelp.type', { values: choicesHelp(page.choices) }),
				t('stations.csvHelp.status', { values: STATION_STATUSES.join(', ') }),
				t('stations.csvHelp.province'),
				t('stations.csvHelp.coordinates'),
				t('csv.formatDates'),
			]}
		/>
	)
}

export const STATION_PAGE_COMPONENTS = { list: StationListPage, record: StationRecordPage, new: NewStationPage, import: StationImportPage }
