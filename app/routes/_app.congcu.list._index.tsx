import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { catalogListAction, loadCatalogList } from '~/catalogs/catalog-list-route.server'
import { formatMinor } from '~/catalogs/decimal'
import { PROVINCES_BY_NAME } from '~/catalogs/provinces'
import { MONEY_SCALE, TOOL_LIST, TOOL_PAGES, TOOL_STATUSES } from '~/catalogs/tools'
import { listTools, resolveStation, stationChoices, type ToolListRow } from '~/catalogs/tools.server'
import { StatusBadge } from '~/components/catalog'
import { CatalogListPage, type CatalogColumn } from '~/components/catalog-list'
import { stationHref } from '~/components/station-form'
import { StationPicker, useToolLabels } from '~/components/tool-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { optionsWith, TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { provincesIn } from '~/permissions/scope'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const access = await requirePermission(request, 'CONGCU_LIST', 'view')
	return loadCatalogList(request, access, TOOL_PAGES, TOOL_LIST, async (state) => {
		// The station filter may name a station by id or code; one that names none matches no tool.
		const station = state.filters.stationId === undefined ? undefined : await resolveStation(state.filters.stationId, access.scope)
		const [result, stations, categories] = await Promise.all([
			listTools(state, station, access.scope),
			stationChoices(access.scope),
			optionsFor(TOOL_CATEGORY_LIST, request),
		])
		return { result, station: station ?? null, stationMissing: station === null, stations, categories, provinces: access.scope }
	})
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_LIST', 'view')
	return catalogListAction(request, user, TOOL_PAGES)
}

export default function ToolsPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof loader>()
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
