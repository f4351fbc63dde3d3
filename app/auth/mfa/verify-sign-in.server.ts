import { redirect } from '@remix-run/node'
import { recordAudit } from '~/audit/audit.server'
import { getT } from '~/i18n/i18n.server'
import { countSignIn } from '~/server/metrics.server'
import { invalid, parseForm } from '~/utils/form.server'
import { getClientIp } from '~/utils/logger.server'
import { completeSignIn } from '../complete-sign-in.server'
import { beginCodeAttempt, codeSucceeded } from '../throttle.server'
import { codeSchema } from './forms.server'
import { acceptSecondFactorCode } from './mfa.server'
import { notifySecondFactorChange } from './notices.server'
import {
	PENDING_SIGN_IN_MAX_FAILURES,
	claimCodeCheck,
	clearPendingSignInCookie,
	endPendingSignIn,
	getPendingSignIn,
} from './pending-sign-in.server'

const EXPIRED = '/account/login?reason=code-expired'

/**
 * The code step of signing in (`/account/login/verify`): the browser's pending sign-in, a code (TOTP or
 * recovery) throttled like passwords, and only then the session (see completeSignIn).
 */
export async function verifySignInCode(request: Request) {
	const form = await parseForm(request, codeSchema)
	const pending = await getPendingSignIn(request)
	if (!pending) throw redirect(EXPIRED, { headers: { 'Set-Cookie': await clearPendingSignInCookie() } })
	if (!form.ok) return invalid({ errors: form.errors, values: {} })
	const { user } = pending
	const ip = getClientIp()
	const t = await getT(request)

	const attempt = await beginCodeAttempt(user.id, ip)
	if (!attempt.allowed) {
		const { retryAfter } = attempt
		countSignIn('throttled', 'form')
		if (attempt.firstInWindow) await recordAudit({ action: 'auth.mfa_throttled', actor: user, entity: 'user', entityId: user.id, ip })
		return invalid(
			{ formError: t('login.throttled', { count: Math.ceil(retryAfter / 60) }), values: {} },
			{ status: 429, headers: { 'Retry-After': String(retryAfter) } },
		)
	}

	const check = await claimCodeCheck(pending)
	if (check === null) throw redirect(EXPIRED, { headers: { 'Set-Cookie': await clearPendingSignInCookie() } })
	const checked = await acceptSecondFactorCode(user.id, form.data.code)
	if (!checked.ok) {
		countSignIn('failure', 'form')
		await recordAudit({ action: 'auth.mfa_failed', actor: user, entity: 'user', entityId: user.id, ip })
		if (check === PENDING_SIGN_IN_MAX_FAILURES) {
			await endPendingSignIn(pending)
			throw redirect(EXPIRED, { headers: { 'Set-Cookie': await clearPendingSignInCookie() } })
		}
		return invalid({ errors: { code: { key: 'mfa.verify.invalidCode' } }, values: {} })
	}
	await codeSucceeded(user.id, ip)
	// Two requests with the same pending sign-in: only the one that ends it signs in.
	if (!(await endPendingSignIn(pending))) throw redirect(EXPIRED, { headers: { 'Set-Cookie': await clearPendingSignInCookie() } })
	if (checked.method === 'recovery') {
		await recordAudit({ action: 'auth.mfa_recovery_code_used', actor: user, entity: 'user', entityId: user.id, ip })
		await notifySecondFactorChange(user.id, 'recoveryCodeUsed')
	}
	return completeSignIn(request, user, {
		redirectTo: pending.redirectTo,
		secondFactor: checked.method,
		oidc: pending.oidc,
		cookies: [await clearPendingSignInCookie()],
	})
}
