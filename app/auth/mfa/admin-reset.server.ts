import { recordAudit, type Actor } from '~/audit/audit.server'
import type { Refused } from '~/admin/users.server'
import { getDb, transaction, type DB } from '~/db/db.server'
import { auditRefusal, mayManageUser } from '~/permissions/delegation.server'
import { getUserById } from '~/users/users.server'
import { getClientIp } from '~/utils/logger.server'
import { revokeAccess } from '../revoke.server'
import { removeSecondFactor } from './mfa.server'
import { notifySecondFactorChange } from './notices.server'

export type ResetSecondFactorResult = { ok: true; sessionsEnded: number } | { ok: false; reason: 'notFound' | 'self' } | Refused

/**
 * An administrator removes a user's second factor (a lost phone, say): the user signs in with the
 * password alone and sets one up again. Subject to the delegation rule (never for a user holding grants
 * the actor lacks), never one's own (turning it off needs a current code); see resetSecondFactor.
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
		return { ok: true, ...(await resetSecondFactor(user, { actor, ip: getClientIp() }, trx)) }
	})
}

/**
 * Removes a user's second factor and recovery codes and ends the user's sessions and API tokens
 * (whoever was signed in with the old factor is out); audited (`user.mfaReset`, by `actor` or, from the
 * command line, `actorEmail`) and told to the user, all or nothing (in `db`'s transaction when it is one).
 * The caller has decided it may.
 */
export async function resetSecondFactor(
	user: { id: number; email: string },
	by: { actor: Actor; ip?: string | null } | { actorEmail: 'cli' },
	db: DB = getDb(),
): Promise<{ hadSecondFactor: boolean; sessionsEnded: number }> {
	const reset = async (trx: DB) => {
		const hadSecondFactor = await removeSecondFactor(user.id, trx)
		const sessionsEnded = await revokeAccess(user.id, {}, trx)
		await recordAudit(
			{ action: 'user.mfaReset', ...by, entity: 'user', entityId: user.id, details: { email: user.email, hadSecondFactor, sessionsEnded } },
			trx,
		)
		await notifySecondFactorChange(user.id, 'reset', trx)
		return { hadSecondFactor, sessionsEnded }
	}
	return db.isTransaction ? reset(db) : transaction(reset, db)
}
