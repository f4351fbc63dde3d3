import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { STATIONS_PATH, STATION_FUNCTION } from '~/catalogs/stations/stations'
import { TOOLS_PATH, TOOL_FUNCTION } from '~/catalogs/tools/tools'
import { DateTime } from '~/components/shell/date-time'
import { donut, horizontalBars, type BarChart, type DonutSlice } from '~/dashboard/charts.server'
import { cachedFigure } from '~/dashboard/figures-cache.server'
import { recentCatalogChanges, stationsByStatus, toolsByStatus, topStationsByTools } from '~/dashboard/figures.server'
import { formatNumber, formatPercent } from '~/i18n/format'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { can } from '~/permissions/grants'
import { requirePermission } from '~/permissions/grants.server'
import { scopeIntersection, scopeKey } from '~/permissions/scope'
import { pageTitle } from '~/utils/meta'
import { Separator } from '~/components/badge'
import { CardSection } from '~/components/card-section'

export const handle = routeHandle({ function: 'DASHBOARD' })

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** Real figures from the catalogs the user may see; each one links to the list it counts. */
export async function loader({ request }: LoaderFunctionArgs) {
	// The catalog version comes with the grants, in the same round trip.
	const { user, grants, catalogVersion: version, scopeOf } = await requirePermission(request, 'DASHBOARD', 'view')
	const seesStations = can(grants, STATION_FUNCTION, 'view')
	const seesTools = can(grants, TOOL_FUNCTION, 'view')
	// Figures of the provinces where the user sees each catalog (decision 0052): kept per scope.
	const stationScope = scopeOf(STATION_FUNCTION, 'view')
	const toolScope = scopeOf(TOOL_FUNCTION, 'view')
	const bothScope = scopeIntersection(stationScope, toolScope)
	const entities = [...(seesStations ? [['station', stationScope] as const] : []), ...(seesTools ? [['tool', toolScope] as const] : [])]
	const changesKey = entities.map(([entity, scope]) => `${entity}@${scopeKey(scope)}`).join(';')
	const [t, stations, tools, topStations, changes] = await Promise.all([
		getT(request),
		seesStations ? cachedFigure(`stations-by-status:${scopeKey(stationScope)}`, version, () => stationsByStatus(stationScope)) : null,
		seesTools ? cachedFigure(`tools-by-status:${scopeKey(toolScope)}`, version, () => toolsByStatus(toolScope)) : null,
		seesStations && seesTools
			? cachedFigure(`top-stations:${scopeKey(bothScope)}`, version, () => topStationsByTools(10, undefined, bothScope))
			: null,
		cachedFigure(`recent-changes:${changesKey}`, version, () => recentCatalogChanges(entities)),
	])
	return {
		title: t('dashboard.title'),
		displayName: user.display_name,
		stations,
		tools,
		toolsDonut: tools ? donut(Object.entries(tools).map(([key, value]) => ({ key, value }))) : null,
		topStations: topStations
			? {
					rows: topStations,
					chart: horizontalBars(
						topStations.map((s) => ({ key: String(s.id), label: `${s.code} · ${s.name}`, value: s.count })),
						{ labelWidth: 250 },
					),
				}
			: null,
		changes,
	}
}

const STATUS_TONE: Record<string, string> = {
	active: 'success',
	maintenance: 'warning',
	inactive: 'secondary',
	in_use: 'primary',
	in_stock: 'success',
	repair: 'warning',
	retired: 'secondary',
}

export default function DashboardPage() {
	const { t, i18n } = useTranslation()
	const data = useLoaderData<typeof loader>()
	const number = (value: number) => formatNumber(value, i18n.language)
	return (
		<div className="page dashboard">
			<h1 className="h3">{t('dashboard.title')}</h1>
			<p className="lead">{t('dashboard.welcome', { name: data.displayName })}</p>
			<div className="row g-3 mb-3">
				{data.stations ? (
					<StatusCard
						title={t('dashboard.stations')}
						total={Object.values(data.stations).reduce((a, b) => a + b, 0)}
						counts={data.stations}
						listPath={STATIONS_PATH}
						label={(status) => t(`stations.statuses.${status}`)}
						format={number}
					/>
				) : null}
				{data.tools ? (
					<StatusCard
						title={t('dashboard.tools')}
						total={Object.values(data.tools).reduce((a, b) => a + b, 0)}
						counts={data.tools}
						listPath={TOOLS_PATH}
						label={(status) => t(`tools.statuses.${status}`)}
						format={number}
					/>
				) : null}
			</div>
			<div className="row g-3">
				{data.tools && data.toolsDonut ? (
					<CardSection id="tools-by-status" heading={t('dashboard.toolsByStatus')} className="col-lg-5" cardClassName="h-100">
						{data.toolsDonut.length === 0 ? (
							<p className="text-body-secondary">{t('dashboard.noTools')}</p>
						) : (
							<Donut slices={data.toolsDonut} label={(key) => t(`tools.statuses.${key}`)} format={number} />
						)}
					</CardSection>
				) : null}
				{data.topStations ? (
					<CardSection id="tools-per-station" heading={t('dashboard.toolsPerStation')} className="col-lg-7" cardClassName="h-100">
						{data.topStations.rows.length === 0 ? (
							<p className="text-body-secondary">{t('dashboard.noAssignedTools')}</p>
						) : (
							<Bars chart={data.topStations.chart} format={number} summary={t('dashboard.toolsPerStationSummary')} />
						)}
					</CardSection>
				) : null}
				{data.stations || data.tools ? (
					<CardSection id="recent-changes" heading={t('dashboard.recentChanges')} className="col-12">
						{data.changes.length === 0 ? (
							<p className="text-body-secondary mb-0">{t('dashboard.noChanges')}</p>
						) : (
							<ul className="list-unstyled mb-0 recent-changes">
								{data.changes.map((change) => {
									const verb = change.action.split('.')[1] ?? 'updated'
									const text = t(`dashboard.actions.${verb}`, {
										entity: t(`dashboard.entities.${change.entity}`),
										code: change.code ?? change.entityId ?? '',
									})
									const list = change.entity === 'station' ? STATIONS_PATH : TOOLS_PATH
									return (
										<li key={change.id}>
											<DateTime at={change.at} className="text-body-secondary small me-2" />
											{verb === 'deleted' ? (
												<span>{text}</span>
											) : (
												<Link to={verb === 'imported' || !change.entityId ? list : `${list}/${change.entityId}`}>{text}</Link>
											)}
											{change.actor ? <span className="text-body-secondary small ms-2">{change.actor}</span> : null}
										</li>
									)
								})}
							</ul>
						)}
					</CardSection>
				) : (
					<p className="col-12">{t('dashboard.nothingToShow')}</p>
				)}
			</div>
		</div>
	)
}

function StatusCard<Status extends string>({
	title,
	total,
	counts,
	listPath,
	label,
	format,
}: {
	title: string
	total: number
	counts: Record<Status, number>
	listPath: string
	label: (status: Status) => string
	format: (value: number) => string
}) {
	const { t } = useTranslation()
	return (
		<section className="col-md-6" aria-label={title}>
			<div className="card card-body h-100">
				<div className="d-flex justify-content-between align-items-baseline">
					<h2 className="h5 mb-0">{title}</h2>
					<Link to={listPath} className="dashboard__total" aria-label={t('dashboard.totalOf', { title, total: format(total) })}>
						{format(total)}
					</Link>
				</div>
				<ul className="dashboard__statuses list-unstyled mb-0 mt-2">
					{(Object.entries(counts) as Array<[Status, number]>).map(([status, count]) => (
						<li key={status}>
							<Link to={`${listPath}?status=${status}`} className="d-flex justify-content-between">
								<span>
									<span className={`status-dot bg-${STATUS_TONE[status] ?? 'secondary'} me-2`} aria-hidden="true" />
									{label(status)}
								</span>
								<Separator text=": " />
								<span className="fw-semibold">{format(count)}</span>
							</Link>
						</li>
					))}
				</ul>
			</div>
		</section>
	)
}

const DONUT_COLORS = ['#3452c9', '#1f8a5b', '#b7791f', '#6c757d', '#8e44ad', '#c0392b']

function Donut({ slices, label, format }: { slices: DonutSlice[]; label: (key: string) => string; format: (value: number) => string }) {
	const { t, i18n } = useTranslation()
	const percent = (slice: DonutSlice) => formatPercent(slice.percent, i18n.language)
	const description = slices.map((slice) => `${label(slice.key)}: ${format(slice.value)} (${percent(slice)})`).join('; ')
	return (
		<figure className="d-flex flex-wrap gap-3 align-items-center mb-0">
			<svg viewBox="-90 -90 180 180" width="180" height="180" role="img" aria-label={`${t('dashboard.toolsByStatus')}: ${description}`}>
				{slices.map((slice, index) => (
					<path key={slice.key} d={slice.path} fill={DONUT_COLORS[index % DONUT_COLORS.length]} />
				))}
			</svg>
			<figcaption>
				<ul className="list-unstyled mb-0">
					{slices.map((slice, index) => (
						<li key={slice.key}>
							<span className="legend-swatch" data-color={index % DONUT_COLORS.length} aria-hidden="true" />
							<Link to={`${TOOLS_PATH}?status=${slice.key}`}>{label(slice.key)}</Link>: {format(slice.value)} ({percent(slice)})
						</li>
					))}
				</ul>
			</figcaption>
		</figure>
	)
}

function Bars({ chart, format, summary }: { chart: BarChart; format: (value: number) => string; summary: string }) {
	const { t } = useTranslation()
	const width = chart.labelWidth + chart.plotWidth + 16
	return (
		<figure className="mb-0 bar-chart-figure">
			<svg viewBox={`0 0 ${width} ${chart.height + 24}`} className="bar-chart" role="group" aria-label={summary}>
				{chart.ticks.map((tick) => (
					<g key={tick.value} transform={`translate(${chart.labelWidth + tick.x},0)`} aria-hidden="true">
						<line y1={0} y2={chart.height} className="bar-chart__grid" />
						<text y={chart.height + 16} textAnchor="middle" className="bar-chart__tick">
							{format(tick.value)}
						</text>
					</g>
				))}
				{chart.bars.map((bar) => (
					<a key={bar.key} href={`${TOOLS_PATH}?stationId=${bar.key}`} aria-label={`${bar.label}: ${format(bar.value)}`}>
						<text
							x={chart.labelWidth - 8}
							y={bar.y + bar.height / 2}
							dominantBaseline="middle"
							textAnchor="end"
							className="bar-chart__label"
						>
							{bar.label.length > 30 ? `${bar.label.slice(0, 29)}…` : bar.label}
						</text>
						<rect x={chart.labelWidth} y={bar.y} width={Math.max(1, bar.width)} height={bar.height} rx={3} className="bar-chart__bar" />
						<text x={chart.labelWidth + bar.width + 4} y={bar.y + bar.height / 2} dominantBaseline="middle" className="bar-chart__value">
							{format(bar.value)}
						</text>
					</a>
				))}
			</svg>
			<table className="table table-sm mb-0 bar-chart__table">
				<caption className="visually-hidden">{t('dashboard.toolsPerStation')}</caption>
				<thead>
					<tr>
						<th scope="col">{t('dashboard.stationColumn')}</th>
						<th scope="col" className="text-end">
							{t('dashboard.toolsColumn')}
						</th>
					</tr>
				</thead>
				<tbody>
					{chart.bars.map((bar) => (
						<tr key={bar.key}>
							<th scope="row" className="fw-normal">
								<a href={`${TOOLS_PATH}?stationId=${bar.key}`}>{bar.label}</a>
							</th>
							<td className="text-end">{format(bar.value)}</td>
						</tr>
					))}
				</tbody>
			</table>
		</figure>
	)
}
