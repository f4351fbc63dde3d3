import type { Kysely } from 'kysely'

/**
 * When each account last signed in (0: never), for the users list and the optional lock of unused
 * accounts. Accounts that signed in before this version start from their newest session, if any.
 */
export function lastSignIn() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.alterTable('users')
				.addColumn('last_sign_in_at', 'bigint', (c) => c.notNull().defaultTo(0))
				.execute()
			const kdb = db as Kysely<{ users: { id: number; last_sign_in_at: number }; sessions: { user_id: number; created_at: number } }>
			await kdb
				.updateTable('users')
				.set((eb) => ({
					last_sign_in_at: eb.fn.coalesce(
						eb
							.selectFrom('sessions')
							.select((inner) => inner.fn.max('sessions.created_at').as('latest'))
							.whereRef('sessions.user_id', '=', 'users.id'),
						eb.lit(0),
					),
				}))
				.execute()
		},
	}
}
