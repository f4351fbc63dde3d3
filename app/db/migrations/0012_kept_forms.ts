import type { Kysely } from 'kysely'

/**
 * Forms posted after the session had ended, kept for 15 minutes for the browser that posted them (a
 * cookie holds the key, the table its hash) and offered again once the same user has signed in.
 */
export function keptForms() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('kept_forms')
				.addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('path', 'varchar(2048)', (c) => c.notNull())
				.addColumn('fields', 'text', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('expires_at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema.createIndex('kept_forms_expires_at').on('kept_forms').column('expires_at').execute()
		},
	}
}
