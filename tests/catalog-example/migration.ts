import type { Kysely } from 'kysely'
import { createCatalogTable, type Dialect } from '~/db/migrations/helpers'

/** The gauges' table: the columns, indexes and triggers every catalog's table has, and a kind and a capacity. */
export function gauges(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await createCatalogTable(db, dialect, 'gauges', {
				columns: (table) => table.addColumn('kind', 'varchar(16)', (c) => c.notNull()).addColumn('capacity', 'integer', (c) => c.notNull()),
				sortColumns: ['kind', 'capacity'],
			})
		},
	}
}
