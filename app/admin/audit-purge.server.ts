import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { getDb, type DB } from '~/db/db.server'
import { recordAudit } from '~/audit/audit.server'
import { errorFields, logger } from '~/utils/logger.server'

// The audit log's retention (AUDIT_RETENTION_DAYS): the expired entries deleted once a day.

/**
 * Rows deleted per statement by the purge: short transactions that other writers can pass between, and on
 * SQLite a short hold of the event loop (about 40 ms with 2,000,000 entries and the log's indexes).
 */
const PURGE_BATCH = 500

/**
 * Deletes the entries older than `retentionDays`, a batch at a time with a turn of the event loop between
 * batches (SQLite's statements run on the server's own thread: a million entries in one go would hold
 * every request for seconds), and records that it did, with how many and up to when. Returns the number
 * deleted.
 */
export async function purgeAuditLog(
	{ retentionDays, now = Date.now(), batchSize = PURGE_BATCH }: { retentionDays: number; now?: number; batchSize?: number },
	db: DB = getDb(),
): Promise<number> {
	const cutoff = now - retentionDays * 86_400_000
	let deleted = 0
	for (;;) {
		const batch = db.selectFrom('audit_log').select('id').where('at', '<', cutoff).orderBy('at').limit(batchSize)
		const result = await db.deleteFrom('audit_log').where('id', 'in', batch).executeTakeFirst()
		const count = Number(result.numDeletedRows)
		deleted += count
		if (count < batchSize) break
		await yieldToEventLoop()
	}
	if (deleted > 0) {
		await recordAudit(
			{
				action: 'audit.purged',
				actorEmail: 'system',
				entity: 'audit',
				details: { deleted, before: new Date(cutoff).toISOString(), retentionDays },
			},
			db,
		)
	}
	return deleted
}

/** Runs the purge now and then once a day; returns a stop function. */
export function scheduleAuditPurge(retentionDays: number): () => void {
	const run = () =>
		purgeAuditLog({ retentionDays })
			.then((deleted) => {
				if (deleted > 0) logger.info('audit.purged', { deleted, retentionDays })
			})
			.catch((error) => logger.error('audit.purge_failed', errorFields(error)))
	const first = setTimeout(run, 60_000)
	const daily = setInterval(run, 86_400_000)
	first.unref()
	daily.unref()
	return () => {
		clearTimeout(first)
		clearInterval(daily)
	}
}
