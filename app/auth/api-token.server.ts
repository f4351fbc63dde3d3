import { getConfig } from '~/config.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { memoizeForRequest } from '~/utils/request-memo.server'
import { issueCredential, type CredentialClient } from './issued-credential.server'
import { hashSecretToken } from './secret-token.server'

/**
 * API bearer tokens: issued at sign-in through the API, kept only as a hash, ended by their idle
 * timeout (TOKEN_IDLE_MINUTES), their lifetime (TOKEN_MAX_HOURS), `POST /api/users/logout`, the
 * security page, or anything that ends a user's access (revoke.server). docs/decisions/0022.
 */

/** Issues a bearer token for the API; only its hash is kept. */
export async function issueApiToken(
	userId: number,
	client: CredentialClient = { ip: null, userAgent: null },
	db: DB = getDb(),
): Promise<string> {
	const { token, hash, columns } = issueCredential(userId, getConfig().apiToken.maxMs, client)
	await db
		.insertInto('api_tokens')
		.values({ ...columns, token_hash: hash, last_used_at: null })
		.execute()
	return token
}

/**
 * How stale `last_used_at` may get: a busy client does not cost a write per request. A quarter of the
 * idle timeout when that is shorter than a minute, so the slack stays small next to the timeout.
 */
export function lastUsedResolutionMs(idleMs: number): number {
	return Math.min(60_000, Math.floor(idleMs / 4))
}

/**
 * When an unused token stops working. The last use may be up to one resolution later than the stored
 * `last_used_at` (that use was not written), so the timeout counts from there: a token is never refused
 * before it has been unused for the whole idle timeout, and at most one resolution after.
 */
export function idleDeadline(token: { created_at: number; last_used_at: number | null }, idleMs: number): number {
	return (token.last_used_at ?? token.created_at) + idleMs + lastUsedResolutionMs(idleMs)
}

export function isApiTokenExpired(
	token: { created_at: number; last_used_at: number | null; expires_at: number },
	now: number,
	idleMs = getConfig().apiToken.idleMs,
): boolean {
	return now >= token.expires_at || now >= idleDeadline(token, idleMs)
}

/** When a token ends unless used again: the sooner of its idle deadline and its lifetime. */
export function apiTokenEndsAt(
	token: { created_at: number; last_used_at: number | null; expires_at: number },
	idleMs = getConfig().apiToken.idleMs,
): number {
	return Math.min(token.expires_at, idleDeadline(token, idleMs))
}

export interface BearerToken {
	user: User
	tokenId: number
}

/** The token a request's `Authorization: Bearer` header presents and its user, if valid, unexpired and the user unlocked. */
export function resolveBearerToken(request: Request, db: DB = getDb()): Promise<BearerToken | null> {
	return memoizeForRequest(request, 'bearer-token', async () => {
		const token = /^Bearer ([A-Za-z0-9_-]{43})$/.exec(request.headers.get('Authorization') ?? '')?.[1]
		if (!token) return null
		const now = Date.now()
		const row = await db
			.selectFrom('api_tokens')
			.innerJoin('users', 'users.id', 'api_tokens.user_id')
			.selectAll('users')
			.select([
				'api_tokens.id as token_id',
				'api_tokens.created_at as token_created_at',
				'api_tokens.expires_at as token_expires_at',
				'api_tokens.last_used_at as token_last_used_at',
			])
			.where('api_tokens.token_hash', '=', hashSecretToken(token))
			.executeTakeFirst()
		if (!row || row.locked) return null
		const { token_id, token_created_at, token_expires_at, token_last_used_at, ...found } = row
		const idleMs = getConfig().apiToken.idleMs
		if (isApiTokenExpired({ created_at: token_created_at, expires_at: token_expires_at, last_used_at: token_last_used_at }, now, idleMs)) {
			await db.deleteFrom('api_tokens').where('id', '=', token_id).execute()
			return null
		}
		if (now - (token_last_used_at ?? token_created_at) >= lastUsedResolutionMs(idleMs)) {
			await db.updateTable('api_tokens').set({ last_used_at: now }).where('id', '=', token_id).execute()
		}
		return { user: found as User, tokenId: token_id }
	})
}

/** The user a request's bearer token names (see resolveBearerToken). */
export async function resolveBearerUser(request: Request, db: DB = getDb()): Promise<User | null> {
	return (await resolveBearerToken(request, db))?.user ?? null
}

export async function revokeApiTokens(userId: number, db: DB = getDb()) {
	const result = await db.deleteFrom('api_tokens').where('user_id', '=', userId).executeTakeFirst()
	return Number(result.numDeletedRows)
}

/** Ends one of the user's tokens; false when the user has no such token (someone else's, or gone). */
export async function revokeApiToken(userId: number, tokenId: number, db: DB = getDb()): Promise<boolean> {
	const result = await db.deleteFrom('api_tokens').where('id', '=', tokenId).where('user_id', '=', userId).executeTakeFirst()
	return Number(result.numDeletedRows) > 0
}

export interface ApiTokenSummary {
	id: number
	createdAt: number
	lastUsedAt: number | null
	/** The sooner of the idle deadline and the lifetime's end. */
	endsAt: number
	ip: string | null
	userAgent: string | null
}

/** The user's tokens that still work, newest first. */
export async function listApiTokens(userId: number, db: DB = getDb()): Promise<ApiTokenSummary[]> {
	const now = Date.now()
	const idleMs = getConfig().apiToken.idleMs
	const rows = await db
		.selectFrom('api_tokens')
		.select(['id', 'created_at', 'last_used_at', 'expires_at', 'ip', 'user_agent'])
		.where('user_id', '=', userId)
		.where('expires_at', '>', now)
		.orderBy('created_at', 'desc')
		.orderBy('id', 'desc')
		.execute()
	return rows
		.filter((row) => !isApiTokenExpired(row, now, idleMs))
		.map((row) => ({
			id: row.id,
			createdAt: row.created_at,
			lastUsedAt: row.last_used_at,
			endsAt: apiTokenEndsAt(row, idleMs),
			ip: row.ip,
			userAgent: row.user_agent,
		}))
}

/** Deletes tokens past their lifetime or idle timeout. */
export async function purgeExpiredApiTokens(db: DB = getDb()) {
	const now = Date.now()
	const { idleMs } = getConfig().apiToken
	const idleBefore = now - idleMs - lastUsedResolutionMs(idleMs)
	const result = await db
		.deleteFrom('api_tokens')
		.where((eb) =>
			eb.or([
				eb('expires_at', '<=', now),
				eb.and([eb('last_used_at', 'is', null), eb('created_at', '<=', idleBefore)]),
				eb('last_used_at', '<=', idleBefore),
			]),
		)
		.executeTakeFirst()
	return Number(result.numDeletedRows)
}
