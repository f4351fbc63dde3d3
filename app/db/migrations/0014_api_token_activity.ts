import type { Kysely } from 'kysely'

/**
 * Where each API token was issued (the client's address and user agent), to show it on the security
 * page; tokens issued before this version have neither. `last_used_at` (NULL until first use) and
 * `created_at` already give the idle timeout its start.
 */
export function apiTokenActivity() {
	return {
		async up(db: Kysely<unknown>) {
			// One column per statement: SQLite adds a single column per ALTER TABLE.
			await db.schema.alterTable('api_tokens').addColumn('ip', 'varchar(64)').execute()
			await db.schema.alterTable('api_tokens').addColumn('user_agent', 'varchar(512)').execute()
		},
	}
}
