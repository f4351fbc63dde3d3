import type { Kysely } from 'kysely'

/** Columns that refer to another row and had no index starting with them. */
const UNINDEXED_REFERENCES = [
	['audit_log', 'actor_user_id'],
	['stations', 'created_by'],
	['stations', 'updated_by'],
	['tools', 'created_by'],
	['tools', 'updated_by'],
	['reference_items', 'created_by'],
	['reference_items', 'updated_by'],
	['announcements', 'created_by'],
	['kept_forms', 'user_id'],
	['mfa_pending_sign_ins', 'user_id'],
] as const

/**
 * Deleting an account sets or deletes every row that refers to it (`ON DELETE SET NULL` / `CASCADE`);
 * without an index on the referring column both databases read the whole table for each deletion: every
 * tool (1,000,000 at full volume) and every audit entry. An index per referring column makes it a lookup.
 */
export function foreignKeyIndexes() {
	return {
		async up(db: Kysely<unknown>) {
			for (const [table, column] of UNINDEXED_REFERENCES)
				await db.schema.createIndex(`${table}_${column}`).on(table).column(column).execute()
		},
	}
}
