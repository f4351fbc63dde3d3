import { recordAudit } from '~/audit/audit.server'
import type { SignInSecondFactor, User } from '~/db/schema'
import { languageCookie } from '~/i18n/language.server'
import { isLanguageCode } from '~/i18n/languages'
import { renewedCsrfCookie } from '~/security/csrf.server'
import { countSignIn } from '~/server/metrics.server'
import { recordSignIn } from '~/users/users.server'
import { getClientIp } from '~/utils/logger.server'
import { safeRedirect } from '~/utils/redirect'
import { rememberBrowser } from './device-cookie.server'
import { SECURITY_PATH, userMustEnrol } from './mfa/requirement.server'
import { CHANGE_PASSWORD_PATH, createSession, type OidcSessionLink } from './session.server'

export interface CompletedSignIn {
	/** Where to go after signing in (checked here: only a path of this site). */
	redirectTo: string | null | undefined
	/** The second factor that completed the sign-in, when one was asked for (kept with the session). */
	secondFactor?: SignInSecondFactor
	/** Set when the user signed in through the OpenID provider (kept with the session for sign-out). */
	oidc?: OidcSessionLink | null
	/** More Set-Cookie headers, e.g. the one that ends the wait for a code. */
	cookies?: string[]
}

/**
 * The last step of every sign-in on the site, once the user has proved who they are (the password, and
 * the second factor when they have one): a new session with a new id, a new CSRF token, the audit entry,
 * the browser remembered (a notice when the account has not seen it), the user's language, and the way on (the password change first when one is due).
 * Returns where the browser goes and the cookies it takes with it (a form's `done`; `redirect(to, { headers })` elsewhere).
 */
export async function completeSignIn(
	request: Request,
	user: User,
	{ redirectTo, secondFactor, oidc = null, cookies = [] }: CompletedSignIn,
): Promise<{ redirect: string; headers: Headers }> {
	countSignIn('success', 'form')
	await recordSignIn(user.id)
	const sessionCookie = await createSession(request, user, { oidc, secondFactor })
	const details = { ...(secondFactor ? { secondFactor } : {}), ...(oidc ? { via: 'oidc' } : {}) }
	await recordAudit({
		action: 'auth.sign_in',
		actor: user,
		entity: 'user',
		entityId: user.id,
		ip: getClientIp(),
		...(Object.keys(details).length > 0 ? { details } : {}),
	})
	// After the second factor: a stranger who has only the password does not get a browser remembered.
	const deviceCookie = await rememberBrowser(request, user)
	const destination = user.must_change_password
		? CHANGE_PASSWORD_PATH
		: (await userMustEnrol(user.id, secondFactor))
			? SECURITY_PATH
			: safeRedirect(redirectTo, '/')
	const headers = new Headers({ 'Set-Cookie': sessionCookie })
	headers.append('Set-Cookie', deviceCookie)
	headers.append('Set-Cookie', renewedCsrfCookie())
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	// The language chosen in the profile follows the user to every browser they sign in on.
	if (isLanguageCode(user.preferred_language)) {
		headers.append('Set-Cookie', languageCookie(user.preferred_language, request))
	}
	return { redirect: destination, headers }
}
