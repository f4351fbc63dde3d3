import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { PROVINCES_BY_NAME, provinceName } from '~/catalogs/provinces'
import { STATION_FUNCTION, STATION_LIST, STATION_STATUSES, STATION_VIEWS, STATIONS_PATH } from '~/catalogs/stations'
import { listStations } from '~/catalogs/stations.server'
import { BulkActions, BulkSelectAll, BulkSelectCell } from '~/components/bulk'
import { StatusBadge } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { EmptyList, ListSummary, ListToolbar, Pagination, RowDetail, SortableHeader, TableScroller } from '~/components/list'
import { ListViews } from '~/components/list-views'
import { stationHref, useStationLabels } from '~/components/station-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { getT } from '~/i18n/i18n.server'
import { isNarrowed, listSearch } from '~/lists/list-query'
import { requireListState, requirePageInRange } from '~/lists/list-route.server'
import { getListViews, handleListViewIntent } from '~/lists/list-views-route.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { optionsWith, STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import { can } from '~/permissions/grants'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants, user } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	const url = new URL(request.url)
	const state = requireListState(request, STATIONS_PATH, STATION_LIST)
	const [result, types] = await Promise.all([listStations(state), optionsFor(STATION_TYPE_LIST, request)])
	requirePageInRange(result, state, STATIONS_PATH, STATION_LIST)
	const t = await getT(request)
	return {
		title: t('stations.title'),
		state,
		result,
		types,
		views: await getListViews(user.id, STATION_VIEWS, url.search),
		allowed: {
			create: can(grants, STATION_FUNCTION, 'create'),
			export: can(grants, STATION_FUNCTION, 'export'),
			import: can(grants, STATION_FUNCTION, 'import'),
			delete: can(grants, STATION_FUNCTION, 'delete'),
		},
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'view')
	return handleListViewIntent(request, user, STATION_VIEWS)
}

export default function StationsPage() {
	const { t, i18n } = useTranslation()
	const { state, result, types, allowed, views } = useLoaderData<typeof loader>()
	const show = views.columns
	const { typeLabel, statusLabel } = useStationLabels(types)
	const list = { path: STATIONS_PATH, state, spec: STATION_LIST }
	const bulk = { formId: 'stations-bulk', allowed }
	const sortName = t(`stations.fields.${state.sort}`)
	return (
		<section aria-labelledby="stations-heading">
			<PageHeader title={t('stations.title')} id="stations-heading">
				{allowed.create ? (
					<Link to={`${STATIONS_PATH}/new`} className="btn btn-primary">
						<i className="bx bx-plus" aria-hidden="true" /> {t('stations.new')}
					</Link>
				) : null}
				{allowed.export ? (
					<a href={`${STATIONS_PATH}/export.csv${listSearch(state, STATION_LIST, { page: 1 })}`} className="btn btn-outline-dark" download>
						<i className="bx bx-download" aria-hidden="true" /> {t('csv.export')}
					</a>
				) : null}
				{allowed.import ? (
					<Link to={`${STATIONS_PATH}/import`} className="btn btn-outline-dark">
						<i className="bx bx-upload" aria-hidden="true" /> {t('csv.import')}
					</Link>
				) : null}
			</PageHeader>
			<ListToolbar
				{...list}
				label={t('stations.searchForm')}
				searchLabel={t('list.search')}
				searchHint={t('stations.searchHint')}
				filters={[
					{ name: 'status', label: t('stations.fields.status'), allLabel: t('list.all'), options: STATION_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) },
					{ name: 'type', label: t('stations.fields.type'), allLabel: t('list.all'), options: optionsWith(types, state.filters.type) },
					{ name: 'province', label: t('stations.fields.province'), allLabel: t('list.all'), options: PROVINCES_BY_NAME.map((p) => ({ value: p.code, label: p.name })) },
				]}
			/>
			<ListViews definition={STATION_VIEWS} views={views} />
			{result.rows.length === 0 ? (
				<EmptyList
					path={STATIONS_PATH}
					narrowed={isNarrowed(state)}
					page={state.page}
					emptyTitle={t('stations.emptyTitle')}
					emptyBody={t('stations.emptyBody')}
					action={
						allowed.create ? (
							<Link to={`${STATIONS_PATH}/new`} className="btn btn-primary">
								{t('stations.new')}
							</Link>
						) : null
					}
				/>
			) : (
				<>
					<ListSummary info={result} id="stations-summary" />
					<BulkActions {...bulk} path={STATIONS_PATH} query={listSearch(state, STATION_LIST)} />
					<TableScroller labelledBy="stations-caption" className="catalog-table-box">
						<table className="table table-hover align-middle catalog-table" aria-describedby="stations-summary">
							<caption id="stations-caption" className="visually-hidden">
								{t('list.caption', {
									name: t('stations.title'),
									column: sortName,
									direction: state.dir === 'asc' ? t('list.ascending') : t('list.descending'),
								})}
							</caption>
							<thead>
								<tr>
									<BulkSelectAll {...bulk} />
									<SortableHeader {...list} column="code">
										{t('stations.fields.code')}
									</SortableHeader>
									<SortableHeader {...list} column="name">
										{t('stations.fields.name')}
									</SortableHeader>
									{show.type ? (
										<SortableHeader {...list} column="type" className="col-secondary">
											{t('stations.fields.type')}
										</SortableHeader>
									) : null}
									{show.province ? (
										<SortableHeader {...list} column="province">
											{t('stations.fields.province')}
										</SortableHeader>
									) : null}
									{show.status ? (
										<SortableHeader {...list} column="status">
											{t('stations.fields.status')}
										</SortableHeader>
									) : null}
									{show.commissionedAt ? (
										<SortableHeader {...list} column="commissionedAt" className="col-secondary">
											{t('stations.fields.commissionedAt')}
										</SortableHeader>
									) : null}
									{show.toolCount ? (
										<th scope="col" className="text-end">
											{t('stations.toolCount')}
										</th>
									) : null}
								</tr>
							</thead>
							<tbody>
								{result.rows.map((station) => {
									const commissioned = station.commissioned_at ? formatCalendarDate(station.commissioned_at, i18n.language) : ''
									return (
										<tr key={station.id}>
											<BulkSelectCell {...bulk} id={station.id} record={`${station.code} · ${station.name}`} />
											<th scope="row">
												<Link to={stationHref(station.id)}>{station.code}</Link>
											</th>
											<td className="col-name">
												{station.name}
												<RowDetail
													items={[
														{ label: t('stations.fields.type'), value: typeLabel(station.type), hidden: !show.type },
														{ label: t('stations.fields.commissionedAt'), value: commissioned, hidden: !show.commissionedAt },
													]}
												/>
											</td>
											{show.type ? <td className="col-secondary">{typeLabel(station.type)}</td> : null}
											{show.province ? <td>{provinceName(station.province)}</td> : null}
											{show.status ? (
												<td>
													<StatusBadge status={station.status} label={statusLabel(station.status)} />
												</td>
											) : null}
											{show.commissionedAt ? <td className="text-nowrap col-secondary">{commissioned}</td> : null}
											{show.toolCount ? (
												<td className="text-end">
													{station.tool_count > 0 ? (
														<Link
															to={`/congcu/list?stationId=${station.id}`}
															aria-label={t('stations.toolsOf', { count: station.tool_count, code: station.code })}
														>
															{formatNumber(station.tool_count, i18n.language)}
														</Link>
													) : (
														'0'
													)}
												</td>
											) : null}
										</tr>
									)
								})}
							</tbody>
						</table>
					</TableScroller>
					<Pagination {...list} info={result} />
				</>
			)}
		</section>
	)
}
