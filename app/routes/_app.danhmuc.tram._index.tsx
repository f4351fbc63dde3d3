import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { catalogListAction, loadCatalogList } from '~/catalogs/catalog-list-route.server'
import { PROVINCES_BY_NAME, provinceName } from '~/catalogs/provinces'
import { STATION_LIST, STATION_PAGES, STATION_STATUSES } from '~/catalogs/stations'
import { listStations, type StationListRow } from '~/catalogs/stations.server'
import { StatusBadge } from '~/components/catalog'
import { CatalogListPage, type CatalogColumn } from '~/components/catalog-list'
import { useStationLabels } from '~/components/station-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { optionsWith, STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'
import { provincesIn } from '~/permissions/scope'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const access = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	return loadCatalogList(request, access, STATION_PAGES, STATION_LIST, async (state) => {
		const [result, types] = await Promise.all([listStations(state, access.scope), optionsFor(STATION_TYPE_LIST, request)])
		return { result, types, provinces: access.scope }
	})
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	return catalogListAction(request, user, STATION_PAGES)
}

export default function StationsPage() {
	const { t, i18n } = useTranslation()
	const page = useLoaderData<typeof loader>()
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
