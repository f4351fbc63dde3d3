import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

/**
 * "Forgot password" requests waiting for the background (decision 0042): the page only writes a row, the
 * same for every address, and a worker resolves the account, issues the token and writes the mail.
 */
export function passwordResetRequests(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('password_reset_requests'), dialect)
				.addColumn('email', 'varchar(254)', (c) => c.notNull())
				.addColumn('origin', 'varchar(2048)', (c) => c.notNull())
				.addColumn('language', 'varchar(8)', (c) => c.notNull())
				.addColumn('requested_at', 'bigint', (c) => c.notNull())
				.addColumn('claimed_at', 'bigint')
				.addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
				.execute()
		},
	}
}
