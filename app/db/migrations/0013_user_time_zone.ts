import type { Kysely } from 'kysely'

/** Each user's own time zone (an IANA name); NULL, every existing account's, follows APP_TIME_ZONE. */
export function userTimeZone() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema.alterTable('users').addColumn('time_zone', 'text').execute()
		},
	}
}
