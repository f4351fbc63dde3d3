import { randomBytes } from 'node:crypto'
import { completeSignIn } from '~/auth/complete-sign-in.server'
import { createResetToken } from '~/auth/password-reset.server'
import { getAuthProvider } from '~/auth/provider.server'
import { toEmail } from '~/users/email.server'
import { getUserByEmail, setUserRoles } from '~/users/users.server'
import { requestContext } from '~/utils/logger.server'

/**
 * Creates an account as the CLI's `users:create` does: through the configured provider (Firebase
 * included), then its roles. Loaded by tsx into a Playwright worker whose environment is the server's
 * (see `createUser` in support.ts).
 */
export async function createAccountWithRoles(
	input: { email: string; password: string; displayName: string; mustChangePassword: boolean },
	roles: readonly string[],
): Promise<void> {
	const account = await getAuthProvider().createAccount({ ...input, email: toEmail(input.email) })
	await setUserRoles(account.id, roles)
}

/** The path of a fresh password-reset link for the account, as the reset email carries it. */
export async function resetPasswordPath(email: string): Promise<string> {
	const user = await getUserByEmail(toEmail(email))
	if (!user) throw new Error(`no account ${email}`)
	return `/account/reset-password?token=${encodeURIComponent(await createResetToken(user.id))}`
}

/**
 * The Set-Cookie headers of a sign-in of the account from a browser at 127.0.0.1 that sends `cookie` and
 * `userAgent`: the last step of the sign-in form's action itself (a new session, the audit entry, the
 * browser remembered, a new CSRF token, the user's language), without the password check before it.
 */
export async function signInCookies(
	email: string,
	{ cookie, userAgent, origin }: { cookie: string; userAgent: string; origin: string },
): Promise<string[]> {
	const user = await getUserByEmail(toEmail(email))
	if (!user) throw new Error(`no account ${email}`)
	const request = new Request(new URL('/account/login', origin), { method: 'POST', headers: { Cookie: cookie, 'User-Agent': userAgent } })
	const context = { requestId: randomBytes(8).toString('hex'), clientIp: '127.0.0.1', cspNonce: '', csrfToken: '' }
	const signedIn = await requestContext.run(context, () => completeSignIn(request, user, { redirectTo: '/' }))
	return signedIn.headers.getSetCookie()
}
