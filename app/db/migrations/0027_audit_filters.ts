import type { Kysely } from 'kysely'

/**
 * The audit log's filters by event and by actor read their entries newest first through an index each,
 * and the event filter's choices jump through the first one (issue 36: with 2,000,000 entries each of
 * these read the whole table, about half a second on SQLite).
 */
export function auditFilters() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema.createIndex('audit_log_action_at').on('audit_log').columns(['action', 'at']).execute()
			await db.schema.createIndex('audit_log_actor_email_at').on('audit_log').columns(['actor_email', 'at']).execute()
		},
	}
}
