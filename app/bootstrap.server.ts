import { randomBytes } from 'node:crypto'
import { recordAudit } from '~/audit/audit.server'
import { checkPasswordPolicy } from '~/auth/password.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getConfig } from '~/config.server'
import { countUsers, setUserRoles } from '~/users/users.server'
import { logger } from '~/utils/logger.server'

export const DEFAULT_ADMIN_EMAIL = 'admin@example.com'

/**
 * On an empty database, creates the administrator: from ADMIN_EMAIL/ADMIN_PASSWORD, or with a random
 * password printed once and to be changed at first sign-in.
 */
export async function ensureAdministrator() {
	if ((await countUsers()) > 0) return null
	const { email = DEFAULT_ADMIN_EMAIL, password: configured } = getConfig().admin
	if (configured !== undefined) {
		const problem = checkPasswordPolicy(configured, [email])
		if (problem) throw new Error(`ADMIN_PASSWORD does not meet the password policy (${problem}): use 8 to 128 characters that are hard to guess`)
	}
	const password = configured ?? randomBytes(12).toString('base64url')
	const user = await getAuthProvider().createAccount({
		email,
		password,
		displayName: 'Administrator',
		mustChangePassword: configured === undefined,
	})
	await setUserRoles(user.id, ['admin'])
	await recordAudit({ action: 'user.created', actor: null, actorEmail: 'system', entity: 'user', entityId: user.id, details: { email, bootstrap: true } })
	if (configured === undefined) {
		// Printed once, on purpose: the operator needs it for the first sign-in, which forces a change.
		process.stdout.write(
			`\n  Administrator created: ${email}\n  Temporary password:    ${password}\n  (shown only now; it must be changed at first sign-in)\n\n`,
		)
	}
	logger.info('bootstrap.admin_created', { email, passwordFrom: configured === undefined ? 'generated' : 'ADMIN_PASSWORD' })
	return user
}
