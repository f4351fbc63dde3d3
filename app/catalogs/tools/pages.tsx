import { Link, useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatMinor } from '~/catalogs/decimal'
import type { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import { PROVINCES_BY_NAME } from '~/catalogs/provinces'
import { MONEY_SCALE, TOOL_FIELDS, TOOL_PAGES, TOOL_STATUSES } from '~/catalogs/tools/tools'
import type { ToolListRow } from '~/catalogs/tools/tool-list.server'
import { StatusBadge } from '~/components/catalog'
import { CatalogListPage, type CatalogColumn } from '~/components/catalog-list'
import { CatalogNewRecordPage, CatalogRecordPage } from '~/components/catalog-record'
import { CsvImportPage } from '~/components/csv-import'
import { stationHref } from '~/catalogs/stations/station-form'
import { StationPicker, ToolForm, useToolLabels } from '~/catalogs/tools/tool-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { provincesIn } from '~/permissions/scope'
import { choicesHelp, optionsWith } from '~/reference-lists/definitions'
import type { TOOL_ROUTES as ROUTES } from './routes.server'

/** The tools' pages, which the generated catalog routes render (app/catalogs/routes/*). */

export function ToolListPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof ROUTES.list.loader>()
	const { state, station, stationMissing, stations, categories, provinces } = page
	const { categoryLabel, statusLabel } = useToolLabels(stations, categories)
	// The select holds ids: a filter given as a code shows as the station it resolved to.
	const stationValue = stations && station ? String(station.id) : (state.filters.stationId ?? '')
	const columns: CatalogColumn<ToolListRow>[] = [
		{ key: 'category', label: t('tools.fields.category'), sortable: true, secondary: true, cell: (tool) => categoryLabel(tool.category) },
		{
			key: 'stationId',
			label: t('tools.fields.stationId'),
			noWrap: true,
			cell: (tool) =>
				tool.station ? (
					<Link to={stationHref(tool.station.id)} title={tool.station.name}>
						{tool.station.code}
					</Link>
				) : (
					<span className="text-body-secondary">{t('tools.noStation')}</span>
				),
		},
		{
			key: 'status',
			label: t('tools.fields.status'),
			sortable: true,
			cell: (tool) => <StatusBadge status={tool.status} label={statusLabel(tool.status)} />,
		},
		{
			key: 'quantity',
			label: t('tools.fields.quantity'),
			sortable: true,
			secondary: true,
			alignEnd: true,
			noWrap: true,
			cell: (tool) => `${formatNumber(tool.quantity, i18n.language)} ${tool.unit}`,
		},
		{
			key: 'value',
			label: t('tools.fields.value'),
			sortable: true,
			alignEnd: true,
			noWrap: true,
			cell: (tool) => (tool.value_minor === null ? '' : formatMinor(tool.value_minor, MONEY_SCALE, i18n.language)),
		},
		{
			key: 'purchaseDate',
			label: t('tools.fields.purchaseDate'),
			sortable: true,
			secondary: true,
			noWrap: true,
			cell: (tool) => (tool.purchase_date ? formatCalendarDate(tool.purchase_date, i18n.language) : ''),
		},
	]
	return (
		<CatalogListPage
			pages={TOOL_PAGES}
			page={page}
			columns={columns}
			filters={[
				{
					name: 'status',
					label: t('tools.fields.status'),
					allLabel: t('list.all'),
					options: TOOL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })),
				},
				{
					name: 'category',
					label: t('tools.fields.category'),
					allLabel: t('list.all'),
					options: optionsWith(categories, state.filters.category),
				},
				{
					name: 'province',
					label: t('tools.provinceFilter'),
					allLabel: t('list.all'),
					options: provincesIn(provinces, PROVINCES_BY_NAME).map((p) => ({ value: p.code, label: p.name })),
				},
			]}
			filterExtra={
				<StationPicker
					id="list-stationId"
					stations={stations}
					value={stationValue}
					label={t('tools.fields.stationId')}
					emptyLabel={t('list.all')}
					className="list-filters__wide"
				/>
			}
			notice={
				<>
					{stationMissing ? (
						<div className="alert alert-warning" role="status">
							{t('tools.errors.stationFilterNotFound', { station: state.filters.stationId ?? '' })}
						</div>
					) : null}
					{station ? (
						<p className="mb-2">
							{t('tools.atStation')}{' '}
							<Link to={stationHref(station.id)}>
								{station.code} · {station.name}
							</Link>
						</p>
					) : null}
				</>
			}
		/>
	)
}

export function ToolRecordPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof ROUTES.record.loader>()
	const { record: tool, stations, categories } = page
	const labels = useToolLabels(stations, categories)
	return (
		<CatalogRecordPage
			pages={TOOL_PAGES}
			page={page}
			answer={useActionData<typeof ROUTES.record.action>()}
			labels={labels}
			form={(props) => <ToolForm {...props} stations={stations} categories={categories} />}
			facts={
				<>
					<dt className="col-sm-3">{t('tools.fields.stationId')}</dt>
					<dd className="col-sm-9">
						{tool.station_id !== null ? (
							<Link to={stationHref(tool.station_id)} className="link-on-page">
								{tool.station_code} · {tool.station_name}
							</Link>
						) : (
							t('tools.noStation')
						)}
					</dd>
				</>
			}
			fields={[
				{ label: t('tools.fields.code'), value: tool.code },
				{ label: t('tools.fields.name'), value: tool.name },
				{ label: t('tools.fields.category'), value: labels.categoryLabel(tool.category) },
				{ label: t('tools.fields.serialNumber'), value: tool.serial_number ?? '—' },
				{ label: t('tools.fields.status'), value: <StatusBadge status={tool.status} label={labels.statusLabel(tool.status)} /> },
				{
					label: t('tools.fields.quantity'),
					value: (
						<>
							{formatNumber(tool.quantity, i18n.language)} {tool.unit}
						</>
					),
				},
				{ label: t('tools.fields.purchaseDate'), value: tool.purchase_date ? formatCalendarDate(tool.purchase_date, i18n.language) : '—' },
				{
					label: t('tools.fields.value'),
					value: tool.value_minor === null ? '—' : formatMinor(tool.value_minor, MONEY_SCALE, i18n.language),
				},
				{ label: t('tools.fields.note'), value: tool.note ?? '—', preWrap: true },
			]}
		/>
	)
}

export function NewToolPage() {
	const { t } = useTranslation()
	const { stations, categories, preselected } = useLoaderData<typeof ROUTES.new.loader>()
	return (
		<CatalogNewRecordPage
			pages={TOOL_PAGES}
			answer={useActionData<typeof ROUTES.new.action>()}
			initialValues={{ status: 'in_stock', quantity: '1', unit: t('tools.defaultUnit'), stationId: preselected }}
			form={(props) => <ToolForm {...props} stations={stations} categories={categories} />}
		/>
	)
}

export function ToolImportPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof importPageLoader>()
	return (
		<CsvImportPage
			pages={TOOL_PAGES}
			page={page}
			answer={useActionData<typeof importPageAction>()}
			columns={TOOL_FIELDS}
			formatHelp={[
				t('tools.csvHelp.category', { values: choicesHelp(page.choices) }),
				t('tools.csvHelp.status', { values: TOOL_STATUSES.join(', ') }),
				t('tools.csvHelp.station'),
				t('tools.csvHelp.value'),
				t('csv.formatDates'),
			]}
		/>
	)
}

export const TOOL_PAGE_COMPONENTS = { list: ToolListPage, record: ToolRecordPage, new: NewToolPage, import: ToolImportPage }
