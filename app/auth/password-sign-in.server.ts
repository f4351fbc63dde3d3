import { recordAudit } from '~/audit/audit.server'
import type { User } from '~/db/schema'
import { countSignIn } from '~/server/metrics.server'
import type { Email } from '~/users/email.server'
import { hasSecondFactor } from './mfa/mfa.server'
import { passwordSignInAllowed } from './oidc/password-policy.server'
import { getAuthProvider } from './provider.server'
import { beginSignInAttempt, signInSucceeded } from './throttle.server'

/**
 * The password step of a sign-in, on the page (`via: 'form'`) or through the API: the attempt counted (per
 * account and address) before the password is checked, each failure audited and counted, and a password the
 * single sign-on policy does not take for this user refused once it is known to be right. With a second factor
 * (`secondFactor`) the password only opens the code step. The API's audit entries say `via: 'api'`.
 */
export async function checkSignInPassword(
	{ email, password }: { email: Email; password: string },
	ip: string | null,
	via: 'form' | 'api' = 'form',
): Promise<
	| { ok: true; user: User; secondFactor: boolean }
	| { ok: false; reason: 'throttled'; retryAfter: number }
	| { ok: false; reason: 'invalidCredentials' | 'passwordsOff' }
> {
	const viaDetails = via === 'api' ? { via } : undefined
	const attempt = await beginSignInAttempt(email, ip)
	if (!attempt.allowed) {
		countSignIn('throttled', via)
		if (attempt.firstInWindow) await recordAudit({ action: 'auth.sign_in_throttled', actorEmail: email, ip, details: viaDetails })
		return { ok: false, reason: 'throttled', retryAfter: attempt.retryAfter }
	}

	const result = await getAuthProvider().signIn(email, password)
	if (!result.ok) {
		countSignIn('failure', via)
		await recordAudit({ action: 'auth.sign_in_failed', actorEmail: email, ip, details: viaDetails })
		return { ok: false, reason: 'invalidCredentials' }
	}

	const { user } = result
	await signInSucceeded(email, ip)
	if (!(await passwordSignInAllowed(user))) {
		countSignIn('failure', via)
		await recordAudit({
			action: 'auth.sign_in_failed',
			actor: user,
			entity: 'user',
			entityId: user.id,
			ip,
			details: { ...viaDetails, reason: 'passwordsOff' },
		})
		return { ok: false, reason: 'passwordsOff' }
	}
	return { ok: true, user, secondFactor: await hasSecondFactor(user.id) }
}
