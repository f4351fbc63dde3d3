import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

/**
 * The second factor (TOTP, RFC 6238): one row per user who set it up or is setting it up (unconfirmed
 * until a first code is right), its single-use recovery codes (hashed), and the sign-ins waiting for a
 * code after the password was accepted (a cookie holds the key, the table its hash).
 */
export function secondFactor(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('user_mfa')
				.addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
				.addColumn('secret_encrypted', 'text', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('confirmed_at', 'bigint')
				.addColumn('last_used_step', 'bigint', (c) => c.notNull().defaultTo(0))
				.execute()
			await idColumn(db.schema.createTable('mfa_recovery_codes'), dialect)
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('used_at', 'bigint')
				.execute()
			await db.schema.createIndex('mfa_recovery_codes_user').on('mfa_recovery_codes').column('user_id').execute()
			await db.schema
				.createTable('mfa_pending_sign_ins')
				.addColumn('id_hash', 'varchar(64)', (c) => c.primaryKey())
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('redirect_to', 'varchar(2048)', (c) => c.notNull())
				.addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('expires_at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema.createIndex('mfa_pending_sign_ins_expires_at').on('mfa_pending_sign_ins').column('expires_at').execute()
		},
	}
}
