import type { Kysely } from 'kysely'

/**
 * The browsers each account has signed in from, recognised by a random id in a signed, long-lived cookie
 * (the table keeps its hash): a sign-in from a browser not listed here is announced to the account's owner.
 */
export function userDevices() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('user_devices')
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('device_hash', 'varchar(64)', (c) => c.notNull())
				.addColumn('first_sign_in_at', 'bigint', (c) => c.notNull())
				.addColumn('last_sign_in_at', 'bigint', (c) => c.notNull())
				.addColumn('user_agent', 'varchar(512)')
				.addColumn('ip', 'varchar(64)')
				.addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_hash'])
				.execute()
		},
	}
}
