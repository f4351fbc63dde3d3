import { randomBytes } from 'node:crypto'
import { localProvider } from '~/auth/local-provider.server'

let counter = 0

/** A user in the test database with a policy-valid password. */
export async function createTestUser({ mustChangePassword = false, prefix = 'user' } = {}) {
	counter += 1
	const email = `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`
	const password = `Test pass ${randomBytes(4).toString('hex')}`
	const user = await localProvider.createAccount({
		email,
		password,
		displayName: `Người dùng ${counter}`,
		mustChangePassword,
	})
	return { user, email, password }
}
