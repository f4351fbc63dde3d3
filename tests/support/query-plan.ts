import { sql, type Compilable } from 'kysely'
import { getDatabase } from '~/db/db.server'

/**
 * The query plan, one line: SQLite's EXPLAIN QUERY PLAN, or PostgreSQL's EXPLAIN with sequential scans off
 * (and, with `indexOnly`, every scan that reads the table too: which index serves the query from itself).
 */
export async function planOf(query: Compilable, { indexOnly = false } = {}): Promise<string> {
	const handle = getDatabase()
	const compiled = query.compile()
	if (handle.driver.kind === 'sqlite') {
		const rows = handle.driver.client.prepare(`explain query plan ${compiled.sql}`).all(...(compiled.parameters as unknown[])) as {
			detail: string
		}[]
		return rows.map((row) => row.detail).join(' | ')
	}
	return handle.db.transaction().execute(async (trx) => {
		await sql`set local enable_seqscan = off`.execute(trx)
		if (indexOnly) {
			await sql`set local enable_indexscan = off`.execute(trx)
			await sql`set local enable_bitmapscan = off`.execute(trx)
		}
		const result = await trx.executeQuery<{ 'QUERY PLAN': string }>({ ...compiled, sql: `explain (costs off) ${compiled.sql}` })
		return result.rows.map((row) => row['QUERY PLAN']).join(' | ')
	})
}
