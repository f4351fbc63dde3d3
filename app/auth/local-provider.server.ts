import { getUserByEmail, insertUser, setUserEmail, updatePasswordHash } from '~/users/users.server'
import { sendPasswordResetMail } from './password-reset.server'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.server'
import type { AuthProvider } from './auth-provider'

/** Accounts kept in our own users table, passwords hashed with Argon2id. */
export const localProvider: AuthProvider = {
	name: 'local',

	async signIn(email, password) {
		const user = await getUserByEmail(email)
		if (!user?.password_hash) {
			await verifyAgainstDummy(password)
			return { ok: false }
		}
		const valid = await verifyPassword(user.password_hash, password)
		if (!valid || user.locked) return { ok: false }
		return { ok: true, user }
	},

	async changePassword(user, currentPassword, newPassword) {
		if (!user.password_hash || !(await verifyPassword(user.password_hash, currentPassword))) {
			return { ok: false, reason: 'wrongCurrentPassword' }
		}
		await updatePasswordHash(user.id, await hashPassword(newPassword), { mustChangePassword: false })
		return { ok: true }
	},

	async setPassword(user, newPassword, { mustChange }) {
		await updatePasswordHash(user.id, await hashPassword(newPassword), { mustChangePassword: mustChange })
	},

	async requestPasswordReset(email, options) {
		const user = await getUserByEmail(email)
		if (!user || user.locked || !user.password_hash) return
		await sendPasswordResetMail(user, options)
	},

	async changeEmail(user, email) {
		await setUserEmail(user.id, email)
	},

	async createAccount({ password, mustChangePassword, ...profile }) {
		return insertUser({ ...profile, passwordHash: await hashPassword(password), mustChangePassword })
	},
}
