import { createHash } from 'node:crypto'
import { z } from 'zod'
import { getDb, type DB } from '~/db/db.server'
import { getConfig } from '~/config.server'
import { issue } from '~/utils/form.server'
import { parseUserAgent } from './user-agent'

/**
 * A user's sessions as a page shows them, and ending one of them by name. A page never carries a
 * session's token nor its stored hash: each session is named by a reference derived from the hash,
 * which neither signs anyone in nor finds the row without the user's own list (docs/decisions/0022).
 */

/** 22 base64url characters: 132 bits of a SHA-256 of the stored id hash. */
export const SESSION_REFERENCE_PATTERN = /^[A-Za-z0-9_-]{22}$/

/** The form to end one session (the user's own, or one on a user's administration page): which one, by reference. */
export const revokeSessionSchema = z.object({ session: z.string().regex(SESSION_REFERENCE_PATTERN, issue('security.sessions.notFound')) })

export function sessionReference(idHash: string): string {
	return createHash('sha256').update(`session-reference:${idHash}`).digest('base64url').slice(0, 22)
}

export interface SessionEntry {
	reference: string
	/** The session of the browser asking. */
	current: boolean
	browser: string | null
	browserVersion: string | null
	os: string | null
	ip: string | null
	createdAt: number
	lastSeenAt: number
}

/** The user's live sessions, most recently active first; `currentIdHash` marks the asking browser's. */
export async function getSessionEntries(userId: number, currentIdHash: string | null, db: DB = getDb()): Promise<SessionEntry[]> {
	const sessions = await listSessions(userId, db)
	return sessions.map((session) => {
		const agent = parseUserAgent(session.user_agent)
		return {
			reference: sessionReference(session.id_hash),
			current: session.id_hash === currentIdHash,
			browser: agent.browser,
			browserVersion: agent.version,
			os: agent.os,
			ip: session.ip,
			createdAt: session.created_at,
			lastSeenAt: session.last_seen_at,
		}
	})
}

export interface EndedSession {
	browser: string | null
	os: string | null
	ip: string | null
}

/**
 * Ends the user's session named by `reference`, never the one `keepIdHash` names (the asking browser:
 * it signs out with the sign-out form). Null when the user has no such session: it ended already, it
 * is someone else's, or the reference is made up.
 */
export async function endSessionByReference(
	userId: number,
	reference: string,
	{ keepIdHash }: { keepIdHash: string | null },
	db: DB = getDb(),
): Promise<EndedSession | null> {
	if (!SESSION_REFERENCE_PATTERN.test(reference)) return null
	const sessions = await db.selectFrom('sessions').select(['id_hash', 'ip', 'user_agent']).where('user_id', '=', userId).execute()
	const target = sessions.find((session) => session.id_hash !== keepIdHash && sessionReference(session.id_hash) === reference)
	if (!target) return null
	const result = await db.deleteFrom('sessions').where('id_hash', '=', target.id_hash).where('user_id', '=', userId).executeTakeFirst()
	if (Number(result.numDeletedRows) === 0) return null
	const agent = parseUserAgent(target.user_agent)
	return { browser: agent.browser, os: agent.os, ip: target.ip }
}

/** The user's live sessions, most recently active first. */
function listSessions(userId: number, db: DB = getDb()) {
	const now = Date.now()
	return db
		.selectFrom('sessions')
		.select(['id_hash', 'created_at', 'last_seen_at', 'ip', 'user_agent'])
		.where('user_id', '=', userId)
		.where('expires_at', '>', now)
		.where('last_seen_at', '>', now - getConfig().session.idleMs)
		.orderBy('last_seen_at', 'desc')
		.execute()
}
