import { appCookie } from '~/security/app-cookie.server'
import { redirect } from '@remix-run/node'
import { getConfig } from '~/config.server'
import { KEPT_FORM_PATH, keepPostedForm } from './kept-form.server'
import { issueCredential } from './issued-credential.server'
import { hashSecretToken } from './secret-token.server'
import { SECURITY_PATH, mustEnrolSecondFactor } from './mfa/requirement.server'
import { getDb, type DB } from '~/db/db.server'
import type { Session, SignInSecondFactor, User } from '~/db/schema'
import { getClientIp } from '~/utils/logger.server'
import { memoizeForRequest, recallForRequest } from '~/utils/request-memo.server'

/** Idle sessions are extended at most this often, so a busy user does not cost a write per request. */
const MAX_TOUCH_INTERVAL_MS = 60_000

/**
 * How stale `last_seen_at` may get before a request writes it again: at most a quarter of the idle
 * timeout, so that an active user is never signed out between two writes, however short the timeout.
 */
export function touchIntervalMs(idleMs: number): number {
	return Math.min(MAX_TOUCH_INTERVAL_MS, Math.floor(idleMs / 4))
}

export function getSessionCookie() {
	return appCookie('sp_session')
}

export type SessionState =
	| { status: 'anonymous' }
	/** `userId` when the session timed out (not when its user was locked or it was signed out). */
	| { status: 'expired'; userId?: number }
	| { status: 'active'; session: Session; user: User; token: string }

async function readToken(request: Request): Promise<string | null> {
	const value: unknown = await getSessionCookie().parse(request.headers.get('Cookie'))
	return typeof value === 'string' && /^[A-Za-z0-9_-]{43}$/.test(value) ? value : null
}

export function isSessionExpired(session: Pick<Session, 'last_seen_at' | 'expires_at'>, now: number): boolean {
	return now >= session.expires_at || now - session.last_seen_at >= getConfig().session.idleMs
}

/**
 * Looks up the session a token names, ends it if it has expired or its user is locked, and extends it
 * (unless `extend` is false: a background poll is not the user's activity).
 */
export async function resolveSessionToken(
	token: string,
	db: DB = getDb(),
	{ extend = true }: { extend?: boolean } = {},
): Promise<SessionState> {
	const idHash = hashSecretToken(token)
	// One round trip for the session and its user: every signed-in request starts here.
	const row = await db
		.selectFrom('sessions')
		.leftJoin('users', 'users.id', 'sessions.user_id')
		.selectAll('users')
		.select([
			'sessions.id_hash as session_id_hash',
			'sessions.user_id as session_user_id',
			'sessions.created_at as session_created_at',
			'sessions.last_seen_at as session_last_seen_at',
			'sessions.expires_at as session_expires_at',
			'sessions.ip as session_ip',
			'sessions.user_agent as session_user_agent',
			'sessions.flash as session_flash',
			'sessions.oidc_sid as session_oidc_sid',
			'sessions.oidc_id_token as session_oidc_id_token',
			'sessions.second_factor as session_second_factor',
		])
		.where('sessions.id_hash', '=', idHash)
		.executeTakeFirst()
	if (!row) return { status: 'expired' }
	const {
		session_id_hash,
		session_user_id,
		session_created_at,
		session_last_seen_at,
		session_expires_at,
		session_ip,
		session_user_agent,
		session_flash,
		session_oidc_sid,
		session_oidc_id_token,
		session_second_factor,
		...userColumns
	} = row
	const session: Session = {
		id_hash: session_id_hash,
		user_id: session_user_id,
		created_at: session_created_at,
		last_seen_at: session_last_seen_at,
		expires_at: session_expires_at,
		ip: session_ip,
		user_agent: session_user_agent,
		flash: session_flash,
		oidc_sid: session_oidc_sid,
		oidc_id_token: session_oidc_id_token,
		second_factor: session_second_factor,
	}
	const user = userColumns.id === null ? null : (userColumns as User)
	const now = Date.now()
	if (!user || user.locked || isSessionExpired(session, now)) {
		await db.deleteFrom('sessions').where('id_hash', '=', idHash).execute()
		return user && !user.locked ? { status: 'expired', userId: user.id } : { status: 'expired' }
	}
	if (extend && now - session.last_seen_at >= touchIntervalMs(getConfig().session.idleMs)) {
		await db.updateTable('sessions').set({ last_seen_at: now }).where('id_hash', '=', idHash).execute()
		session.last_seen_at = now
	}
	return { status: 'active', session, user, token }
}

/** The request's session, read once per request however many loaders ask. */
export function getSessionState(request: Request): Promise<SessionState> {
	return memoizeForRequest(request, 'session', () =>
		readToken(request).then((token) => (token ? resolveSessionToken(token) : ({ status: 'anonymous' } as const))),
	)
}

/** How long until the session times out for inactivity (null without one). */
export function idleExpiresInMs(state: SessionState, idleMs: number, now = Date.now()): number | null {
	return state.status === 'active' ? state.session.last_seen_at + idleMs - now : null
}

/**
 * The signed-in user without extending the session's idle timeout (for the browser's background polls,
 * and the API's choice of language): the session this request has already read, else read once.
 */
export function peekUser(request: Request): Promise<User | null> {
	return memoizeForRequest(request, 'session-peek', async () => {
		const read = recallForRequest<Promise<SessionState>>(request, 'session')
		const token = read ? null : await readToken(request)
		const state = read ? await read : token ? await resolveSessionToken(token, getDb(), { extend: false }) : null
		return state?.status === 'active' ? state.user : null
	})
}

export async function getUser(request: Request): Promise<User | null> {
	const state = await getSessionState(request)
	return state.status === 'active' ? state.user : null
}

export const CHANGE_PASSWORD_PATH = '/account/change-password'

export function loginPath(request: Request, reason?: 'expired' | 'signed-out') {
	const url = new URL(request.url)
	const params = new URLSearchParams()
	const here = `${url.pathname}${url.search}`
	if (here !== '/' && url.pathname !== '/account/logout') params.set('redirectTo', here)
	if (reason) params.set('reason', reason)
	const query = params.toString()
	return `/account/login${query ? `?${query}` : ''}`
}

/**
 * The signed-in user, or a redirect to sign-in (naming an expired session). A user who must change
 * the password is sent to that page before anything else; one who must set up a second factor
 * (REQUIRE_MFA_FOR) to the security page, where nothing else is offered until it is done.
 */
export async function requireUser(request: Request, { allowPasswordChange = false } = {}): Promise<User> {
	const state = await getSessionState(request)
	if (state.status !== 'active') throw await signInAgain(request, state)
	if (state.user.must_change_password && !allowPasswordChange) {
		throw redirect(CHANGE_PASSWORD_PATH)
	}
	if (
		getConfig().requireMfaFor !== 'none' &&
		new URL(request.url).pathname !== SECURITY_PATH &&
		(await mustEnrolSecondFactor(request, state.user, state.session))
	) {
		throw redirect(SECURITY_PATH)
	}
	return state.user
}

export async function requireActiveSession(request: Request) {
	const state = await getSessionState(request)
	if (state.status !== 'active') throw await signInAgain(request, state)
	return state
}

/**
 * The way to sign-in for a request without a session. A form posted after the session timed out is kept
 * for its user (see kept-form.server) and offered again after signing in, instead of the page it was for.
 */
async function signInAgain(request: Request, state: Exclude<SessionState, { status: 'active' }>): Promise<Response> {
	if (state.status !== 'expired') return redirect(loginPath(request))
	const headers = new Headers({ 'Set-Cookie': await clearSessionCookie() })
	const kept = state.userId ? await keepPostedForm(request, state.userId) : null
	if (!kept) return redirect(loginPath(request, 'expired'), { headers })
	headers.append('Set-Cookie', kept)
	return redirect(`/account/login?${new URLSearchParams({ redirectTo: KEPT_FORM_PATH, reason: 'expired' })}`, { headers })
}

/** What a sign-in through the OpenID provider keeps with the session. */
export interface OidcSessionLink {
	sid: string | null
	idToken: string
}

/**
 * Starts a new session for `user` (a fresh id: never reuses one the browser brought) and returns its cookie.
 * `secondFactor`: how the sign-in's second factor was given, if one was.
 */
export async function createSession(
	request: Request,
	user: User,
	{ oidc = null, secondFactor = null }: { oidc?: OidcSessionLink | null; secondFactor?: SignInSecondFactor | null } = {},
	db: DB = getDb(),
): Promise<string> {
	const previous = await readToken(request)
	if (previous) await db.deleteFrom('sessions').where('id_hash', '=', hashSecretToken(previous)).execute()
	const client = { ip: getClientIp(), userAgent: request.headers.get('User-Agent') }
	const { token, hash, columns } = issueCredential(user.id, getConfig().session.maxMs, client)
	await db
		.insertInto('sessions')
		.values({
			...columns,
			id_hash: hash,
			last_seen_at: columns.created_at,
			flash: null,
			oidc_sid: oidc?.sid ?? null,
			oidc_id_token: oidc?.idToken ?? null,
			second_factor: secondFactor,
		})
		.execute()
	return getSessionCookie().serialize(token)
}

export async function destroySession(request: Request, db: DB = getDb()): Promise<string> {
	const token = await readToken(request)
	if (token) await db.deleteFrom('sessions').where('id_hash', '=', hashSecretToken(token)).execute()
	return clearSessionCookie()
}

export function clearSessionCookie(): Promise<string> {
	return getSessionCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

export async function setFlash(token: string, flash: Flash, db: DB = getDb()) {
	await db
		.updateTable('sessions')
		.set({ flash: JSON.stringify(flash) })
		.where('id_hash', '=', hashSecretToken(token))
		.execute()
}

export interface Flash {
	type: 'default' | 'info' | 'success' | 'warning' | 'error'
	/** A translation key, with its interpolation values. */
	message: string
	values?: Record<string, string | number>
	/** A catalog's text tree (`stations`): `message` is then one of its page texts, its noun filled in (`catalogText`). */
	catalog?: string
}

/** Takes the flash message left for this request's session, once. */
export async function takeFlash(request: Request, db: DB = getDb()): Promise<Flash | null> {
	const state = await getSessionState(request)
	if (state.status !== 'active' || !state.session.flash) return null
	await db.updateTable('sessions').set({ flash: null }).where('id_hash', '=', state.session.id_hash).execute()
	const flash = state.session.flash
	state.session.flash = null
	try {
		return JSON.parse(flash) as Flash
	} catch {
		return null
	}
}
