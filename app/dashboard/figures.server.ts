import { STATION_STATUSES } from '~/catalogs/stations'
import { TOOL_STATUSES } from '~/catalogs/tools'
import { getDb, type DB } from '~/db/db.server'

/**
 * The figures below are read from counters the database keeps on every catalog write (migration 0007):
 * no count over the catalogs, and exact as soon as the write commits, on every instance.
 */
async function countByStatus<Status extends string>(db: DB, catalog: 'stations' | 'tools', statuses: readonly Status[]) {
	const rows = await db.selectFrom('catalog_status_counts').select(['status', 'total']).where('catalog', '=', catalog).execute()
	const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<Status, number>
	for (const row of rows) if (row.status in counts) counts[row.status as Status] = Number(row.total)
	return counts
}

export function stationsByStatus(db: DB = getDb()) {
	return countByStatus(db, 'stations', STATION_STATUSES)
}

export function toolsByStatus(db: DB = getDb()) {
	return countByStatus(db, 'tools', TOOL_STATUSES)
}

/** The stations holding the most tools, ties by code: the first entries of one index. */
export function topStationsQuery(limit: number, db: DB = getDb()) {
	return db
		.selectFrom('station_tool_counts')
		.innerJoin('stations', 'stations.id', 'station_tool_counts.station_id')
		.select(['stations.id', 'station_tool_counts.code', 'stations.name', 'station_tool_counts.tool_count'])
		.where('station_tool_counts.tool_count', '>', 0)
		.orderBy('station_tool_counts.tool_count', 'desc')
		.orderBy('station_tool_counts.code', 'asc')
		.limit(limit)
}

export async function topStationsByTools(limit = 10, db: DB = getDb()) {
	const rows = await topStationsQuery(limit, db).execute()
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

/** The latest changes to the catalogs the user may see, from the audit log: each catalog's newest, merged. */
export async function recentCatalogChanges(entities: ReadonlyArray<'station' | 'tool'>, limit = 8, db: DB = getDb()) {
	const perCatalog = await Promise.all(entities.map((entity) => recentChangesQuery(entity, limit, db).execute()))
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
		return { id: row.id, at: row.at, action: row.action, entity: row.entity as 'station' | 'tool', entityId: row.entity_id, actor: row.actor_email, code }
	})
}
