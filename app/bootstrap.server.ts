import { ADMIN_ROLE, countActiveAdministrators, generatePassword } from '~/admin/users.server'
import { recordAudit } from '~/audit/audit.server'
import { checkPasswordPolicy } from '~/auth/password.server'
import { getAuthProvider } from '~/auth/provider.server'
import { revokeAccess } from '~/auth/revoke.server'
import { getConfig } from '~/config.server'
import type { Email } from '~/users/email.server'
import { handOverPassword } from '~/users/initial-password.server'
import { getUserByEmail, getUserRoles, setUserLocked, setUserRoles, updateProfile, type User } from '~/users/users.server'
import { logger } from '~/utils/logger.server'

/**
 * The names an administrator account made here gets when none are given, so that clients reading
 * `firstName`/`lastName` (the account API) show something: "Portal Administrator".
 */
export const ADMIN_NAMES = { givenName: 'Portal', familyName: 'Administrator' } as const

export class AdministratorPasswordError extends Error {}

export interface AdministratorGranted {
	user: User
	created: boolean
	unlocked: boolean
	/** The password now set; `generated` when it was made here (to be shown once, and changed at first sign-in). */
	password: string
	generated: boolean
}

/**
 * Makes `email` an administrator who can sign in: the account is created when missing, unlocked when
 * locked, given the `admin` role besides its others, and its password set to `password` or, without
 * one, to a random one that must be changed at first sign-in (an existing account's sessions and tokens
 * end with its old password). Audited as done by `by`.
 */
export async function grantAdministrator({
	email,
	password,
	givenName,
	familyName,
	by,
}: {
	email: Email
	password?: string
	/** Set on the account when given; a new account without them gets ADMIN_NAMES and the display name "Administrator". */
	givenName?: string
	familyName?: string
	by: 'system' | 'cli'
}): Promise<AdministratorGranted> {
	if (password !== undefined) {
		const problem = checkPasswordPolicy(password, [email])
		if (problem)
			throw new AdministratorPasswordError(
				`the administrator's password does not meet the policy (${problem}): use 8 to 128 characters that are hard to guess`,
			)
	}
	const generated = password === undefined
	const newPassword = password ?? generatePassword()
	const provider = getAuthProvider()
	const existing = await getUserByEmail(email)
	if (!existing) {
		const named = givenName !== undefined || familyName !== undefined
		const user = await provider.createAccount({
			email,
			password: newPassword,
			// Without names, the display name says what the account is; with them, it is made from them.
			displayName: named ? undefined : 'Administrator',
			firstName: named ? givenName : ADMIN_NAMES.givenName,
			lastName: named ? familyName : ADMIN_NAMES.familyName,
			mustChangePassword: generated,
		})
		await setUserRoles(user.id, [ADMIN_ROLE])
		await recordAudit({
			action: 'user.created',
			actor: null,
			actorEmail: by,
			entity: 'user',
			entityId: user.id,
			details: { email, roles: [ADMIN_ROLE], bootstrap: true },
		})
		return { user, created: true, unlocked: false, password: newPassword, generated }
	}
	const roles = (await getUserRoles(existing.id)).map((role) => role.code)
	if (!roles.includes(ADMIN_ROLE)) await setUserRoles(existing.id, [...roles, ADMIN_ROLE])
	const unlocked = Boolean(existing.locked)
	if (unlocked) await setUserLocked(existing.id, false)
	if (givenName !== undefined || familyName !== undefined) await updateProfile(existing.id, { firstName: givenName, lastName: familyName })
	await provider.setPassword(existing, newPassword, { mustChange: generated })
	await revokeAccess(existing.id)
	await recordAudit({
		action: 'user.administrator_granted',
		actor: null,
		actorEmail: by,
		entity: 'user',
		entityId: existing.id,
		details: { email, roles: [...new Set([...roles, ADMIN_ROLE])], unlocked, passwordFrom: generated ? 'generated' : 'given' },
	})
	return { user: { ...existing, locked: 0 }, created: false, unlocked, password: newPassword, generated }
}

/**
 * At start-up: when no unlocked account holds `admin` (an empty database, demo data seeded before the
 * first start, the last administrator locked or removed by hand), the account named by ADMIN_EMAIL
 * becomes one (see grantAdministrator), with ADMIN_PASSWORD or a generated password (see handOverPassword).
 * Nothing happens while an administrator exists. Returns what was done, or null.
 */
export async function ensureAdministrator(): Promise<AdministratorGranted | null> {
	if ((await countActiveAdministrators()) > 0) return null
	const { email, password } = getConfig().admin
	let granted: AdministratorGranted
	try {
		granted = await grantAdministrator({ email, password, by: 'system' })
	} catch (error) {
		if (error instanceof AdministratorPasswordError) throw new Error(`ADMIN_PASSWORD: ${error.message}`)
		throw error
	}
	// The operator needs a generated password for the first sign-in (which forces a change), but the log
	// stream (the journal) is no place for it: a terminal, or a file only the portal's user reads.
	if (granted.generated && handOverPassword(granted.user, granted.password).to === 'terminal') {
		process.stdout.write(
			`\n  Administrator ${granted.created ? 'created' : 'restored'}: ${email}\n  Temporary password:    ${granted.password}\n  (shown only now; it must be changed at first sign-in)\n\n`,
		)
	}
	logger.info(granted.created ? 'bootstrap.admin_created' : 'bootstrap.admin_restored', {
		email,
		unlocked: granted.unlocked,
		passwordFrom: granted.generated ? 'generated' : 'ADMIN_PASSWORD',
	})
	return granted
}
