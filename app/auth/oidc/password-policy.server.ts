import { getConfig } from '~/config.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { userHolding } from '~/permissions/delegation.server'

/**
 * Whether the user may sign in with a password beside single sign-on (OIDC_PASSWORDS): everyone (`on`), only
 * holders of all access, the break-glass accounts (`admins`), or nobody (`off`). Checked after the password,
 * so that the answer tells nothing of an account to someone who does not know its password.
 */
export async function passwordSignInAllowed(user: User, db: DB = getDb()): Promise<boolean> {
	const passwords = getConfig().oidc?.passwords ?? 'on'
	if (passwords === 'on') return true
	if (passwords === 'off') return false
	return (await userHolding(db, user.id)).all
}
