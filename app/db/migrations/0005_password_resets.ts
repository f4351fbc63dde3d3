import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

export function passwordResets(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('password_resets'), dialect)
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('expires_at', 'bigint', (c) => c.notNull())
				.addColumn('used_at', 'bigint')
				.execute()
			await db.schema.createIndex('password_resets_user').on('password_resets').column('user_id').execute()
		},
	}
}
