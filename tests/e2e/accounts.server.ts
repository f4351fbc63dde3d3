import { createResetToken } from '~/auth/password-reset.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getUserByEmail, setUserRoles } from '~/users/users.server'

/**
 * Creates an account as the CLI's `users:create` does: through the configured provider (Firebase
 * included), then its roles. Loaded by tsx into a Playwright worker whose environment is the server's
 * (see `createUser` in support.ts).
 */
export async function createAccountWithRoles(
	input: { email: string; password: string; displayName: string; mustChangePassword: boolean },
	roles: readonly string[],
): Promise<void> {
	const account = await getAuthProvider().createAccount(input)
	await setUserRoles(account.id, roles)
}

/** The path of a fresh password-reset link for the account, as the reset email carries it. */
export async function resetPasswordPath(email: string): Promise<string> {
	const user = await getUserByEmail(email)
	if (!user) throw new Error(`no account ${email}`)
	return `/account/reset-password?token=${encodeURIComponent(await createResetToken(user.id))}`
}
