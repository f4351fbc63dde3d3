import { recordAudit } from '~/audit/audit.server'
import type { Refused } from '~/admin/users.server'
import { getDb, type DB } from '~/db/db.server'
import { auditRefusal, mayManageUser, type Actor } from '~/permissions/delegation.server'
import { getUserById } from '~/users/users.server'
import { getClientIp } from '~/utils/logger.server'
import { revokeAccess } from '../revoke.server'
import { removeSecondFactor } from './mfa.server'
import { notifySecondFactorChange } from './notices.server'

export type ResetSecondFactorResult = { ok: true; sessionsEnded: number } | { ok: false; reason: 'notFound' | 'self' } | Refused

/**
 * An administrator removes a user's second factor (a lost phone, say): the user signs in with the
 * password alone and sets one up again. Subject to the delegation rule (never for a user holding grants
 * the actor lacks), never one's own (turning it off needs a current code), and it ends the user's
 * sessions and API tokens: whoever was signed in with the old factor is out.
 */
export async function resetUserSecondFactor(userId: number, actor: Actor, db: DB = getDb()): Promise<ResetSecondFactorResult> {
	return db.transaction().execute(async (trx): Promise<ResetSecondFactorResult> => {
		const user = await getUserById(userId, trx)
		if (!user) return { ok: false, reason: 'notFound' }
		if (userId === actor.id) return { ok: false, reason: 'self' }
		if (!(await mayManageUser(trx, actor.id, userId))) {
			await auditRefusal(trx, actor, 'userBeyondActor', { entity: 'user', id: userId }, { attempted: 'resetMfa' })
			return { ok: false, reason: 'delegation', refusal: 'userBeyondActor' }
		}
		const hadSecondFactor = await removeSecondFactor(userId, trx)
		const sessionsEnded = await revokeAccess(userId, {}, trx)
		await recordAudit({ action: 'user.mfaReset', actor, entity: 'user', entityId: userId, ip: getClientIp(), details: { email: user.email, hadSecondFactor, sessionsEnded } }, trx)
		await notifySecondFactorChange(userId, 'reset', trx)
		return { ok: true, sessionsEnded }
	})
}
