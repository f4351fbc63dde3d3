import { randomBytes } from 'node:crypto'
import { localProvider } from '~/auth/local-provider.server'
import { setUserRoles } from '~/users/users.server'

let counter = 0

/** A user in the test database with a policy-valid password and the given roles (a viewer by default). */
export async function createTestUser({ mustChangePassword = false, prefix = 'user', roles = ['viewer'] as string[] } = {}) {
	counter += 1
	const email = `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`
	const password = `Test pass ${randomBytes(4).toString('hex')}`
	const user = await localProvider.createAccount({
		email,
		password,
		displayName: `Người dùng ${counter}`,
		mustChangePassword,
	})
	await setUserRoles(user.id, roles)
	return { user, email, password }
}
