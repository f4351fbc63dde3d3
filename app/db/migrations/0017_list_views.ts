import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

/**
 * Each user's own settings of a list (`list_key` names it, e.g. `stations`): the optional columns they
 * hid, and their saved views (a name and the list's canonical query), kept with the account so they
 * follow it to any browser and outlast a sign-out.
 */
export function listViews(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('list_columns')
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('list_key', 'varchar(40)', (c) => c.notNull())
				.addColumn('hidden', 'text', (c) => c.notNull())
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.addPrimaryKeyConstraint('list_columns_pk', ['user_id', 'list_key'])
				.execute()
			await idColumn(db.schema.createTable('list_views'), dialect)
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('list_key', 'varchar(40)', (c) => c.notNull())
				.addColumn('name', 'varchar(60)', (c) => c.notNull())
				.addColumn('name_key', 'varchar(240)', (c) => c.notNull())
				.addColumn('query', 'text', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema.createIndex('list_views_name').on('list_views').columns(['user_id', 'list_key', 'name_key']).unique().execute()
		},
	}
}
