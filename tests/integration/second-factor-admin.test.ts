import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { en } from '~/i18n/messages'
import { confirmEnrolment, hasSecondFactor, startEnrolment } from '~/auth/mfa/mfa.server'
import { secondFactorRequiredFor } from '~/auth/mfa/requirement.server'
import { TOTP_PERIOD_SECONDS, totpCode } from '~/auth/mfa/totp.server'
import { getDb } from '~/db/db.server'
import { resetSingleton } from '~/utils/singleton.server'
import { TestClient, location } from '../support/client'
import { errorSummary, parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

/** REQUIRE_MFA_FOR (a server started with `admin`) and the administrator's reset of a user's second factor. */
const STEP_MS = TOTP_PERIOD_SECONDS * 1000
let required: RunningServer
let plain: RunningServer

beforeAll(async () => {
	// One after the other: each start makes sure the administrator account exists.
	required = await startServer({ REQUIRE_MFA_FOR: 'admin' })
	plain = await startServer()
})

afterAll(async () => {
	expect(await required?.stop()).toBe(0)
	expect(await plain?.stop()).toBe(0)
})

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
			.values(actions.map((action) => ({ role_id: role.id, function_id: id, action })))
			.execute()
	}
}

async function withScope<T>(scope: string, run: () => Promise<T>): Promise<T> {
	process.env.REQUIRE_MFA_FOR = scope
	resetSingleton('config')
	try {
		return await run()
	} finally {
		delete process.env.REQUIRE_MFA_FOR
		resetSingleton('config')
	}
}

async function enrol(userId: number, at = Date.now() - 2 * STEP_MS) {
	const secret = (await startEnrolment(userId, at))!
	const confirmed = await confirmEnrolment(userId, totpCode(secret, at), at)
	expect(confirmed.ok).toBe(true)
	return secret
}

async function signedIn(server: RunningServer, roles: string[]) {
	const account = await createTestUser({ roles, prefix: 'scope' })
	const client = new TestClient(server.url)
	client.cookies.set('lang', 'en')
	const response = await client.signIn(account.email, account.password, '/dashboard')
	await response.text()
	expect(response.status).toBe(302)
	return { ...account, client, landed: location(response) }
}

describe('who REQUIRE_MFA_FOR covers', () => {
	test('admin: holders of all access or of any grant on an administration function; all: everyone; none: nobody', async () => {
		const auditor = `auditor_${Date.now()}`
		await createRole(auditor, { QUANTRI_AUDIT: ['view'] })
		const admin = await createTestUser({ roles: ['admin'] })
		const operator = await createTestUser({ roles: ['operator'] })
		const viewer = await createTestUser({ roles: ['viewer'] })
		const audit = await createTestUser({ roles: [auditor] })
		const nobody = await createTestUser({ roles: [] })
		const ids = [admin, operator, viewer, audit, nobody].map((account) => account.user.id)
		const scoped = (scope: string) => withScope(scope, () => Promise.all(ids.map((id) => secondFactorRequiredFor(id))))
		expect(await scoped('admin')).toEqual([true, false, false, true, false])
		expect(await scoped('all')).toEqual([true, true, true, true, true])
		expect(await scoped('none')).toEqual([false, false, false, false, false])
	})
})

describe('REQUIRE_MFA_FOR=admin', () => {
	test('an administrator without a second factor is sent to set it up and can do nothing else until then', async () => {
		const { client, landed, email, password, user } = await signedIn(required, ['admin'])
		expect(landed).toBe('/account/security')
		for (const path of ['/dashboard', '/admin/users', '/contacts/profile']) {
			const response = await client.get(path)
			expect({ path, status: response.status, to: location(response) }).toEqual({ path, status: 302, to: '/account/security' })
		}
		const api = await client.get('/api/users')
		expect(api.status).toBe(403)
		// The session's client shows English (its lang cookie); the token request asks for English.
		expect(await api.json()).toEqual({ message: 'Second factor required' })
		const token = await fetch(new URL('/api/users/authenticate', required.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
			body: JSON.stringify({ email, password }),
		})
		expect(token.status).toBe(403)
		expect(await token.json()).toEqual({ message: 'Second factor required' })

		const page = await client.get('/account/security')
		expect(page.status).toBe(200)
		expect(parseHtml(await page.text()).querySelector('[role="status"]')?.text).toBe(en.mfa.requiredNotice)
		expect((await client.post('/account/security', { intent: 'startMfa' })).status).toBe(302)
		const setup = parseHtml(await (await client.get('/account/security')).text())
		expect(setup.querySelector('.mfa-qr svg')).not.toBeNull()
		// The key as text, in groups of four: what a text browser shows.
		const shown = setup.querySelector('#mfa-key')!.text.trim()
		expect(shown).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/)
		expect(setup.querySelector('main')!.text).toContain(shown)
		const key = shown.replace(/\s+/g, '')
		// Adding a factor asks for the password again: a session alone does not tie the account to a phone.
		const withoutPassword = await client.post('/account/security', { intent: 'confirmMfa', code: totpCode(key) })
		expect(withoutPassword.status).toBe(400)
		expect(errorSummary(await withoutPassword.text())?.items).toEqual([en.validation.required])
		const wrongPassword = await client.post('/account/security', {
			intent: 'confirmMfa',
			code: totpCode(key),
			password: 'Not the password 1',
		})
		expect(wrongPassword.status).toBe(400)
		expect(errorSummary(await wrongPassword.text())?.items).toEqual([en.mfa.setup.wrongPassword])
		expect(await hasSecondFactor(user.id)).toBe(false)
		const confirmed = await client.post('/account/security', { intent: 'confirmMfa', code: totpCode(key), password })
		expect(confirmed.status).toBe(200)
		expect(parseHtml(await confirmed.text()).querySelectorAll('.mfa-recovery-codes li')).toHaveLength(10)
		expect((await client.get('/dashboard')).status).toBe(200)
		expect((await client.get('/api/users')).status).toBe(200)

		// In scope, it cannot be turned off.
		const off = await client.post('/account/security', { intent: 'disableMfa', code: totpCode(key, Date.now() + STEP_MS) })
		expect(off.status).toBe(403)
		expect(errorSummary(await off.text())?.items).toEqual([en.mfa.disable.required])
	})

	test('a viewer is not covered', async () => {
		const { client, landed } = await signedIn(required, ['viewer'])
		expect(landed).toBe('/dashboard')
		expect((await client.get('/dashboard')).status).toBe(200)
	})
})

describe('turning the second factor off (not covered)', () => {
	test('needs a current code; then signing in is one step again', async () => {
		const { client, user, email, password } = await signedIn(plain, ['viewer'])
		const secret = await enrol(user.id)
		const wrong = await client.post('/account/security', { intent: 'disableMfa', code: '12345' })
		expect(wrong.status).toBe(400)
		expect(await hasSecondFactor(user.id)).toBe(true)
		const off = await client.post('/account/security', { intent: 'disableMfa', code: totpCode(secret) })
		expect(off.status).toBe(302)
		expect(await hasSecondFactor(user.id)).toBe(false)
		const again = await new TestClient(plain.url).signIn(email, password, '/dashboard')
		expect(location(again)).toBe('/dashboard')
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('action')
			.where('actor_user_id', '=', user.id)
			.where('action', 'like', 'auth.mfa%')
			.orderBy('id')
			.execute()
		expect(audit.map((row) => row.action)).toEqual(['auth.mfa_failed', 'auth.mfa_disabled'])
		const notices = await getDb()
			.selectFrom('notifications')
			.select('title_key')
			.where('user_id', '=', user.id)
			.where('type', '=', 'second_factor_changed')
			.execute()
		expect(notices.map((row) => row.title_key)).toEqual(['mfa.notices.disabled'])
	})

	test('new recovery codes need a current code and replace the old ones', async () => {
		const { client, user } = await signedIn(plain, ['viewer'])
		const secret = await enrol(user.id)
		const response = await client.post('/account/security', { intent: 'regenerateRecoveryCodes', code: totpCode(secret) })
		expect(response.status).toBe(200)
		const codes = parseHtml(await response.text())
			.querySelectorAll('.mfa-recovery-codes li')
			.map((item) => item.text.trim())
		expect(codes).toHaveLength(10)
		expect(response.headers.get('Cache-Control')).toBe('no-store')
	})
})

describe('an administrator resets a user’s second factor', () => {
	test('the factor is gone, the user is signed out everywhere, their API tokens stop, and it is audited', async () => {
		const admin = await signedIn(plain, ['admin'])
		const target = await createTestUser({ roles: ['viewer'] })
		const secret = await enrol(target.user.id)
		const browser = new TestClient(plain.url)
		await (await browser.signIn(target.email, target.password, '/dashboard')).text()
		expect((await browser.post('/account/login/verify', { code: totpCode(secret) })).status).toBe(302)
		expect((await browser.get('/dashboard')).status).toBe(200)
		const tokenResponse = await fetch(new URL('/api/users/authenticate', plain.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: target.email, password: target.password, code: totpCode(secret, Date.now() + STEP_MS) }),
		})
		const { token } = (await tokenResponse.json()) as { token: string }
		expect(tokenResponse.status).toBe(200)

		const page = parseHtml(await (await admin.client.get(`/admin/users/${target.user.id}`)).text())
		expect(page.querySelector('input[name="intent"][value="resetMfa"]')).not.toBeNull()
		const reset = await admin.client.post(`/admin/users/${target.user.id}`, { intent: 'resetMfa' })
		await reset.text()
		expect(reset.status).toBe(302)
		expect(await hasSecondFactor(target.user.id)).toBe(false)
		expect(location(await browser.get('/dashboard'))).toMatch(/^\/account\/login/)
		const withToken = await fetch(new URL('/api/users', plain.url), { headers: { Authorization: `Bearer ${token}` } })
		await withToken.text()
		expect(withToken.status).toBe(401)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'actor_user_id', 'details'])
			.where('entity_id', '=', String(target.user.id))
			.where('action', '=', 'user.mfaReset')
			.execute()
		expect(audit).toHaveLength(1)
		expect(audit[0]!.actor_user_id).toBe(admin.user.id)
		expect(JSON.parse(audit[0]!.details!)).toMatchObject({ hadSecondFactor: true, sessionsEnded: 1 })
		const notices = await getDb()
			.selectFrom('notifications')
			.select(['type', 'title_key', 'link'])
			.where('user_id', '=', target.user.id)
			.where('type', '=', 'second_factor_changed')
			.execute()
		expect(notices).toEqual([{ type: 'second_factor_changed', title_key: 'mfa.notices.reset', link: '/account/security' }])
		const direct = await new TestClient(plain.url).signIn(target.email, target.password, '/dashboard')
		expect(location(direct)).toBe('/dashboard')
	})

	test('never for someone holding grants the actor lacks: 403, audited, nothing changed', async () => {
		const userAdmin = `mfa_useradmin_${Date.now()}`
		await createRole(userAdmin, { QUANTRI: ['view'], QUANTRI_USERS: ['view', 'update'] })
		const actor = await signedIn(plain, ['viewer', userAdmin])
		const admin = await createTestUser({ roles: ['admin'] })
		await enrol(admin.user.id)
		const response = await actor.client.post(`/admin/users/${admin.user.id}`, { intent: 'resetMfa' })
		expect(response.status).toBe(403)
		expect(
			parseHtml(await response.text())
				.querySelectorAll('[role="alert"]')
				.map((alert) => alert.text)
				.join(' '),
		).toContain(en.admin.delegation.userBeyondActor)
		expect(await hasSecondFactor(admin.user.id)).toBe(true)
		const refused = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'delegation.refused')
			.where('entity_id', '=', String(admin.user.id))
			.execute()
		expect(refused.map((row) => JSON.parse(row.details!) as { attempted: string })).toEqual([
			expect.objectContaining({ attempted: 'resetMfa' }),
		])
	})

	test('not one’s own: that needs a current code on the security page', async () => {
		const admin = await signedIn(plain, ['admin'])
		await enrol(admin.user.id)
		const response = await admin.client.post(`/admin/users/${admin.user.id}`, { intent: 'resetMfa' })
		expect(response.status).toBe(409)
		expect(await hasSecondFactor(admin.user.id)).toBe(true)
	})
})
