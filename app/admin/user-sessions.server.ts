import { recordAudit, type Actor } from '~/audit/audit.server'
import { endSessionByReference, getSessionEntries, type SessionEntry } from '~/auth/session-list.server'
import { getDb, type DB } from '~/db/db.server'
import { notify } from '~/notifications/notifications.server'
import { sessionsEndedNotice } from '~/notifications/access-notices.server'
import { auditRefusal, mayManageUser } from '~/permissions/delegation.server'
import { getClientIp } from '~/utils/logger.server'
import type { Refused } from './users.server'

/** A user's sessions on the administration page; the administrator's own browser is marked when it is theirs. */
export function getUserSessions(userId: number, actorSessionIdHash: string | null, db: DB = getDb()): Promise<SessionEntry[]> {
	return getSessionEntries(userId, actorSessionIdHash, db)
}

export type RevokeSessionResult = { ok: true } | { ok: false; reason: 'notFound' } | { ok: false; reason: 'sessionNotFound' } | Refused

/**
 * Ends one session of a user, named by its reference (never the administrator's own browser: that signs
 * out with the sign-out form). Subject to the delegation rule; audited; the user is told.
 */
export async function revokeAdminUserSession(
	userId: number,
	reference: string,
	actor: Actor,
	{ keepIdHash }: { keepIdHash: string | null },
	db: DB = getDb(),
): Promise<RevokeSessionResult> {
	return db.transaction().execute(async (trx): Promise<RevokeSessionResult> => {
		const user = await trx.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst()
		if (!user) return { ok: false, reason: 'notFound' }
		if (!(await mayManageUser(trx, actor.id, userId))) {
			await auditRefusal(trx, actor, 'userBeyondActor', { entity: 'user', id: userId }, { attempted: 'revokeSession' })
			return { ok: false, reason: 'delegation', refusal: 'userBeyondActor' }
		}
		const ended = await endSessionByReference(userId, reference, { keepIdHash }, trx)
		if (!ended) return { ok: false, reason: 'sessionNotFound' }
		await notify(userId, sessionsEndedNotice(1), trx)
		await recordAudit(
			{
				action: 'user.sessionRevoked',
				actor,
				entity: 'user',
				entityId: userId,
				ip: getClientIp(),
				details: { email: user.email, session: ended },
			},
			trx,
		)
		return { ok: true }
	})
}
