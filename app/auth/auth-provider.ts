import type { User } from '~/db/schema'
import type { LanguageCode } from '~/i18n/languages'
import type { Email } from '~/users/email.server'

export type SignInResult = { ok: true; user: User } | { ok: false }
export type ChangePasswordResult = { ok: true } | { ok: false; reason: 'wrongCurrentPassword' }

/**
 * Where credentials are checked. Sessions, throttling and audit stay ours whatever the provider,
 * so routes talk to this interface only.
 */
export interface AuthProvider {
	readonly name: 'local' | 'firebase'
	/** Checks an email and password. Unknown email, wrong password and locked account all answer `{ ok: false }`. */
	signIn(email: Email, password: string): Promise<SignInResult>
	changePassword(user: User, currentPassword: string, newPassword: string): Promise<ChangePasswordResult>
	/** Sets a password without knowing the old one (administrator reset, CLI); `mustChange` forces a change at next sign-in. */
	setPassword(user: User, newPassword: string, options: { mustChange: boolean }): Promise<void>
	/**
	 * Emails a password-reset link when the account exists and may sign in; does nothing otherwise.
	 * Called by the background worker after the page has answered (password-reset-requests.server.ts),
	 * so its cost tells nothing. `origin` is this site, e.g. `https://portal.example.com`.
	 */
	requestPasswordReset(email: Email, options: { origin: string; language: LanguageCode }): Promise<void>
	/** Makes `email` the account's sign-in email (with Firebase: there too, first). */
	changeEmail(user: User, email: Email): Promise<void>
	createAccount(input: {
		email: Email
		password: string
		displayName?: string
		firstName?: string
		lastName?: string
		mustChangePassword?: boolean
	}): Promise<User>
}
