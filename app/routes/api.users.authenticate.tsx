import type { LoaderFunctionArgs } from '@remix-run/node'
import { recordSignIn } from '~/users/users.server'
import { routeHandle } from '~/permissions/access'
import { apiCredentialsSchema } from '~/auth/mfa/forms.server'
import { refuseApiSignInWithoutCode } from '~/auth/mfa/api-code.server'
import { recordAudit } from '~/audit/audit.server'
import { issueApiToken } from '~/auth/api-token.server'
import { getAuthProvider } from '~/auth/provider.server'
import { passwordSignInAllowed } from '~/auth/oidc/password-policy.server'
import { beginSignInAttempt, signInSucceeded } from '~/auth/throttle.server'
import { countSignIn } from '~/server/metrics.server'
import { getApiT } from '~/i18n/api-language.server'
import {
	answerApi,
	apiMessage,
	type ApiMethods,
	parseApiBody,
	passwordChangeRequired,
	secondFactorRequired,
	toApiUser,
} from '~/utils/api.server'
import { userMustEnrol } from '~/auth/mfa/requirement.server'
import { getClientIp } from '~/utils/logger.server'

export const handle = routeHandle({ public: 'issues a bearer token for valid credentials' })

/**
 * The seed's sign-in call, made real: same throttling and audit as the sign-in page; answers a bearer token.
 * An account with a second factor also sends `code` (TOTP or recovery code).
 */
async function authenticate({ request }: { request: Request }) {
	const t = await getApiT(request)
	const { email, password, code } = await parseApiBody(request, apiCredentialsSchema, t)
	const ip = getClientIp()
	const attempt = await beginSignInAttempt(email, ip)
	if (!attempt.allowed) {
		const { retryAfter } = attempt
		countSignIn('throttled', 'api')
		if (attempt.firstInWindow) await recordAudit({ action: 'auth.sign_in_throttled', actorEmail: email, ip, details: { via: 'api' } })
		return Response.json(
			{ message: t('login.throttled', { count: Math.ceil(retryAfter / 60) }) },
			{ status: 429, headers: { 'Retry-After': String(retryAfter) } },
		)
	}
	const result = await getAuthProvider().signIn(email, password)
	if (!result.ok) {
		countSignIn('failure', 'api')
		await recordAudit({ action: 'auth.sign_in_failed', actorEmail: email, ip, details: { via: 'api' } })
		return apiMessage(request, 'api.incorrectCredentials', { status: 400 })
	}
	await signInSucceeded(email, ip)
	if (!(await passwordSignInAllowed(result.user))) {
		countSignIn('failure', 'api')
		await recordAudit({
			action: 'auth.sign_in_failed',
			actor: result.user,
			entity: 'user',
			entityId: result.user.id,
			ip,
			details: { via: 'api', reason: 'passwordsOff' },
		})
		return apiMessage(request, 'login.passwordsNotAllowed', { status: 403 })
	}
	const refused = await refuseApiSignInWithoutCode(result.user, code, ip, t)
	if (refused) return refused
	countSignIn('success', 'api')
	const { user } = result
	const refuseToken = (reason: 'mustChangePassword' | 'secondFactorRequired') =>
		recordAudit({ action: 'auth.api_token_refused', actor: user, entity: 'user', entityId: user.id, ip, details: { reason } })
	if (user.must_change_password) {
		await refuseToken('mustChangePassword')
		return passwordChangeRequired(request)
	}
	if (await userMustEnrol(user.id)) {
		await refuseToken('secondFactorRequired')
		return secondFactorRequired(request)
	}
	const token = await issueApiToken(result.user.id, { ip, userAgent: request.headers.get('User-Agent') })
	await recordSignIn(result.user.id)
	await recordAudit({ action: 'auth.sign_in', actor: result.user, entity: 'user', entityId: result.user.id, ip, details: { via: 'api' } })
	return Response.json({ ...toApiUser(result.user), token })
}

export const methods = { POST: authenticate } satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
