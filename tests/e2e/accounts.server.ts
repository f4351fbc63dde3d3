import { getAuthProvider } from '~/auth/provider.server'
import { setUserRoles } from '~/users/users.server'

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
