import { createHash, randomBytes } from 'node:crypto'
import { getConfig } from '~/config.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { memoizeForRequest } from '~/utils/request-memo.server'

function hashToken(token: string) {
	return createHash('sha256').update(token).digest('hex')
}

/** Issues a bearer token for the API; only its hash is kept, and it expires with the session lifetime. */
export async function issueApiToken(userId: number, db: DB = getDb()): Promise<string> {
	const token = randomBytes(32).toString('base64url')
	const now = Date.now()
	await db
		.insertInto('api_tokens')
		.values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + getConfig().session.maxMs, last_used_at: null })
		.execute()
	return token
}

/** `last_used_at` is kept to the minute: a busy client does not cost a write per request. */
const LAST_USED_RESOLUTION_MS = 60_000

/** The user a request's `Authorization: Bearer` token names, if it is valid, unexpired and the user unlocked. */
export function resolveBearerUser(request: Request, db: DB = getDb()): Promise<User | null> {
	return memoizeForRequest(request, 'bearer-user', async () => {
		const token = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(request.headers.get('Authorization') ?? '')?.[1]
		if (!token) return null
		const now = Date.now()
		const row = await db
			.selectFrom('api_tokens')
			.innerJoin('users', 'users.id', 'api_tokens.user_id')
			.selectAll('users')
			.select(['api_tokens.id as token_id', 'api_tokens.expires_at as token_expires_at', 'api_tokens.last_used_at as token_last_used_at'])
			.where('api_tokens.token_hash', '=', hashToken(token))
			.executeTakeFirst()
		if (!row || row.token_expires_at <= now || row.locked) return null
		if (now - (row.token_last_used_at ?? 0) >= LAST_USED_RESOLUTION_MS) {
			await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', row.token_id).execute()
		}
		const { token_id: _id, token_expires_at: _expires, token_last_used_at: _used, ...found } = row
		return found as User
	})
}

export async function revokeApiTokens(userId: number, db: DB = getDb()) {
	await db.deleteFrom('api_tokens').where('user_id', '=', userId).execute()
}
