import { sql } from 'kysely'
import { STATION_STATUSES } from '~/catalogs/stations/stations'
import { TOOL_STATUSES } from '~/catalogs/tools/tools'
import { getDb, type DB } from '~/db/db.server'
import { EVERYWHERE, type ProvinceScope } from '~/permissions/scope'

/**
 * Everywhere, the figures below are read from counters the database keeps on every catalog write
 * (migration 0007): no count over the catalogs, and exact as soon as the write commits, on every
 * instance. Within provinces (decision 0052) they are counted from the province's range of an index.
 */
function statusCounts<Status extends string>(statuses: readonly Status[], rows: { status: string; total: number | string | bigint }[]) {
	const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<Status, number>
	for (const row of rows) if (row.status in counts) counts[row.status as Status] = Number(row.total)
	return counts
}

function countersOf(db: DB, catalog: 'stations' | 'tools') {
	return db.selectFrom('catalog_status_counts').select(['status', 'total']).where('catalog', '=', catalog).execute()
}

/** The provinces of a scope as an `in` list: never empty (an empty scope matches no province). */
const provinceList = (scope: readonly string[]) => (scope.length > 0 ? [...scope] : [''])

export async function stationsByStatus(scope: ProvinceScope = EVERYWHERE, db: DB = getDb()) {
	if (scope === null) return statusCounts(STATION_STATUSES, await countersOf(db, 'stations'))
	const rows = await db
		.selectFrom('stations')
		.select((eb) => ['stations.status', eb.fn.countAll<number>().as('total')])
		.where('stations.province', 'in', provinceList(scope))
		.groupBy('stations.status')
		.execute()
	return statusCounts(STATION_STATUSES, rows)
}

export async function toolsByStatus(scope: ProvinceScope = EVERYWHERE, db: DB = getDb()) {
	if (scope === null) return statusCounts(TOOL_STATUSES, await countersOf(db, 'tools'))
	const rows = await db
		.selectFrom('tools')
		.innerJoin('stations', 'stations.id', 'tools.station_id')
		.select((eb) => ['tools.status', eb.fn.countAll<number>().as('total')])
		.where('stations.province', 'in', provinceList(scope))
		.groupBy('tools.status')
		.execute()
	return statusCounts(TOOL_STATUSES, rows)
}

/** The stations (in the scope) holding the most tools, ties by code: the first entries of one index. */
export function topStationsQuery(limit: number, db: DB = getDb(), scope: ProvinceScope = EVERYWHERE) {
	const query = db
		.selectFrom('station_tool_counts')
		.innerJoin('stations', 'stations.id', 'station_tool_counts.station_id')
		.select(['stations.id', 'station_tool_counts.code', 'stations.name', 'station_tool_counts.tool_count'])
		.where('station_tool_counts.tool_count', '>', 0)
	return (scope === null ? query : query.where('stations.province', 'in', provinceList(scope)))
		.orderBy('station_tool_counts.tool_count', 'desc')
		.orderBy('station_tool_counts.code', 'asc')
		.limit(limit)
}

export async function topStationsByTools(limit = 10, db: DB = getDb(), scope: ProvinceScope = EVERYWHERE) {
	const rows = await topStationsQuery(limit, db, scope).execute()
	return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, count: Number(row.tool_count) }))
}

/** The latest audit entries of one catalog, newest first: a range of the `(entity, at)` index. */
export function recentChangesQuery(entity: 'station' | 'tool', limit: number, db: DB = getDb()) {
	return db
		.selectFrom('audit_log')
		.select(['id', 'at', 'action', 'entity', 'entity_id', 'actor_email', 'details'])
		.where('entity', '=', entity)
		.orderBy('at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
}

/** Within provinces, the changes among this many of a catalog's latest whose record is still in the scope. */
export const SCOPED_CHANGES_LOOKED_AT = 1_000

/** The latest changes to records in the scope: among the catalog's latest, those of a record (still) there. */
function scopedChangesQuery(entity: 'station' | 'tool', limit: number, scope: readonly string[], db: DB) {
	const recordId = sql<number>`cast(recent.entity_id as integer)`
	const there =
		entity === 'station'
			? db
					.selectFrom('stations')
					.select(sql<number>`1`.as('one'))
					.where('stations.id', '=', recordId)
					.where('stations.province', 'in', provinceList(scope))
			: db
					.selectFrom('tools')
					.innerJoin('stations', 'stations.id', 'tools.station_id')
					.select(sql<number>`1`.as('one'))
					.where('tools.id', '=', recordId)
					.where('stations.province', 'in', provinceList(scope))
	return db
		.selectFrom(recentChangesQuery(entity, SCOPED_CHANGES_LOOKED_AT, db).as('recent'))
		.selectAll()
		.where('recent.entity_id', 'is not', null)
		.where((eb) => eb.exists(there))
		.orderBy('recent.at', 'desc')
		.orderBy('recent.id', 'desc')
		.limit(limit)
}

/** The latest changes to the catalogs the user may see, where they may see them, from the audit log: each catalog's newest, merged. */
export async function recentCatalogChanges(
	entities: ReadonlyArray<readonly ['station' | 'tool', ProvinceScope]>,
	limit = 8,
	db: DB = getDb(),
) {
	const perCatalog = await Promise.all(
		entities.map(([entity, scope]) =>
			(scope === null ? recentChangesQuery(entity, limit, db) : scopedChangesQuery(entity, limit, scope, db)).execute(),
		),
	)
	const rows = perCatalog
		.flat()
		.sort((a, b) => b.at - a.at || b.id - a.id)
		.slice(0, limit)
	return rows.map((row) => {
		let code: string | null = null
		try {
			code = (JSON.parse(row.details ?? '{}') as { code?: string }).code ?? null
		} catch {
			/* details without a code */
		}
		return {
			id: row.id,
			at: row.at,
			action: row.action,
			entity: row.entity as 'station' | 'tool',
			entityId: row.entity_id,
			actor: row.actor_email,
			code,
		}
	})
}
