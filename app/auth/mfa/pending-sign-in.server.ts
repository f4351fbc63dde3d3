import { appCookie } from '~/security/app-cookie.server'
import { getDb, type DB } from '~/db/db.server'
import { getUserById } from '~/users/users.server'
import type { User } from '~/db/schema'
import { insertUnderNewKey } from '../keyed-rows.server'
import { hashSecretToken } from '../secret-token.server'
import type { OidcSessionLink } from '../session.server'

/**
 * A sign-in whose password was accepted, waiting for the second factor: a row (user, where to go, codes
 * tried) named by a random key in a signed, httpOnly cookie of this browser, good for five minutes and
 * for one completed sign-in. Without it the code step cannot be reached: the password step cannot be
 * skipped, and once used (or after too many wrong codes) the key is gone.
 */
export const PENDING_SIGN_IN_MS = 5 * 60_000
/** Codes one pending sign-in checks before the password must be given again. */
export const PENDING_SIGN_IN_MAX_FAILURES = 5
export const VERIFY_PATH = '/account/login/verify'
/** Where a browser whose pending sign-in is over (or was never there) starts again, told why. */
export const CODE_EXPIRED_PATH = '/account/login?reason=code-expired'

function pendingCookie() {
	return appCookie('sp_mfa_pending', { maxAgeSeconds: PENDING_SIGN_IN_MS / 1000 })
}

export interface PendingSignIn {
	idHash: string
	user: User
	redirectTo: string
	/** Set when the first step was the OpenID provider's, for the session to keep. */
	oidc: OidcSessionLink | null
}

/** Starts waiting for the user's code; returns the cookie that names the wait. */
export async function beginPendingSignIn(
	userId: number,
	redirectTo: string,
	oidc: OidcSessionLink | null = null,
	now = Date.now(),
	db: DB = getDb(),
): Promise<string> {
	const key = await insertUnderNewKey(
		db,
		'mfa_pending_sign_ins',
		{
			user_id: userId,
			redirect_to: redirectTo,
			created_at: now,
			expires_at: now + PENDING_SIGN_IN_MS,
			oidc_sid: oidc?.sid ?? null,
			oidc_id_token: oidc?.idToken ?? null,
		},
		now,
	)
	return pendingCookie().serialize(key)
}

async function readKey(request: Request): Promise<string | null> {
	const value: unknown = await pendingCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

/** The sign-in this browser is completing, if it is still on (not expired, its user not locked). */
export async function getPendingSignIn(request: Request, now = Date.now(), db: DB = getDb()): Promise<PendingSignIn | null> {
	const key = await readKey(request)
	if (!key) return null
	const idHash = hashSecretToken(key)
	const row = await db.selectFrom('mfa_pending_sign_ins').selectAll().where('id_hash', '=', idHash).executeTakeFirst()
	if (!row) return null
	const user = row.expires_at > now ? await getUserById(row.user_id, db) : undefined
	if (!user || user.locked) {
		await db.deleteFrom('mfa_pending_sign_ins').where('id_hash', '=', idHash).execute()
		return null
	}
	return { idHash, user, redirectTo: row.redirect_to, oidc: row.oidc_id_token ? { sid: row.oidc_sid, idToken: row.oidc_id_token } : null }
}

/**
 * Takes one of the pending sign-in's code checks before the code is checked, with one conditional update
 * (count and limit in the same statement, so simultaneous requests cannot all see the same count): the
 * check's number, from 1 to PENDING_SIGN_IN_MAX_FAILURES, or null when none is left or the wait is over.
 * A right code ends the wait (endPendingSignIn); so does the last wrong one.
 */
export async function claimCodeCheck(pending: PendingSignIn, now = Date.now(), db: DB = getDb()): Promise<number | null> {
	const row = await db
		.updateTable('mfa_pending_sign_ins')
		.set((eb) => ({ failures: eb('failures', '+', 1) }))
		.where('id_hash', '=', pending.idHash)
		.where('failures', '<', PENDING_SIGN_IN_MAX_FAILURES)
		.where('expires_at', '>', now)
		.returning('failures')
		.executeTakeFirst()
	return row ? Number(row.failures) : null
}

/** Ends the wait for good; false when it was already gone (another request completed it first). */
export async function endPendingSignIn(pending: PendingSignIn, db: DB = getDb()): Promise<boolean> {
	const result = await db.deleteFrom('mfa_pending_sign_ins').where('id_hash', '=', pending.idHash).executeTakeFirst()
	return Number(result.numDeletedRows) === 1
}

export function clearPendingSignInCookie(): Promise<string> {
	return pendingCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}
