import type { LoaderFunctionArgs } from '@remix-run/node'
import { recordSignIn } from '~/users/users.server'
import { routeHandle } from '~/permissions/access'
import { apiCredentialsSchema } from '~/auth/mfa/forms.server'
import { refuseApiSignInWithoutCode } from '~/auth/mfa/api-code.server'
import { recordAudit } from '~/audit/audit.server'
import { issueApiToken } from '~/auth/api-token.server'
import { checkSignInPassword } from '~/auth/password-sign-in.server'
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
 * The seed's sign-in call, made real: the sign-in page's password step (throttling, audit), then a bearer token.
 * An account with a second factor also sends `code` (TOTP or recovery code).
 */
async function authenticate({ request }: { request: Request }) {
	const t = await getApiT(request)
	const { email, password, code } = await parseApiBody(request, apiCredentialsSchema, t)
	const ip = getClientIp()
	const checked = await checkSignInPassword({ email, password }, ip, 'api')
	if (!checked.ok) {
		switch (checked.reason) {
			case 'throttled':
				return Response.json(
					{ message: t('login.throttled', { count: Math.ceil(checked.retryAfter / 60) }) },
					{ status: 429, headers: { 'Retry-After': String(checked.retryAfter) } },
				)
			case 'invalidCredentials':
				return apiMessage(request, 'api.incorrectCredentials', { status: 400 })
			case 'passwordsOff':
				return apiMessage(request, 'login.passwordsNotAllowed', { status: 403 })
		}
	}
	const { user } = checked
	const refused = await refuseApiSignInWithoutCode(user, code, ip, t)
	if (refused) return refused
	countSignIn('success', 'api')
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
	const token = await issueApiToken(user.id, { ip, userAgent: request.headers.get('User-Agent') })
	await recordSignIn(user.id)
	await recordAudit({ action: 'auth.sign_in', actor: user, entity: 'user', entityId: user.id, ip, details: { via: 'api' } })
	return Response.json({ ...toApiUser(user), token })
}

export const methods = { POST: authenticate } satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
