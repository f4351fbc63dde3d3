import { sql, type Kysely } from 'kysely'
import type { Dialect } from './helpers'
import { COUNTED_CATALOGS } from './0007_catalog_figures'

/**
 * A deep page of an unfiltered list in code order (`?page=4000`) skips 100,000 entries of an index. The
 * sort index of migration 0003 carries the filter columns and `search_text` (17 MB for 100,000 stations),
 * so PostgreSQL's planner preferred reading the table and sorting it on disk: 71 ms. A narrow
 * `(code, id)` index is read index-only in 12 ms. SQLite already reads its `(code, id, …)` index in order.
 */
export function codeOrderIndexes(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			if (dialect !== 'postgres') return
			for (const table of COUNTED_CATALOGS) {
				await sql`create index ${sql.id(`${table}_code_id`)} on ${sql.table(table)} (code, id)`.execute(db)
			}
		},
	}
}
