import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sessionReference } from '~/auth/session-list.server'
import { getDb } from '~/db/db.server'
import { en } from '~/i18n/messages'
import { TestClient, location } from '../support/client'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { translate } from '../support/translate'
import { createTestUser } from '../support/users'

/**
 * `/account/security` and the admin user page: a user's sessions (browser and system from the user
 * agent, address, times, this browser marked), ending one by its reference or all the others; and the
 * API tokens listed there. References name only the user's own sessions: anything else is a 404.
 */
let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36'
const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
	'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1.1 Mobile/15E148 Safari/604.1'

/** A browser (its user agent) signed in to the account, pages in English. */
async function browserOf(account: { email: string; password: string }, userAgent: string) {
	const client = new TestClient(server.url, { 'User-Agent': userAgent })
	client.cookies.set('lang', 'en')
	const response = await client.signIn(account.email, account.password)
	await response.text()
	expect(response.status).toBe(302)
	return client
}

async function signedInAs(roles: string[], userAgent = CHROME_WINDOWS) {
	const account = await createTestUser({ roles })
	return { ...account, client: await browserOf(account, userAgent) }
}

async function isSignedIn(client: TestClient) {
	const response = await client.get('/dashboard')
	await response.text()
	if (response.status === 200) return true
	expect(location(response)).toMatch(/^\/account\/login/)
	return false
}

interface ShownSession {
	browser: string
	system: string
	address: string
	current: boolean
	reference: string | null
}

/** The sessions table of a page, row by row, as a reader sees it. */
async function shownSessions(client: TestClient, path = '/account/security'): Promise<ShownSession[]> {
	const response = await client.get(path)
	const html = await response.text()
	expect(response.status).toBe(200)
	const table = parseHtml(html)
		.querySelectorAll('table')
		.find((candidate) => candidate.querySelector('#sessions-caption'))
	expect(table).toBeTruthy()
	return table!.querySelectorAll('tbody tr').map((row) => {
		const cells = row.querySelectorAll('td')
		return {
			browser: cells[0]!.querySelector('.session-agent')!.text.trim(),
			system: cells[1]!.text.trim(),
			address: cells[2]!.text.trim(),
			current: cells[0]!.querySelector('.badge')?.text.trim() === en.security.sessions.thisBrowser,
			reference: row.querySelector('input[name="session"]')?.getAttribute('value') ?? null,
		}
	})
}

async function sessionHashes(userId: number) {
	const rows = await getDb().selectFrom('sessions').select('id_hash').where('user_id', '=', userId).execute()
	return rows.map((row) => row.id_hash)
}

async function auditActions(userId: number) {
	const rows = await getDb()
		.selectFrom('audit_log')
		.select(['action', 'details'])
		.where('entity', '=', 'user')
		.where('entity_id', '=', String(userId))
		.orderBy('id')
		.execute()
	return rows
}

/** The page's flash message after a redirect: the toast the next page shows. */
async function flashOn(client: TestClient, path = '/account/security') {
	const html = await (await client.get(path)).text()
	return parseHtml(html)
		.querySelectorAll('[role="status"]')
		.map((element) => element.text.trim())
		.join(' ')
}

describe('the sessions on /account/security', () => {
	test('lists each browser with its browser, system and address, this one marked and without a sign-out form', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const chrome = await browserOf(account, CHROME_WINDOWS)
		await browserOf(account, FIREFOX_LINUX)
		await browserOf(account, SAFARI_IPHONE)
		const shown = await shownSessions(chrome)
		expect(shown).toHaveLength(3)
		expect(
			shown.map(({ browser, system, current }) => ({ browser, system, current })).sort((a, b) => a.browser.localeCompare(b.browser)),
		).toEqual([
			{ browser: 'Chrome 131', system: 'Windows', current: true },
			{ browser: 'Firefox 128', system: 'Linux', current: false },
			{ browser: 'Safari 18', system: 'iOS', current: false },
		])
		expect(shown.every((row) => row.address === '127.0.0.1' || row.address === '::ffff:127.0.0.1')).toBe(true)
		expect(shown.find((row) => row.current)!.reference).toBeNull()
		expect(shown.filter((row) => !row.current).every((row) => /^[A-Za-z0-9_-]{22}$/.test(row.reference ?? ''))).toBe(true)
	})

	test('an unknown user agent is shown as unknown', async () => {
		const { client } = await signedInAs(['viewer'], 'TotallyCustomClient')
		const [row] = await shownSessions(client)
		expect(row).toMatchObject({ browser: en.security.unknown, system: en.security.unknown, current: true })
	})

	test('the page carries neither the session tokens nor their stored hashes', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const first = await browserOf(account, CHROME_WINDOWS)
		const second = await browserOf(account, FIREFOX_LINUX)
		const html = await (await first.get('/account/security')).text()
		for (const client of [first, second]) {
			const cookie = [...client.cookies].find(([name]) => name.endsWith('sp_session'))![1]
			expect(html).not.toContain(decodeURIComponent(cookie).split('.')[0]!)
		}
		for (const hash of await sessionHashes(account.user.id)) {
			expect(html).not.toContain(hash)
			expect(html).not.toContain(hash.slice(0, 12))
		}
	})

	test('"sign out" ends that session only, audited, with a message', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const mine = await browserOf(account, CHROME_WINDOWS)
		const other = await browserOf(account, FIREFOX_LINUX)
		const third = await browserOf(account, SAFARI_IPHONE)
		const target = (await shownSessions(mine)).find((row) => row.browser.startsWith('Firefox'))!
		const response = await mine.post('/account/security', { intent: 'revokeSession', session: target.reference! })
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/account/security')
		expect(await flashOn(mine)).toContain(en.security.sessions.ended)
		expect(await isSignedIn(other)).toBe(false)
		expect(await isSignedIn(third)).toBe(true)
		expect(await isSignedIn(mine)).toBe(true)
		const audit = (await auditActions(account.user.id)).filter((row) => row.action === 'auth.session_revoked')
		expect(audit).toHaveLength(1)
		expect(JSON.parse(audit[0]!.details!)).toMatchObject({ session: { browser: 'Firefox', os: 'Linux' } })
		// The same reference again: that session has ended.
		const again = await mine.post('/account/security', { intent: 'revokeSession', session: target.reference! })
		expect(again.status).toBe(404)
		expect(await again.text()).toContain(en.security.sessions.notFound)
	})

	test('cannot end someone else’s session, nor its own through this form, nor a made-up one: 404, nothing ended', async () => {
		const victim = await signedInAs(['viewer'], FIREFOX_LINUX)
		const attacker = await signedInAs(['viewer'])
		const [victimHash] = await sessionHashes(victim.user.id)
		const [attackerHash] = await sessionHashes(attacker.user.id)
		for (const session of [
			sessionReference(victimHash!),
			sessionReference(attackerHash!),
			victimHash!,
			'A'.repeat(22),
			'',
			'x'.repeat(100_000),
		]) {
			const response = await attacker.client.post('/account/security', { intent: 'revokeSession', session })
			expect(response.status, session.slice(0, 30)).toBe(404)
			expect(await response.text()).toContain(en.security.sessions.notFound)
		}
		expect(await isSignedIn(victim.client)).toBe(true)
		expect(await isSignedIn(attacker.client)).toBe(true)
		expect((await auditActions(attacker.user.id)).some((row) => row.action === 'auth.session_revoked')).toBe(false)
	})

	test('a post without the form token changes nothing; an unknown intent is a 400', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const mine = await browserOf(account, CHROME_WINDOWS)
		const other = await browserOf(account, FIREFOX_LINUX)
		const forged = await mine.post('/account/security', { intent: 'revokeOtherSessions' }, { csrf: false })
		expect(forged.status).toBe(403)
		await forged.text()
		expect(await isSignedIn(other)).toBe(true)
		const unknown = await mine.post('/account/security', { intent: 'dropTables' })
		expect(unknown.status).toBe(400)
		await unknown.text()
		const anonymous = await new TestClient(server.url).post('/account/security', { intent: 'revokeOtherSessions' })
		expect(location(anonymous)).toMatch(/^\/account\/login/)
	})

	test('"sign out everywhere else" ends every other session and every API token, keeps this one and notifies', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const mine = await browserOf(account, CHROME_WINDOWS)
		const others = [await browserOf(account, FIREFOX_LINUX), await browserOf(account, SAFARI_IPHONE)]
		const token = await issueToken(account)
		const response = await mine.post('/account/security', { intent: 'revokeOtherSessions' })
		expect(location(response)).toBe('/account/security')
		expect(await flashOn(mine)).toContain(translate('en', 'security.sessions.othersEnded', { count: 2 }))
		for (const other of others) expect(await isSignedIn(other)).toBe(false)
		expect(await isSignedIn(mine)).toBe(true)
		expect((await useToken(token)).status).toBe(401)
		// The two browsers after the first were each news when they signed in; then the sessions ended.
		const notifications = await getDb()
			.selectFrom('notifications')
			.select(['type', 'link'])
			.where('user_id', '=', account.user.id)
			.orderBy('id')
			.execute()
		expect(notifications).toEqual([
			{ type: 'new_browser', link: '/account/security' },
			{ type: 'new_browser', link: '/account/security' },
			{ type: 'sessions_ended', link: '/account/security' },
		])
		expect(await (await mine.get('/dashboard')).text()).toContain(en.notifications.sessionsEnded.title)
		expect((await auditActions(account.user.id)).map((row) => row.action)).toContain('auth.sessions_revoked')
		// Nothing left to end: the button is disabled.
		const page = parseHtml(await (await mine.get('/account/security')).text())
		expect(page.querySelector('button[value="revokeOtherSessions"]')?.hasAttribute('disabled')).toBe(true)
	})

	test('the profile links to the security page instead of listing sessions', async () => {
		const { client } = await signedInAs(['viewer'])
		const page = parseHtml(await (await client.get('/contacts/profile')).text())
		const link = page.querySelectorAll('main a').find((a) => a.text.trim() === en.security.profile.link)
		expect(link?.getAttribute('href')).toBe('/account/security')
		expect(page.querySelector('#sessions-caption')).toBeNull()
		expect(page.querySelector('.dropdown-list a[href="/account/security"]')?.text.trim()).toBe(en.security.title)
	})
})

describe('a user’s sessions on the admin user page', () => {
	async function createRole(code: string, grants: Record<string, string[]>) {
		const now = Date.now()
		const role = await getDb()
			.insertInto('roles')
			.values({ code, name: code, description: '', is_builtin: 0, all_access: 0, created_at: now, updated_at: now })
			.returning('id')
			.executeTakeFirstOrThrow()
		for (const [fn, actions] of Object.entries(grants)) {
			const { id } = await getDb().selectFrom('functions').select('id').where('code', '=', fn).executeTakeFirstOrThrow()
			await getDb()
				.insertInto('role_grants')
				.values(actions.map((action) => ({ role_id: role.id, function_id: Number(id), action })))
				.execute()
		}
	}

	test('lists them; an administrator ends one, audited, and the user is told', async () => {
		const admin = await signedInAs(['admin'])
		const someone = await createTestUser({ roles: ['viewer'] })
		const phone = await browserOf(someone, SAFARI_IPHONE)
		const laptop = await browserOf(someone, FIREFOX_LINUX)
		const path = `/admin/users/${someone.user.id}`
		const shown = await shownSessions(admin.client, path)
		expect(shown.map((row) => `${row.browser} / ${row.system}`).sort()).toEqual(['Firefox 128 / Linux', 'Safari 18 / iOS'])
		expect(shown.every((row) => !row.current && row.reference !== null)).toBe(true)
		const target = shown.find((row) => row.system === 'iOS')!
		const response = await admin.client.post(path, { intent: 'revokeSession', session: target.reference! })
		expect(location(response)).toBe(path)
		expect(await flashOn(admin.client, path)).toContain(en.security.sessions.ended)
		expect(await isSignedIn(phone)).toBe(false)
		expect(await isSignedIn(laptop)).toBe(true)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'actor_user_id'])
			.where('action', '=', 'user.sessionRevoked')
			.where('entity_id', '=', String(someone.user.id))
			.execute()
		expect(audit).toEqual([{ action: 'user.sessionRevoked', actor_user_id: admin.user.id }])
		const told = await getDb().selectFrom('notifications').select('type').where('user_id', '=', someone.user.id).orderBy('id').execute()
		expect(told).toEqual([{ type: 'new_browser' }, { type: 'sessions_ended' }])
		// A reference of another user's session, on this user's page: 404, still signed in.
		const [adminHash] = await sessionHashes(admin.user.id)
		const elsewhere = await admin.client.post(path, { intent: 'revokeSession', session: sessionReference(adminHash!) })
		expect(elsewhere.status).toBe(404)
		expect(await elsewhere.text()).toContain(en.security.sessions.notFound)
		expect(await isSignedIn(admin.client)).toBe(true)
	})

	test('needs the update grant, and obeys the delegation rule: never for someone holding grants the actor lacks', async () => {
		await createRole('sessions-viewer', { QUANTRI_USERS: ['view'] })
		await createRole('sessions-manager', { QUANTRI_USERS: ['view', 'update'] })
		const reader = await signedInAs(['sessions-viewer', 'viewer'])
		const manager = await signedInAs(['sessions-manager', 'viewer'])
		const administrator = await createTestUser({ roles: ['admin'] })
		const adminBrowser = await browserOf(administrator, FIREFOX_LINUX)
		const viewer = await createTestUser({ roles: ['viewer'] })
		const viewerBrowser = await browserOf(viewer, FIREFOX_LINUX)

		// The reader sees the sessions but has no form; a forged post is refused.
		const [viewerRow] = await shownSessions(reader.client, `/admin/users/${viewer.user.id}`)
		expect(viewerRow!.reference).toBeNull()
		const [viewerHash] = await sessionHashes(viewer.user.id)
		const forbidden = await reader.client.post(`/admin/users/${viewer.user.id}`, {
			intent: 'revokeSession',
			session: sessionReference(viewerHash!),
		})
		expect(forbidden.status).toBe(403)
		await forbidden.text()
		expect(await isSignedIn(viewerBrowser)).toBe(true)

		// The manager may end the viewer's session, not the administrator's (who holds more).
		const [adminRow] = await shownSessions(manager.client, `/admin/users/${administrator.user.id}`)
		expect(adminRow!.reference).toBeNull()
		const [adminHash] = await sessionHashes(administrator.user.id)
		const refused = await manager.client.post(`/admin/users/${administrator.user.id}`, {
			intent: 'revokeSession',
			session: sessionReference(adminHash!),
		})
		expect(refused.status).toBe(403)
		expect(await refused.text()).toContain(en.admin.delegation.userBeyondActor)
		expect(await isSignedIn(adminBrowser)).toBe(true)
		const refusal = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'delegation.refused')
			.where('actor_user_id', '=', manager.user.id)
			.executeTakeFirstOrThrow()
		expect(JSON.parse(refusal.details!)).toMatchObject({ reason: 'userBeyondActor', attempted: 'revokeSession' })

		const allowed = await manager.client.post(`/admin/users/${viewer.user.id}`, {
			intent: 'revokeSession',
			session: sessionReference(viewerHash!),
		})
		expect(allowed.status).toBe(302)
		expect(await isSignedIn(viewerBrowser)).toBe(false)

		// A user that does not exist: 404.
		const missing = await manager.client.post('/admin/users/999999', { intent: 'revokeSession', session: sessionReference(viewerHash!) })
		expect(missing.status).toBe(404)
		await missing.text()
	})
})

async function issueToken(account: { email: string; password: string }, userAgent = 'curl/8.11.0') {
	const response = await fetch(new URL('/api/users/authenticate', server.url), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'User-Agent': userAgent },
		body: JSON.stringify({ email: account.email, password: account.password }),
	})
	const body = (await response.json()) as { token?: string }
	expect(response.status).toBe(200)
	return body.token!
}

function useToken(token: string) {
	return fetch(new URL('/api/QuanTri/FunctionGetByUser', server.url), { headers: { Authorization: `Bearer ${token}` } })
}

function logout(headers: Record<string, string>, method = 'POST') {
	return fetch(new URL('/api/users/logout', server.url), { method, headers })
}

async function tokenRows(userId: number) {
	return getDb().selectFrom('api_tokens').selectAll().where('user_id', '=', userId).orderBy('id').execute()
}

const MINUTE = 60_000

describe('API tokens', () => {
	test('are issued with where they were issued to, live TOKEN_MAX_HOURS, and note their use', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const before = Date.now()
		const token = await issueToken(account)
		const [row] = await tokenRows(account.user.id)
		expect(row).toMatchObject({ user_agent: 'curl/8.11.0', last_used_at: null })
		expect(['127.0.0.1', '::ffff:127.0.0.1']).toContain(row!.ip)
		expect(Number(row!.expires_at) - Number(row!.created_at)).toBe(12 * 60 * MINUTE)
		expect(Number(row!.created_at)).toBeGreaterThanOrEqual(before)
		// Used now: within the minute of its issue, last use is not written yet; a minute later it is.
		const used = await useToken(token)
		expect(used.status).toBe(200)
		await used.text()
		await getDb()
			.updateTable('api_tokens')
			.set({ created_at: Number(row!.created_at) - 2 * MINUTE })
			.where('id', '=', row!.id)
			.execute()
		const later = await useToken(token)
		expect(later.status).toBe(200)
		await later.text()
		const [after] = await tokenRows(account.user.id)
		expect(Number(after!.last_used_at)).toBeGreaterThanOrEqual(before)
	})

	test('end after TOKEN_IDLE_MINUTES unused (counted from the last use that may not have been written), and are deleted', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const token = await issueToken(account)
		const [row] = await tokenRows(account.user.id)
		// Written last use 30 minutes ago: the last use may have been up to a minute later, so it still works.
		await getDb()
			.updateTable('api_tokens')
			.set({ last_used_at: Date.now() - 30 * MINUTE - 5_000 })
			.where('id', '=', row!.id)
			.execute()
		const kept = await useToken(token)
		expect(kept.status).toBe(200)
		await kept.text()
		// That use was written (more than a minute after the stored one): unused for 31 minutes, it is refused.
		const [touched] = await tokenRows(account.user.id)
		expect(Date.now() - Number(touched!.last_used_at)).toBeLessThan(MINUTE)
		await getDb()
			.updateTable('api_tokens')
			.set({ last_used_at: Date.now() - 31 * MINUTE - 1_000 })
			.where('id', '=', row!.id)
			.execute()
		const refused = await useToken(token)
		expect(refused.status).toBe(401)
		expect(await refused.json()).toEqual({ message: translate('vn', 'api.unauthorised') })
		expect(await tokenRows(account.user.id)).toEqual([])
	})

	test('a token never used counts its idle time from its issue', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const token = await issueToken(account)
		await getDb()
			.updateTable('api_tokens')
			.set({ created_at: Date.now() - 31 * MINUTE - 1_000 })
			.where('user_id', '=', account.user.id)
			.execute()
		const refused = await useToken(token)
		expect(refused.status).toBe(401)
		await refused.text()
	})

	test('end at the end of their lifetime however much they are used', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const token = await issueToken(account)
		await getDb()
			.updateTable('api_tokens')
			.set({ last_used_at: Date.now(), expires_at: Date.now() - 1 })
			.where('user_id', '=', account.user.id)
			.execute()
		const refused = await useToken(token)
		expect(refused.status).toBe(401)
		await refused.text()
		expect(await tokenRows(account.user.id)).toEqual([])
	})

	test('POST /api/users/logout revokes the token presented, only that one, audited; 401 without a valid token', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const token = await issueToken(account)
		const other = await issueToken(account)
		const response = await logout({ Authorization: `Bearer ${token}`, Cookie: 'lang=en' })
		expect(response.status).toBe(200)
		expect(await response.json()).toEqual({ message: en.security.tokens.signedOut })
		expect((await useToken(token)).status).toBe(401)
		expect((await useToken(other)).status).toBe(200)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'auth.sign_out')
			.where('actor_user_id', '=', account.user.id)
			.execute()
		expect(audit.map((row) => JSON.parse(row.details!))).toEqual([{ via: 'api' }])

		const refusedHeaders: Record<string, string>[] = [
			{ Authorization: `Bearer ${token}` },
			{},
			{ Authorization: 'Bearer nonsense' },
			{ Authorization: `Basic ${token}` },
		]
		for (const headers of refusedHeaders) {
			const refused = await logout(headers)
			expect(refused.status).toBe(401)
			expect(await refused.json()).toEqual({ message: translate('vn', 'api.unauthorised') })
		}
		// A session cookie is not a token: the browser signs out with its own form.
		const browser = await browserOf(account, CHROME_WINDOWS)
		const withCookie = await logout({ Cookie: browser.cookieHeader() })
		expect(withCookie.status).toBe(401)
		await withCookie.text()
		expect(await isSignedIn(browser)).toBe(true)
		const get = await logout({ Authorization: `Bearer ${other}` }, 'GET')
		expect(get.status).toBeGreaterThanOrEqual(400)
		expect(get.status).toBeLessThan(500)
		await get.text()
		expect((await useToken(other)).status).toBe(200)
	})

	test('are listed on the security page, and revoked there; someone else’s or a made-up one is a 404', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const token = await issueToken(account, 'curl/8.11.0')
		const client = await browserOf(account, CHROME_WINDOWS)
		const html = await (await client.get('/account/security')).text()
		expect(html).not.toContain(token)
		const table = parseHtml(html)
			.querySelectorAll('table')
			.find((t) => t.querySelector('#tokens-caption'))!
		const rows = table.querySelectorAll('tbody tr')
		expect(rows).toHaveLength(1)
		const cells = rows[0]!.querySelectorAll('td').map((cell) => cell.text.trim())
		expect(cells[0]).toBe('curl 8')
		expect(cells[3]).toBe(en.security.tokens.neverUsed)
		expect(rows[0]!.querySelectorAll('time')).toHaveLength(2)
		const id = rows[0]!.querySelector('input[name="token"]')!.getAttribute('value')!

		const stranger = await signedInAs(['viewer'])
		const strangers = await issueToken(stranger)
		const [strangerRow] = await tokenRows(stranger.user.id)
		for (const value of [String(strangerRow!.id), '0', '-1', 'abc', '1e3', '9'.repeat(40), '']) {
			const refused = await client.post('/account/security', { intent: 'revokeToken', token: value })
			expect(refused.status, value).toBe(404)
			expect(await refused.text()).toContain(en.security.tokens.notFound)
		}
		expect((await useToken(strangers)).status).toBe(200)

		const revoked = await client.post('/account/security', { intent: 'revokeToken', token: id })
		expect(location(revoked)).toBe('/account/security')
		expect(await flashOn(client)).toContain(en.security.tokens.revoked)
		expect((await useToken(token)).status).toBe(401)
		expect((await auditActions(account.user.id)).map((row) => row.action)).toContain('auth.api_token_revoked')
		const after = parseHtml(await (await client.get('/account/security')).text())
		expect(after.querySelector('#tokens-caption')).toBeNull()
		expect(after.text).toContain(en.security.tokens.none)
	})

	test('a password change, a lock by an administrator and a password reset by an administrator revoke them', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const browser = await browserOf(account, CHROME_WINDOWS)
		const token = await issueToken(account)
		const newPassword = 'A whole new passphrase 42'
		const changed = await browser.post('/account/change-password', {
			currentPassword: account.password,
			newPassword,
			confirmPassword: newPassword,
		})
		expect(changed.status).toBe(302)
		await changed.text()
		expect((await useToken(token)).status).toBe(401)
		expect(await isSignedIn(browser)).toBe(true)

		const admin = await signedInAs(['admin'])
		const second = await issueToken({ email: account.email, password: newPassword })
		const reset = await admin.client.post(`/admin/users/${account.user.id}`, {
			intent: 'resetPassword',
			password: 'Another passphrase 4242',
		})
		expect(reset.status).toBe(302)
		await reset.text()
		expect((await useToken(second)).status).toBe(401)

		const other = await createTestUser({ roles: ['viewer'] })
		const third = await issueToken(other)
		const locked = await admin.client.post(`/admin/users/${other.user.id}`, { intent: 'lock' })
		expect(locked.status).toBe(302)
		await locked.text()
		expect((await useToken(third)).status).toBe(401)
		expect(await tokenRows(other.user.id)).toEqual([])
	})
})

describe('an account that must change its password', () => {
	test('changes it before ending sessions or tokens on the security page', async () => {
		const account = await createTestUser({ roles: ['viewer'], mustChangePassword: true })
		const client = await browserOf(account, CHROME_WINDOWS)
		const page = await client.get('/account/security')
		expect(location(page)).toBe('/account/change-password')
		const post = await client.post('/account/security', { intent: 'revokeOtherSessions' })
		expect(location(post)).toBe('/account/change-password')
		expect((await auditActions(account.user.id)).map((row) => row.action)).not.toContain('auth.sessions_revoked')
	})
})
