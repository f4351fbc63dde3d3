import { randomBytes } from 'node:crypto'
import { expect } from 'vitest'
import { localProvider } from '~/auth/local-provider.server'
import { toEmail } from '~/users/email.server'
import { setUserRoles } from '~/users/users.server'
import type { ProvinceCode } from '~/catalogs/provinces'
import { TestClient } from './client'

let counter = 0

/** A user in the test database with a policy-valid password and the given roles (a viewer by default). */
export async function createTestUser({
	mustChangePassword = false,
	prefix = 'user',
	roles = ['viewer'] as string[],
	scopes = new Map<string, ProvinceCode[]>() as ReadonlyMap<string, ProvinceCode[]>,
} = {}) {
	counter += 1
	const email = toEmail(`${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`)
	const password = `Test pass ${randomBytes(4).toString('hex')}`
	const user = await localProvider.createAccount({
		email,
		password,
		displayName: `Người dùng ${counter}`,
		mustChangePassword,
	})
	await setUserRoles(user.id, roles, undefined, { scopes })
	return { user, email, password }
}

/**
 * A new account with `roles` (each everywhere, or in the provinces `scopes` gives for it), signed in through the sign-in form in a client of its own (showing pages in
 * `lang` when given, else the default language).
 */
export async function signedInUser(
	server: { url: string },
	roles: string[] = ['viewer'],
	{ lang, scopes }: { lang?: string; scopes?: ReadonlyMap<string, ProvinceCode[]> } = {},
) {
	const account = await createTestUser({ roles, scopes })
	const client = new TestClient(server.url)
	if (lang) client.cookies.set('lang', lang)
	const response = await client.signIn(account.email, account.password)
	await response.text()
	expect(response.status).toBe(302)
	return { ...account, client }
}
