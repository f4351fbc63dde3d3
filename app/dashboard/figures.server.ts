import { STATION_STATUSES } from '~/catalogs/stations'
import { TOOL_STATUSES } from '~/catalogs/tools'
import { getDb, type DB } from '~/db/db.server'

async function countByStatus<Status extends string>(db: DB, table: 'stations' | 'tools', statuses: readonly Status[]) {
	const rows = await db
		.selectFrom(table)
		.select(['status', (eb) => eb.fn.countAll<number>().as('count')])
		.groupBy('status')
		.execute()
	const counts = Object.fromEntries(statuses.map((status) => [status, 0])) as Record<Status, number>
	for (const row of rows) if (row.status in counts) counts[row.status as Status] = Number(row.count)
	return counts
}

export function stationsByStatus(db: DB = getDb()) {
	return countByStatus(db, 'stations', STATION_STATUSES)
}

export function toolsByStatus(db: DB = getDb()) {
	return countByStatus(db, 'tools', TOOL_STATUSES)
}

/** The stations holding the most tools. */
export async function topStationsByTools(limit = 10, db: DB = getDb()) {
	const rows = await db
		.selectFrom('tools')
		.innerJoin('stations', 'stations.id', 'tools.station_id')
		.select(['stations.id', 'stations.code', 'stations.name', (eb) => eb.fn.countAll<number>().as('count')])
		.groupBy(['stations.id', 'stations.code', 'stations.name'])
		.orderBy('count', 'desc')
		.orderBy('stations.code')
		.limit(limit)
		.execute()
	return rows.map((row) => ({ id: row.id, code: row.code, name: row.name, count: Number(row.count) }))
}

/** The latest changes to the catalogs the user may see, from the audit log. */
export async function recentCatalogChanges(entities: ReadonlyArray<'station' | 'tool'>, limit = 8, db: DB = getDb()) {
	if (entities.length === 0) return []
	const rows = await db
		.selectFrom('audit_log')
		.select(['id', 'at', 'action', 'entity', 'entity_id', 'actor_email', 'details'])
		.where('entity', 'in', [...entities])
		.orderBy('at', 'desc')
		.orderBy('id', 'desc')
		.limit(limit)
		.execute()
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
