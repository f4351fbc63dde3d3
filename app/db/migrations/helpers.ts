import type { CreateTableBuilder } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

/** An auto-incrementing integer primary key named `id`, spelled the way each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
	return dialect === 'sqlite'
		? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
		: table.addColumn('id', 'serial', (c) => c.primaryKey())
}
