import { getFixedT } from '~/i18n/i18n.server'
import { isLanguageCode } from '~/i18n/languages'
import { sendMail } from '~/mail/mailer.server'
import { getUserByEmail, insertUser, updatePasswordHash } from '~/users/users.server'
import { RESET_TOKEN_TTL_MS, createResetToken } from './password-reset.server'
import { hashPassword, verifyAgainstDummy, verifyPassword } from './password.server'
import type { AuthProvider } from './provider.server'

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

	async requestPasswordReset(email, { origin, language }) {
		const user = await getUserByEmail(email)
		if (!user || user.locked || !user.password_hash) return
		const token = await createResetToken(user.id)
		const t = getFixedT(isLanguageCode(user.preferred_language) ? user.preferred_language : language)
		const link = `${origin}/account/reset-password?token=${token}`
		await sendMail({
			to: user.email,
			subject: t('resetPassword.mailSubject'),
			text: t('resetPassword.mailBody', { name: user.display_name, link, minutes: RESET_TOKEN_TTL_MS / 60_000 }),
		})
	},

	async createAccount({ password, mustChangePassword, ...profile }) {
		return insertUser({ ...profile, passwordHash: await hashPassword(password), mustChangePassword })
	},
}
