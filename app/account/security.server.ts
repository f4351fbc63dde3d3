import { z } from 'zod'
import { recordAudit } from '~/audit/audit.server'
import { listApiTokens, revokeApiToken } from '~/auth/api-token.server'
import { revokeAccess } from '~/auth/revoke.server'
import { endSessionByReference, getSessionEntries } from '~/auth/session-list.server'
import type { requireActiveSession } from '~/auth/session.server'
import { parseUserAgent } from '~/auth/user-agent'
import { getConfig } from '~/config.server'
import type { User } from '~/db/schema'
import { notify } from '~/notifications/notifications.server'
import { sessionsEndedNotice } from '~/notifications/access-notices.server'
import { issue } from '~/utils/form.server'
import { SECURITY_PATH } from './security'

/**
 * The sessions and API tokens part of `/account/security`: what its loader shows, and ending one session,
 * every other one, or one token.
 */

type ActiveSession = Awaited<ReturnType<typeof requireActiveSession>>

/** The user's sessions (this browser's marked) and live API tokens, with where each token was issued. */
export async function getSessionsAndTokens({ user, session }: Pick<ActiveSession, 'user' | 'session'>) {
	const [sessions, tokens] = await Promise.all([getSessionEntries(user.id, session.id_hash), listApiTokens(user.id)])
	const { idleMs, maxMs } = getConfig().apiToken
	return {
		sessions,
		tokens: tokens.map(({ userAgent, ...token }) => {
			const agent = parseUserAgent(userAgent)
			return { ...token, browser: agent.browser, browserVersion: agent.version, os: agent.os }
		}),
		tokenPolicy: { idleMinutes: idleMs / 60_000, maxHours: maxMs / 3_600_000 },
	}
}

export const revokeTokenSchema = z.object({ token: z.string().regex(/^[1-9]\d{0,11}$/, issue('security.tokens.notFound')) })

/** Ends one of the user's other sessions (never `keepIdHash`, this browser's); audited. */
export async function endOwnSession(user: User, reference: string, keepIdHash: string, ip: string | null) {
	const ended = await endSessionByReference(user.id, reference, { keepIdHash })
	if (!ended) return { ok: false, reason: 'sessionNotFound' } as const
	await recordAudit({ action: 'auth.session_revoked', actor: user, entity: 'user', entityId: user.id, ip, details: { session: ended } })
	return { ok: true } as const
}

/** Ends every session and API token of the user but this browser's session; audited, and told in the bell. */
export async function endOwnOtherSessions(user: User, keepSessionToken: string | null, ip: string | null) {
	const ended = await revokeAccess(user.id, { keepSessionToken })
	await recordAudit({ action: 'auth.sessions_revoked', actor: user, entity: 'user', entityId: user.id, ip, details: { ended } })
	if (ended > 0) await notify(user.id, sessionsEndedNotice(ended, SECURITY_PATH))
	return { ok: true, ended } as const
}

/** Revokes one of the user's API tokens; audited. */
export async function revokeOwnApiToken(user: User, tokenId: number, ip: string | null) {
	if (!(await revokeApiToken(user.id, tokenId))) return { ok: false, reason: 'tokenNotFound' } as const
	await recordAudit({ action: 'auth.api_token_revoked', actor: user, entity: 'user', entityId: user.id, ip, details: { token: tokenId } })
	return { ok: true } as const
}
