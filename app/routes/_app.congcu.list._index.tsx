import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { formatMinor } from '~/catalogs/decimal'
import { PROVINCES_BY_NAME } from '~/catalogs/provinces'
import { MONEY_SCALE, TOOL_FUNCTION, TOOL_LIST, TOOL_STATUSES, TOOL_VIEWS, TOOLS_PATH } from '~/catalogs/tools'
import { listTools, resolveStation, stationChoices } from '~/catalogs/tools.server'
import { BulkActions, BulkSelectAll, BulkSelectCell } from '~/components/bulk'
import { StatusBadge } from '~/components/catalog'
import { PageHeader } from '~/components/page-header'
import { EmptyList, ListSummary, ListToolbar, Pagination, RowDetail, SortableHeader, TableScroller } from '~/components/list'
import { ListViews } from '~/components/list-views'
import { stationHref } from '~/components/station-form'
import { StationPicker, useToolLabels } from '~/components/tool-form'
import { formatCalendarDate, formatNumber } from '~/i18n/format'
import { getT } from '~/i18n/i18n.server'
import { isNarrowed, listSearch } from '~/lists/list-query'
import { requireListState, requirePageInRange } from '~/lists/list-route.server'
import { getListViews, handleListViewIntent } from '~/lists/list-views-route.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import { optionsWith, TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants, user } = await requirePermission(request, 'CONGCU_LIST', 'view')
	const url = new URL(request.url)
	const state = requireListState(request, TOOLS_PATH, TOOL_LIST)
	// The station filter may name a station by id or code; one that names none matches no tool.
	const station = state.filters.stationId === undefined ? undefined : await resolveStation(state.filters.stationId)
	const [result, stations, categories] = await Promise.all([listTools(state, station), stationChoices(), optionsFor(TOOL_CATEGORY_LIST, request)])
	requirePageInRange(result, state, TOOLS_PATH, TOOL_LIST)
	const t = await getT(request)
	return {
		title: t('tools.title'),
		state,
		result,
		station: station ?? null,
		stationMissing: station === null,
		stations,
		categories,
		views: await getListViews(user.id, TOOL_VIEWS, url.search),
		allowed: {
			create: can(grants, TOOL_FUNCTION, 'create'),
			export: can(grants, TOOL_FUNCTION, 'export'),
			import: can(grants, TOOL_FUNCTION, 'import'),
			delete: can(grants, TOOL_FUNCTION, 'delete'),
		},
	}
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_LIST', 'view')
	return handleListViewIntent(request, user, TOOL_VIEWS)
}

export default function ToolsPage() {
	const { t, i18n } = useTranslation()
	const { state, result, station, stationMissing, stations, categories, allowed, views } = useLoaderData<typeof loader>()
	const show = views.columns
	const { categoryLabel, statusLabel } = useToolLabels(stations, categories)
	const list = { path: TOOLS_PATH, state, spec: TOOL_LIST }
	const bulk = { formId: 'tools-bulk', allowed }
	// The select holds ids: a filter given as a code shows as the station it resolved to.
	const stationValue = stations && station ? String(station.id) : (state.filters.stationId ?? '')
	return (
		<section aria-labelledby="tools-heading">
			<PageHeader title={t('tools.title')} id="tools-heading">
				{allowed.create ? (
					<Link to={`${TOOLS_PATH}/new`} className="btn btn-primary">
						<i className="bx bx-plus" aria-hidden="true" /> {t('tools.new')}
					</Link>
				) : null}
				{allowed.export ? (
					<a href={`${TOOLS_PATH}/export.csv${listSearch(state, TOOL_LIST, { page: 1 })}`} className="btn btn-outline-dark" download>
						<i className="bx bx-download" aria-hidden="true" /> {t('csv.export')}
					</a>
				) : null}
				{allowed.import ? (
					<Link to={`${TOOLS_PATH}/import`} className="btn btn-outline-dark">
						<i className="bx bx-upload" aria-hidden="true" /> {t('csv.import')}
					</Link>
				) : null}
			</PageHeader>
			<ListToolbar
				{...list}
				label={t('tools.searchForm')}
				searchLabel={t('list.search')}
				searchHint={t('tools.searchHint')}
				filters={[
					{ name: 'status', label: t('tools.fields.status'), allLabel: t('list.all'), options: TOOL_STATUSES.map((s) => ({ value: s, label: statusLabel(s) })) },
					{ name: 'category', label: t('tools.fields.category'), allLabel: t('list.all'), options: optionsWith(categories, state.filters.category) },
					{ name: 'province', label: t('tools.provinceFilter'), allLabel: t('list.all'), options: PROVINCES_BY_NAME.map((p) => ({ value: p.code, label: p.name })) },
				]}
				extra={
					<StationPicker
						id="list-stationId"
						stations={stations}
						value={stationValue}
						label={t('tools.fields.stationId')}
						emptyLabel={t('list.all')}
						className="list-filters__wide"
					/>
				}
			/>
			<ListViews definition={TOOL_VIEWS} views={views} />
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
			{result.rows.length === 0 ? (
				<EmptyList
					path={TOOLS_PATH}
					narrowed={isNarrowed(state)}
					page={state.page}
					emptyTitle={t('tools.emptyTitle')}
					emptyBody={t('tools.emptyBody')}
					action={
						allowed.create ? (
							<Link to={`${TOOLS_PATH}/new`} className="btn btn-primary">
								{t('tools.new')}
							</Link>
						) : null
					}
				/>
			) : (
				<>
					<ListSummary info={result} id="tools-summary" />
					<BulkActions {...bulk} path={TOOLS_PATH} query={listSearch(state, TOOL_LIST)} />
					<TableScroller labelledBy="tools-caption" className="catalog-table-box">
						<table className="table table-hover align-middle catalog-table" aria-describedby="tools-summary">
							<caption id="tools-caption" className="visually-hidden">
								{t('list.caption', {
									name: t('tools.title'),
									column: t(`tools.fields.${state.sort}`),
									direction: state.dir === 'asc' ? t('list.ascending') : t('list.descending'),
								})}
							</caption>
							<thead>
								<tr>
									<BulkSelectAll {...bulk} />
									<SortableHeader {...list} column="code">
										{t('tools.fields.code')}
									</SortableHeader>
									<SortableHeader {...list} column="name">
										{t('tools.fields.name')}
									</SortableHeader>
									{show.category ? (
										<SortableHeader {...list} column="category" className="col-secondary">
											{t('tools.fields.category')}
										</SortableHeader>
									) : null}
									{show.stationId ? <th scope="col">{t('tools.fields.stationId')}</th> : null}
									{show.status ? (
										<SortableHeader {...list} column="status">
											{t('tools.fields.status')}
										</SortableHeader>
									) : null}
									{show.quantity ? (
										<SortableHeader {...list} column="quantity" className="text-end col-secondary">
											{t('tools.fields.quantity')}
										</SortableHeader>
									) : null}
									{show.value ? (
										<SortableHeader {...list} column="value" className="text-end">
											{t('tools.fields.value')}
										</SortableHeader>
									) : null}
									{show.purchaseDate ? (
										<SortableHeader {...list} column="purchaseDate" className="col-secondary">
											{t('tools.fields.purchaseDate')}
										</SortableHeader>
									) : null}
								</tr>
							</thead>
							<tbody>
								{result.rows.map((tool) => {
									const quantity = `${formatNumber(tool.quantity, i18n.language)} ${tool.unit}`
									const purchased = tool.purchase_date ? formatCalendarDate(tool.purchase_date, i18n.language) : ''
									return (
										<tr key={tool.id}>
											<BulkSelectCell {...bulk} id={tool.id} record={`${tool.code} · ${tool.name}`} />
											<th scope="row">
												<Link to={`${TOOLS_PATH}/${tool.id}`}>{tool.code}</Link>
											</th>
											<td className="col-name">
												{tool.name}
												<RowDetail
													items={[
														{ label: t('tools.fields.category'), value: categoryLabel(tool.category), hidden: !show.category },
														{ label: t('tools.fields.quantity'), value: quantity, hidden: !show.quantity },
														{ label: t('tools.fields.purchaseDate'), value: purchased, hidden: !show.purchaseDate },
													]}
												/>
											</td>
											{show.category ? <td className="col-secondary">{categoryLabel(tool.category)}</td> : null}
											{show.stationId ? (
												<td className="text-nowrap">
													{tool.station ? (
														<Link to={stationHref(tool.station.id)} title={tool.station.name}>
															{tool.station.code}
														</Link>
													) : (
														<span className="text-body-secondary">{t('tools.noStation')}</span>
													)}
												</td>
											) : null}
											{show.status ? (
												<td>
													<StatusBadge status={tool.status} label={statusLabel(tool.status)} />
												</td>
											) : null}
											{show.quantity ? <td className="text-end text-nowrap col-secondary">{quantity}</td> : null}
											{show.value ? (
												<td className="text-end text-nowrap">{tool.value_minor === null ? '' : formatMinor(tool.value_minor, MONEY_SCALE, i18n.language)}</td>
											) : null}
											{show.purchaseDate ? <td className="text-nowrap col-secondary">{purchased}</td> : null}
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
