import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

export function notifications(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('notifications'), dialect)
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('type', 'varchar(32)', (c) => c.notNull())
				.addColumn('title_key', 'varchar(128)', (c) => c.notNull())
				.addColumn('body_key', 'varchar(128)')
				.addColumn('params', 'text')
				.addColumn('link', 'varchar(512)')
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('read_at', 'bigint')
				.execute()
			await db.schema.createIndex('notifications_user_id').on('notifications').columns(['user_id', 'id']).execute()
			await db.schema.createIndex('notifications_user_unread').on('notifications').columns(['user_id', 'read_at']).execute()
		},
	}
}
