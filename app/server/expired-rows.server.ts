import { purgeExpiredApiTokens } from '~/auth/api-token.server'
import { purgeExpiredSessions } from '~/auth/session-end.server'
import { getDb, type DB } from '~/db/db.server'
import { startBackgroundTask, type BackgroundTask } from '~/utils/background-task.server'
import { logger } from '~/utils/logger.server'

/** How often the purge runs after the one at start-up. */
export const EXPIRED_ROWS_PURGE_MS = 60 * 60_000

export interface PurgedRows {
	sessions: number
	apiTokens: number
	pendingSignIns: number
	resetLinks: number
	keptForms: number
}

/**
 * Deletes what can no longer be used: sessions and API tokens past their absolute or idle timeout, sign-ins
 * waiting for a second factor, password-reset links and forms kept across a sign-in, past their expiry.
 * Reads check expiry themselves; this keeps the tables from growing without end.
 */
export async function purgeExpiredRows(now = Date.now(), db: DB = getDb()): Promise<PurgedRows> {
	const deleted = (result: { numDeletedRows: bigint }) => Number(result.numDeletedRows)
	return {
		sessions: await purgeExpiredSessions(db),
		apiTokens: await purgeExpiredApiTokens(db),
		pendingSignIns: deleted(await db.deleteFrom('mfa_pending_sign_ins').where('expires_at', '<=', now).executeTakeFirst()),
		resetLinks: deleted(await db.deleteFrom('password_resets').where('expires_at', '<=', now).executeTakeFirst()),
		keptForms: deleted(await db.deleteFrom('kept_forms').where('expires_at', '<=', now).executeTakeFirst()),
	}
}

/** The purge at start-up and then every EXPIRED_ROWS_PURGE_MS, logged when it deleted anything. */
export function startExpiredRowsPurge(): BackgroundTask {
	return startBackgroundTask({
		everyMs: EXPIRED_ROWS_PURGE_MS,
		failedEvent: 'expired_rows.purge_failed',
		async run() {
			const purged = await purgeExpiredRows()
			if (Object.values(purged).some((count) => count > 0)) logger.info('expired_rows.purged', { ...purged })
		},
	})
}
