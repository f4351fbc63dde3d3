import { isLastActiveAdministrator } from '~/admin/users.server'
import { recordAudit } from '~/audit/audit.server'
import { revokeAccess } from '~/auth/revoke.server'
import { getDb, type DB } from '~/db/db.server'
import { errorFields, logger } from '~/utils/logger.server'

const DAY_MS = 86_400_000

/**
 * Locks the accounts nobody has signed in to for `days` days (counted from their creation when they never
 * did), ends their sessions and API tokens, and audits each lock. The last active administrator is never
 * locked. Returns the ids locked.
 */
export async function lockInactiveAccounts(
	{ days, now = Date.now() }: { days: number; now?: number },
	db: DB = getDb(),
): Promise<number[]> {
	const cutoff = now - days * DAY_MS
	const idle = await db
		.selectFrom('users')
		.select(['id', 'email', 'last_sign_in_at', 'created_at'])
		.where('locked', '=', 0)
		.where('last_sign_in_at', '<', cutoff)
		.where('created_at', '<', cutoff)
		.orderBy('last_sign_in_at')
		.orderBy('id')
		.execute()
	const locked: number[] = []
	for (const user of idle) {
		const done = await db.transaction().execute(async (trx) => {
			if (await isLastActiveAdministrator(user.id, trx)) return false
			const result = await trx
				.updateTable('users')
				.set({ locked: 1, updated_at: now })
				.where('id', '=', user.id)
				.where('locked', '=', 0)
				.executeTakeFirst()
			if (Number(result.numUpdatedRows) !== 1) return false
			const sessionsEnded = await revokeAccess(user.id, {}, trx)
			const lastSignIn = Number(user.last_sign_in_at)
			await recordAudit(
				{
					action: 'user.locked',
					actorEmail: 'system',
					entity: 'user',
					entityId: user.id,
					details: {
						email: user.email,
						reason: 'inactive',
						days,
						lastSignIn: lastSignIn > 0 ? new Date(lastSignIn).toISOString() : null,
						sessionsEnded,
					},
				},
				trx,
			)
			return true
		})
		if (done) locked.push(user.id)
	}
	return locked
}

/** Runs the lock a minute after start-up and then daily; returns a stop function. */
export function scheduleInactiveLock(days: number): () => void {
	const run = () =>
		lockInactiveAccounts({ days })
			.then((ids) => {
				if (ids.length > 0) logger.info('users.inactive_locked', { count: ids.length, days })
			})
			.catch((error) => logger.error('users.inactive_lock_failed', errorFields(error)))
	const first = setTimeout(run, 60_000)
	const daily = setInterval(run, DAY_MS)
	first.unref()
	daily.unref()
	return () => {
		clearTimeout(first)
		clearInterval(daily)
	}
}
