import { recordAudit } from '~/audit/audit.server'
import { countSignIn } from '~/server/metrics.server'
import { beginCodeAttempt, codeSucceeded } from '../throttle.server'
import { acceptSecondFactorCode } from './mfa.server'
import { notifySecondFactorChange } from './notices.server'
import { PENDING_SIGN_IN_MAX_FAILURES, claimCodeCheck, endPendingSignIn, type PendingSignIn } from './pending-sign-in.server'

/** The pending sign-in is over (used, or too many wrong codes): the password must be given again. */
const EXPIRED = { ok: false, reason: 'expired' } as const

/**
 * The code step of signing in (`/account/login/verify`) for the browser's pending sign-in: a code (TOTP or
 * recovery) throttled like passwords, each check counted against the pending sign-in, which a right code
 * ends. On success the session may be made (completeSignIn) with the method that proved it.
 */
export async function checkSignInCode(
	pending: PendingSignIn,
	code: string,
	ip: string | null,
): Promise<
	| { ok: true; method: 'totp' | 'recovery' }
	| { ok: false; reason: 'throttled'; retryAfter: number }
	| { ok: false; reason: 'wrongCode' }
	| typeof EXPIRED
> {
	const { user } = pending
	const attempt = await beginCodeAttempt(user.id, ip)
	if (!attempt.allowed) {
		countSignIn('throttled', 'form')
		if (attempt.firstInWindow) await recordAudit({ action: 'auth.mfa_throttled', actor: user, entity: 'user', entityId: user.id, ip })
		return { ok: false, reason: 'throttled', retryAfter: attempt.retryAfter }
	}

	const check = await claimCodeCheck(pending)
	if (check === null) return EXPIRED
	const checked = await acceptSecondFactorCode(user.id, code)
	if (!checked.ok) {
		countSignIn('failure', 'form')
		await recordAudit({ action: 'auth.mfa_failed', actor: user, entity: 'user', entityId: user.id, ip })
		if (check === PENDING_SIGN_IN_MAX_FAILURES) {
			await endPendingSignIn(pending)
			return EXPIRED
		}
		return { ok: false, reason: 'wrongCode' }
	}
	await codeSucceeded(user.id, ip)
	// Two requests with the same pending sign-in: only the one that ends it signs in.
	if (!(await endPendingSignIn(pending))) return EXPIRED
	if (checked.method === 'recovery') {
		await recordAudit({ action: 'auth.mfa_recovery_code_used', actor: user, entity: 'user', entityId: user.id, ip })
		await notifySecondFactorChange(user.id, 'recoveryCodeUsed')
	}
	return { ok: true, method: checked.method }
}
