import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

export function accounts(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('users'), dialect)
				.addColumn('email', 'varchar(254)', (c) => c.notNull())
				.addColumn('email_normalized', 'varchar(254)', (c) => c.notNull().unique())
				.addColumn('display_name', 'varchar(200)', (c) => c.notNull())
				.addColumn('first_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
				.addColumn('last_name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
				.addColumn('password_hash', 'varchar(255)')
				.addColumn('external_id', 'varchar(128)', (c) => c.unique())
				.addColumn('locked', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('must_change_password', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('preferred_language', 'varchar(8)')
				.addColumn('password_changed_at', 'bigint')
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.execute()

			await db.schema
				.createTable('sessions')
				.addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('last_seen_at', 'bigint', (c) => c.notNull())
				.addColumn('expires_at', 'bigint', (c) => c.notNull())
				.addColumn('ip', 'varchar(64)')
				.addColumn('user_agent', 'varchar(512)')
				.addColumn('flash', 'text')
				.execute()
			await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute()
			await db.schema.createIndex('sessions_expires_at').on('sessions').column('expires_at').execute()
			await db.schema.createIndex('sessions_last_seen_at').on('sessions').column('last_seen_at').execute()

			await idColumn(db.schema.createTable('audit_log'), dialect)
				.addColumn('at', 'bigint', (c) => c.notNull())
				.addColumn('actor_user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
				.addColumn('actor_email', 'varchar(254)')
				.addColumn('action', 'varchar(64)', (c) => c.notNull())
				.addColumn('entity', 'varchar(64)')
				.addColumn('entity_id', 'varchar(64)')
				.addColumn('ip', 'varchar(64)')
				.addColumn('details', 'text')
				.execute()
			await db.schema.createIndex('audit_log_at').on('audit_log').column('at').execute()
			await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute()
		},
	}
}
