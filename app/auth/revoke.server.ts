import type { DB } from '~/db/db.server'
import { getDb } from '~/db/db.server'
import { revokeApiTokens } from './api-token.server'
import { destroyOtherSessions } from './session-end.server'

/**
 * Ends a user's access: every session (but the one named by `keepSessionToken`, the browser that
 * changed its own password) and every API token. Returns how many sessions ended. Everything that
 * should end a user's access calls it: password change and reset, email change, locks (by an
 * administrator, the CLI, or for inactivity), "sign out everywhere else", a second-factor reset.
 */
export async function revokeAccess(userId: number, { keepSessionToken = null as string | null } = {}, db: DB = getDb()) {
	const ended = await destroyOtherSessions(userId, keepSessionToken, db)
	await revokeApiTokens(userId, db)
	return ended
}
