import type { User } from '~/db/schema'
import type { ChangePasswordResult } from './auth-provider'
import { passwordReplaced } from './password-replaced.server'
import { consumeResetToken, findResetUser } from './password-reset.server'
import { getAuthProvider } from './provider.server'
import { clearAccountBackOff } from './throttle.server'

/** A new password set by its owner: through a reset link (signed out), or changed while signed in. */

/**
 * The reset link's form: its token, good once, sets the new password; the account's sign-in back-off is
 * lifted and every session ends (passwordReplaced).
 */
export async function resetPassword(
	{ token, newPassword }: { token: string; newPassword: string },
	ip: string | null,
): Promise<{ ok: true } | { ok: false; reason: 'invalidLink' }> {
	const user = await findResetUser(token)
	if (!user || !(await consumeResetToken(token))) return { ok: false, reason: 'invalidLink' }
	await getAuthProvider().setPassword(user, newPassword, { mustChange: false })
	await clearAccountBackOff(user.email, ip)
	await passwordReplaced(user, { reset: true })
	return { ok: true }
}

/** The signed-in user's new password, the current one given again: the other sessions end, this one (`keepSessionToken`) stays. */
export async function changeOwnPassword(
	user: User,
	{ currentPassword, newPassword }: { currentPassword: string; newPassword: string },
	keepSessionToken: string,
): Promise<ChangePasswordResult> {
	const changed = await getAuthProvider().changePassword(user, currentPassword, newPassword)
	if (!changed.ok) return { ok: false, reason: 'wrongCurrentPassword' }
	await passwordReplaced(user, { changed: { keepSessionToken } })
	return { ok: true }
}
