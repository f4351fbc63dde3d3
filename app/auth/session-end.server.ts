import { getConfig } from '~/config.server'
import { getDb, type DB } from '~/db/db.server'
import { hashSecretToken } from './secret-token.server'

// Ending sessions by user, by the OpenID provider's logout, or by age (the sign-out of this browser is destroySession).

/** Ends every session of the user except the one whose token is given (a password change keeps this browser). */
export async function destroyOtherSessions(userId: number, keepToken: string | null, db: DB = getDb()) {
	let query = db.deleteFrom('sessions').where('user_id', '=', userId)
	if (keepToken) query = query.where('id_hash', '<>', hashSecretToken(keepToken))
	const result = await query.executeTakeFirst()
	return Number(result.numDeletedRows)
}

/** Ends the sessions a back-channel logout names: the provider's session `sid`, or every session of the user it signed in. */
export async function destroyOidcSessions(target: { sid: string } | { userId: number }, db: DB = getDb()): Promise<number> {
	const query = db.deleteFrom('sessions').where('oidc_sid', 'is not', null)
	const result = await (
		'sid' in target ? query.where('oidc_sid', '=', target.sid) : query.where('user_id', '=', target.userId)
	).executeTakeFirst()
	return Number(result.numDeletedRows)
}

export async function destroyAllSessions(userId: number, db: DB = getDb()) {
	return destroyOtherSessions(userId, null, db)
}

/** Deletes sessions past their absolute lifetime or idle timeout. */
export async function purgeExpiredSessions(db: DB = getDb()) {
	const now = Date.now()
	const result = await db
		.deleteFrom('sessions')
		.where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', now - getConfig().session.idleMs)]))
		.executeTakeFirst()
	return Number(result.numDeletedRows)
}
