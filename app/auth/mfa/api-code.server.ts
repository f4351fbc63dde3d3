import { recordAudit } from '~/audit/audit.server'
import type { User } from '~/db/schema'
import type { TFunction } from 'i18next'
import { countSignIn } from '~/server/metrics.server'
import { beginCodeAttempt, codeSucceeded } from '../throttle.server'
import { acceptSecondFactorCode, hasSecondFactor } from './mfa.server'
import { notifySecondFactorChange } from './notices.server'

/**
 * The API's second step, after the password was accepted: null when the account has no second factor or
 * `code` is right (TOTP or recovery code, used up), else the 401 or 429 to answer.
 */
export async function refuseApiSignInWithoutCode(
	user: User,
	code: string | undefined,
	ip: string | null,
	t: TFunction,
): Promise<Response | null> {
	if (!(await hasSecondFactor(user.id))) return null
	if (!code) return Response.json({ message: t('api.codeRequired') }, { status: 401 })
	const attempt = await beginCodeAttempt(user.id, ip)
	if (!attempt.allowed) {
		countSignIn('throttled', 'api')
		if (attempt.firstInWindow)
			await recordAudit({ action: 'auth.mfa_throttled', actor: user, entity: 'user', entityId: user.id, ip, details: { via: 'api' } })
		return Response.json(
			{ message: t('login.throttled', { count: Math.ceil(attempt.retryAfter / 60) }) },
			{ status: 429, headers: { 'Retry-After': String(attempt.retryAfter) } },
		)
	}
	const checked = await acceptSecondFactorCode(user.id, code)
	if (!checked.ok) {
		countSignIn('failure', 'api')
		await recordAudit({ action: 'auth.mfa_failed', actor: user, entity: 'user', entityId: user.id, ip, details: { via: 'api' } })
		return Response.json({ message: t('api.invalidCode') }, { status: 401 })
	}
	await codeSucceeded(user.id, ip)
	if (checked.method === 'recovery') {
		await recordAudit({
			action: 'auth.mfa_recovery_code_used',
			actor: user,
			entity: 'user',
			entityId: user.id,
			ip,
			details: { via: 'api' },
		})
		await notifySecondFactorChange(user.id, 'recoveryCodeUsed')
	}
	return null
}
