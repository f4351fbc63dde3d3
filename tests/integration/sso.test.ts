import net from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { toEmail } from '~/users/email.server'
import { getUserByEmail, setUserLocked, setUserRoles } from '~/users/users.server'
import { getRoleAssignments } from '~/users/role-assignments.server'
import { confirmEnrolment, startEnrolment } from '~/auth/mfa/mfa.server'
import { totpCode } from '~/auth/mfa/totp.server'
import { TestClient, location } from '../support/client'
import { parseHtml } from '../support/html'
import type { NextAnswer, TestOidcProvider, TestPerson } from '../support/oidc-provider'
import { addTestPerson, signInThroughProvider, startOidcProviderForPortal } from '../support/sso'
import { startServer, type RunningServer } from '../support/server'
import { translate } from '../support/translate'
import { createTestUser } from '../support/users'

/**
 * Single sign-on against a real OpenID provider (oidc-provider on loopback, tests/support/oidc-provider.ts):
 * one provider and one portal server for the whole file, and a second portal whose provider is unreachable.
 */
let idp: TestOidcProvider
let portal: RunningServer
let portalUrl: string
let portalEnv: Record<string, string>
let unreachablePortal: RunningServer
let deadProvider: net.Server

const ROLE_MAP = { 'field-ag': 'operator@an-giang', staff: 'viewer', ops: ['operator', 'viewer@ha-noi'] }

beforeAll(async () => {
	const started = await startOidcProviderForPortal()
	idp = started.idp
	portalUrl = idp.portalUrl
	// A provider that is there but answers nothing: each connection is closed at once.
	deadProvider = net.createServer((socket) => socket.destroy())
	await new Promise<void>((resolve) => deadProvider.listen(0, '127.0.0.1', resolve))
	const deadPort = (deadProvider.address() as net.AddressInfo).port
	// One after the other: both would make the first administrator of the shared database at once.
	portalEnv = {
		...started.portalEnv,
		OIDC_CREATE_ACCOUNTS: 'true',
		OIDC_ROLE_MAP: JSON.stringify(ROLE_MAP),
		OIDC_PASSWORDS: 'admins',
	}
	portal = await startServer(portalEnv)
	unreachablePortal = await startServer({
		PUBLIC_URL: 'http://127.0.0.1:9',
		OIDC_ISSUER: `http://127.0.0.1:${deadPort}`,
		OIDC_CLIENT_ID: 'portal',
		OIDC_CLIENT_SECRET: 'secret',
	})
})

afterAll(async () => {
	await Promise.all([portal?.stop(), unreachablePortal?.stop()])
	await idp?.close()
	deadProvider?.close()
})

function person(overrides: TestPerson = {}) {
	return addTestPerson(idp, overrides)
}

function ssoSignIn(client: TestClient, next: NextAnswer, redirectTo = '/', beforeCallback?: () => void) {
	return signInThroughProvider(idp, client, next, redirectTo, beforeCallback)
}

let portalSettings: Record<string, string> = {}

/** The portal with these settings beside the file's: restarted on its port and database unless it runs with them already. */
async function portalWith(env: Record<string, string>) {
	if (JSON.stringify(env) === JSON.stringify(portalSettings)) return
	expect(await portal.stop()).toBe(0)
	portal = await startServer({ ...portalEnv, ...env })
	portalSettings = env
}

async function refusalText(response: Response) {
	return parseHtml(await response.text())
		.querySelector('.alert-danger')
		?.text.trim()
}

async function lastAudit(action: string) {
	return getDb().selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'desc').executeTakeFirst()
}

async function rolesOf(userId: number) {
	const rows = await getDb()
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.select(['roles.code', 'user_roles.source'])
		.where('user_roles.user_id', '=', userId)
		.orderBy('roles.code')
		.execute()
	return rows.map((row) => `${row.code}:${row.source}`)
}

async function signedIn(client: TestClient) {
	const answer = await client.get('/account/security')
	await answer.text()
	return answer.status === 200
}

describe('single sign-on through the OpenID provider', () => {
	test('the sign-in page offers the company account: a form posting to /account/oidc/start with redirectTo, no JavaScript needed', async () => {
		const page = parseHtml(await (await new TestClient(portal.url).get('/account/login?redirectTo=%2Fdanhmuc%2Ftram')).text())
		const form = page.querySelectorAll('form').find((candidate) => candidate.getAttribute('action') === '/account/oidc/start')
		expect(form?.getAttribute('method')).toBe('post')
		expect(form?.querySelector('input[name="redirectTo"]')?.getAttribute('value')).toBe('/danhmuc/tram')
		expect(form?.querySelector('button')?.text.trim()).toBe(translate('vn', 'sso.button'))
	})

	test('a first sign-in creates the account (names and roles from the provider) and goes where it was asked to', async () => {
		const someone = person({ groups: ['staff', 'unmapped'] })
		const client = new TestClient(portal.url)
		const { response } = await ssoSignIn(client, { subject: someone.subject }, '/danhmuc/tram?q=x')
		await response.text()
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/danhmuc/tram?q=x')
		const user = (await getUserByEmail(toEmail(someone.email)))!
		expect(user).toMatchObject({ first_name: 'Lan', last_name: 'Nguyễn', display_name: 'Nguyễn Lan', password_hash: null })
		expect(await rolesOf(user.id)).toEqual(['viewer:directory'])
		expect(await lastAudit('auth.sso_account_created')).toMatchObject({ entity_id: String(user.id) })
		const session = await getDb()
			.selectFrom('sessions')
			.select(['oidc_sid', 'oidc_id_token'])
			.where('user_id', '=', user.id)
			.executeTakeFirstOrThrow()
		expect(session.oidc_sid).toBeTruthy()
		expect(session.oidc_id_token).toBeTruthy()
		const security = parseHtml(await (await client.get('/account/security')).text())
		const identity = security.querySelector('#sso-identity-heading')?.parentNode
		expect(identity?.querySelectorAll('dd').map((dd) => dd.text)).toContain(someone.subject)
	})

	test('an existing account is linked once by a verified email; names follow the provider at each sign-in', async () => {
		const { user, email } = await createTestUser({ prefix: 'linked' })
		const someone = person({ email, given_name: 'Minh', family_name: 'Trần', name: 'Trần Minh' })
		const client = new TestClient(portal.url)
		const first = await ssoSignIn(client, { subject: someone.subject })
		await first.response.text()
		expect(first.response.status).toBe(302)
		expect(await lastAudit('auth.sso_linked')).toMatchObject({ entity_id: String(user.id) })
		expect(await getUserByEmail(email)).toMatchObject({ id: user.id, first_name: 'Minh', last_name: 'Trần', display_name: 'Trần Minh' })
		// Renamed in the directory, and even with a new email, the (issuer, subject) link finds the same account.
		idp.people.set(someone.subject, {
			...idp.people.get(someone.subject)!,
			email: `moved-${email}`,
			given_name: 'Minh Anh',
			name: 'Trần Minh Anh',
		})
		const second = await ssoSignIn(new TestClient(portal.url), { subject: someone.subject })
		await second.response.text()
		expect(second.response.status).toBe(302)
		expect(await getUserByEmail(email)).toMatchObject({ id: user.id, first_name: 'Minh Anh', display_name: 'Trần Minh Anh' })
	})

	test('an unverified email that matches an account is refused (403, translated, no session), even though accounts may be created', async () => {
		const { email } = await createTestUser({ prefix: 'unverified' })
		const someone = person({ email, email_verified: false })
		const client = new TestClient(portal.url)
		const { response } = await ssoSignIn(client, { subject: someone.subject })
		expect(response.status).toBe(403)
		expect(await refusalText(response)).toBe(translate('vn', 'sso.reasons.unverifiedEmail'))
		expect(client.cookies.has('sp_session')).toBe(false)
		expect(await signedIn(client)).toBe(false)
		expect(JSON.parse((await lastAudit('auth.sso_failed'))!.details!)).toMatchObject({ reason: 'unverifiedEmail' })
		expect(
			await getDb().selectFrom('user_identities').select('subject').where('subject', '=', someone.subject).executeTakeFirst(),
		).toBeUndefined()
	})

	test('roles and scopes follow the directory groups from one sign-in to the next; roles given in the portal stay', async () => {
		const someone = person({ groups: ['field-ag'] })
		const first = await ssoSignIn(new TestClient(portal.url), { subject: someone.subject })
		await first.response.text()
		const user = (await getUserByEmail(toEmail(someone.email)))!
		expect(await rolesOf(user.id)).toEqual(['operator:directory'])
		const firstAudit = JSON.parse((await lastAudit('auth.sso_roles'))!.details!)
		expect(firstAudit).toMatchObject({
			from: '',
			to: 'operator (directory) (an-giang)',
			assignments: [{ roleCode: 'operator', provinces: ['an-giang'] }],
		})
		expect(await getRoleAssignments(user.id)).toEqual([{ roleId: expect.any(Number), code: 'operator', provinces: ['an-giang'] }])
		// An administrator gives `viewer` in the portal; the directory moves the person from field-ag to staff,
		// which gives `viewer` too: the administrator's assignment stays the portal's (decision 0056).
		await getDb()
			.insertInto('user_roles')
			.values({
				user_id: user.id,
				role_id: (await getDb().selectFrom('roles').select('id').where('code', '=', 'viewer').executeTakeFirstOrThrow()).id,
			})
			.execute()
		const moveTo = async (groups: string[]) => {
			idp.people.set(someone.subject, { ...idp.people.get(someone.subject)!, groups })
			await (await ssoSignIn(new TestClient(portal.url), { subject: someone.subject })).response.text()
			return JSON.parse((await lastAudit('auth.sso_roles'))!.details!) as { from: string; to: string; assignments: unknown }
		}
		expect(await moveTo(['staff'])).toEqual({
			from: 'operator (directory) (an-giang), viewer',
			to: 'viewer',
			assignments: [{ roleCode: 'viewer', provinces: null }],
		})
		expect(await rolesOf(user.id)).toEqual(['viewer:portal'])
		expect(await moveTo(['ops'])).toEqual({
			from: 'viewer',
			to: 'operator (directory), viewer',
			assignments: [
				{ roleCode: 'operator', provinces: null },
				{ roleCode: 'viewer', provinces: ['ha-noi'] },
			],
		})
		expect(await rolesOf(user.id)).toEqual(['operator:directory', 'viewer:portal'])
		// The portal's `viewer` keeps the portal's provinces (everywhere), not the directory's `ha-noi`.
		expect((await getRoleAssignments(user.id)).map(({ code, provinces }) => ({ code, provinces }))).toEqual([
			{ code: 'operator', provinces: null },
			{ code: 'viewer', provinces: null },
		])
		// Only the provinces change: audited all the same.
		expect(await moveTo(['field-ag'])).toMatchObject({
			from: 'operator (directory), viewer',
			to: 'operator (directory) (an-giang), viewer',
		})
		// Out of every mapped group: the directory's role goes, the portal's stays.
		expect(await moveTo([])).toMatchObject({ from: 'operator (directory) (an-giang), viewer', to: 'viewer' })
		expect(await rolesOf(user.id)).toEqual(['viewer:portal'])
		// An administrator takes `viewer` away in the portal: the role the directory gave stays the directory's.
		await moveTo(['ops'])
		const admin = await createTestUser({ prefix: 'roles-admin', roles: ['admin'] })
		const adminClient = new TestClient(portal.url)
		await (await adminClient.signIn(admin.email, admin.password)).text()
		const saved = await adminClient.post(`/admin/users/${user.id}`, {
			intent: 'update',
			displayName: 'Nguyễn Lan',
			firstName: 'Lan',
			lastName: 'Nguyễn',
			roles: ['operator'],
		})
		await saved.text()
		expect(saved.status).toBe(302)
		expect(await rolesOf(user.id)).toEqual(['operator:directory'])
		expect(await moveTo(['staff'])).toMatchObject({ from: 'operator (directory)', to: 'viewer (directory)' })
	})

	test('a locked account stays locked whatever the provider says', async () => {
		const { user, email } = await createTestUser({ prefix: 'locked' })
		await setUserLocked(user.id, true)
		const someone = person({ email })
		const client = new TestClient(portal.url)
		const { response } = await ssoSignIn(client, { subject: someone.subject })
		expect(response.status).toBe(403)
		expect(await refusalText(response)).toBe(translate('vn', 'sso.reasons.locked'))
		expect(await signedIn(client)).toBe(false)
	})

	test('signing out ends the portal session and continues at the provider with the ID token hint, back to the sign-in page', async () => {
		const someone = person()
		const client = new TestClient(portal.url)
		await (await ssoSignIn(client, { subject: someone.subject })).response.text()
		const user = (await getUserByEmail(toEmail(someone.email)))!
		const { oidc_id_token } = await getDb()
			.selectFrom('sessions')
			.select('oidc_id_token')
			.where('user_id', '=', user.id)
			.executeTakeFirstOrThrow()
		const out = await client.post('/account/logout', {})
		await out.text()
		expect(out.status).toBe(302)
		const endSession = new URL(out.headers.get('Location')!)
		expect(endSession.origin).toBe(idp.issuer)
		expect(endSession.searchParams.get('id_token_hint')).toBe(oidc_id_token)
		expect(endSession.searchParams.get('post_logout_redirect_uri')).toBe(`${portalUrl}/account/login`)
		expect(await signedIn(client)).toBe(false)
		// The provider accepts the hint: it asks its user to confirm the sign-out.
		const atProvider = await new TestClient(idp.issuer).get(endSession.href)
		expect(await atProvider.text()).toContain('form')
		expect(atProvider.status).toBe(200)
	})

	test('a back-channel logout from the provider ends the matching portal session at once; a forged token is refused', async () => {
		const someone = person()
		const client = new TestClient(portal.url)
		await (await ssoSignIn(client, { subject: someone.subject })).response.text()
		expect(await signedIn(client)).toBe(true)
		const user = (await getUserByEmail(toEmail(someone.email)))!
		const { oidc_sid } = await getDb().selectFrom('sessions').select('oidc_sid').where('user_id', '=', user.id).executeTakeFirstOrThrow()
		const forged = await fetch(`${portal.url}/account/oidc/backchannel-logout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({
				logout_token: `eyJhbGciOiJub25lIn0.${Buffer.from(JSON.stringify({ iss: idp.issuer, aud: idp.clientId, sid: oidc_sid })).toString('base64url')}.`,
			}),
		})
		expect(await forged.json()).toEqual({ error: 'invalid_request' })
		expect(forged.status).toBe(400)
		expect(await signedIn(client)).toBe(true)
		await idp.backChannelLogout(someone.subject, oidc_sid!)
		expect(await signedIn(client)).toBe(false)
		expect(JSON.parse((await lastAudit('auth.sso_logout'))!.details!)).toMatchObject({ sid: oidc_sid, sessionsEnded: 1 })
	})

	test('an administrator sees the linked identity and unlinks it; the sessions begun through it end', async () => {
		const someone = person()
		const client = new TestClient(portal.url)
		await (await ssoSignIn(client, { subject: someone.subject })).response.text()
		const user = (await getUserByEmail(toEmail(someone.email)))!
		const admin = await createTestUser({ prefix: 'sso-admin', roles: ['admin'] })
		const adminClient = new TestClient(portal.url)
		await (await adminClient.signIn(admin.email, admin.password)).text()
		const page = parseHtml(await (await adminClient.get(`/admin/users/${user.id}`)).text())
		const section = page.querySelector('#sso-identity-heading')?.parentNode
		expect(section?.querySelectorAll('dd').map((dd) => dd.text)).toEqual(expect.arrayContaining([idp.issuer, someone.subject]))
		const unlinked = await adminClient.post(`/admin/users/${user.id}`, { intent: 'unlinkSso' })
		await unlinked.text()
		expect(unlinked.status).toBe(302)
		expect(await getDb().selectFrom('user_identities').select('subject').where('user_id', '=', user.id).executeTakeFirst()).toBeUndefined()
		expect(await signedIn(client)).toBe(false)
		expect(await lastAudit('user.sso_unlinked')).toMatchObject({ entity_id: String(user.id), actor_user_id: admin.user.id })
	})

	describe('errors a user understands: a translated page, 400 or 403, no session, audited', () => {
		test('the user refuses at the provider (access_denied): 403', async () => {
			const client = new TestClient(portal.url)
			const { response } = await ssoSignIn(client, { deny: true })
			expect(response.status).toBe(403)
			expect(await refusalText(response)).toBe(translate('vn', 'sso.reasons.denied'))
			expect(client.cookies.has('sp_session')).toBe(false)
			expect(JSON.parse((await lastAudit('auth.sso_failed'))!.details!)).toMatchObject({ reason: 'denied' })
		})

		test('a replayed callback is stale: 400, whether the flow cookie is gone or was copied (the provider refuses a used code)', async () => {
			const someone = person()
			const client = new TestClient(portal.url)
			let copied: TestClient | null = null
			const { response, callbackPath } = await ssoSignIn(client, { subject: someone.subject }, '/', () => (copied = client.copy()))
			await response.text()
			expect(response.status).toBe(302)
			const again = await client.get(callbackPath)
			expect(again.status).toBe(400)
			expect(await refusalText(again)).toBe(translate('vn', 'sso.reasons.stale'))
			const replay = await copied!.get(callbackPath)
			expect(replay.status).toBe(400)
			expect(await refusalText(replay)).toBe(translate('vn', 'sso.reasons.stale'))
			expect(copied!.cookies.has('sp_session')).toBe(false)
			expect(JSON.parse((await lastAudit('auth.sso_failed'))!.details!)).toMatchObject({ reason: 'stale' })
		})

		test('a callback whose state is not the one this browser started with: 400', async () => {
			const client = new TestClient(portal.url)
			const started = await client.post('/account/oidc/start', { redirectTo: '/' })
			await started.text()
			const answer = await client.get('/account/oidc/callback?code=abc&state=not-the-one')
			expect(answer.status).toBe(400)
			expect(await refusalText(answer)).toBe(translate('vn', 'sso.reasons.state'))
			expect(JSON.parse((await lastAudit('auth.sso_failed'))!.details!)).toMatchObject({ reason: 'state' })
		})

		test('a person with no account and no verified email is not let in: 403 (in the language of the page)', async () => {
			const someone = person({ email_verified: false })
			const client = new TestClient(portal.url)
			client.cookies.set('lang', 'de')
			const { response } = await ssoSignIn(client, { subject: someone.subject })
			expect(response.status).toBe(403)
			expect(await refusalText(response)).toBe(translate('de', 'sso.reasons.unverifiedEmail'))
		})

		test('the provider cannot be reached: a translated 503 with a way to try again', async () => {
			const client = new TestClient(unreachablePortal.url)
			const answer = await client.post('/account/oidc/start', { redirectTo: '/dashboard' })
			expect(answer.status).toBe(503)
			const page = parseHtml(await answer.text())
			expect(page.querySelector('.alert-danger')?.text.trim()).toBe(translate('vn', 'sso.reasons.unreachable'))
			const again = page.querySelectorAll('form').find((form) => form.getAttribute('action') === '/account/oidc/start')
			expect(again?.querySelector('input[name="redirectTo"]')?.getAttribute('value')).toBe('/dashboard')
		})
	})

	describe('OIDC_PASSWORDS=admins: passwords for the holders of all access only (break-glass)', () => {
		test('an ordinary user’s password is refused on the page and by the API; the administrator’s works', async () => {
			const ordinary = await createTestUser({ prefix: 'pw-viewer' })
			const page = await new TestClient(portal.url).signIn(ordinary.email, ordinary.password)
			expect(page.status).toBe(403)
			expect(parseHtml(await page.text()).text).toContain(translate('vn', 'login.passwordsNotAllowed'))
			const api = await fetch(`${portal.url}/api/users/authenticate`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
				body: JSON.stringify({ email: ordinary.email, password: ordinary.password }),
			})
			expect(api.status).toBe(403)
			expect(await api.json()).toEqual({ message: translate('en', 'login.passwordsNotAllowed') })
			const admin = await createTestUser({ prefix: 'pw-admin', roles: ['admin'] })
			const adminPage = await new TestClient(portal.url).signIn(admin.email, admin.password)
			await adminPage.text()
			expect(adminPage.status).toBe(302)
			const adminApi = await fetch(`${portal.url}/api/users/authenticate`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ email: admin.email, password: admin.password }),
			})
			expect((await adminApi.json()) as object).toHaveProperty('token')
			expect(adminApi.status).toBe(200)
			await setUserRoles(ordinary.user.id, ['viewer'])
		})
	})
})

describe('the portal’s own second factor after the company sign-in', () => {
	const TRUSTED_AMR_ADMINS_MFA = { OIDC_TRUST_AMR: 'true', REQUIRE_MFA_FOR: 'admin' }

	test('is asked for, however the provider signed the person in; with OIDC_TRUST_AMR a second factor at the provider (amr) stands in for it, a password there does not', async () => {
		const account = await createTestUser({ prefix: 'sso-mfa' })
		const now = Date.now()
		const secret = (await startEnrolment(account.user.id, now))!
		expect((await confirmEnrolment(account.user.id, totpCode(secret, now), now)).ok).toBe(true)
		const someone = person({ email: account.email })

		// OIDC_TRUST_AMR is off: the provider saying "mfa" changes nothing; the portal's code completes the sign-in.
		const untrusted = new TestClient(portal.url)
		const asked = await ssoSignIn(untrusted, { subject: someone.subject, amr: ['pwd', 'mfa'] }, '/danhmuc/tram')
		await asked.response.text()
		expect(asked.response.status).toBe(302)
		expect(location(asked.response)).toBe('/account/login/verify')
		expect(await signedIn(untrusted)).toBe(false)
		const verified = await untrusted.post('/account/login/verify', { code: totpCode(secret, Date.now() + 30_000) })
		await verified.text()
		expect(location(verified)).toBe('/danhmuc/tram')
		expect(await signedIn(untrusted)).toBe(true)

		// With REQUIRE_MFA_FOR=admin as the next tests need (no restart for them): this person holds no administration grant.
		await portalWith(TRUSTED_AMR_ADMINS_MFA)
		const trusted = new TestClient(portal.url)
		const straightIn = await ssoSignIn(trusted, { subject: someone.subject, amr: ['pwd', 'mfa'] }, '/danhmuc/tram')
		await straightIn.response.text()
		expect(location(straightIn.response)).toBe('/danhmuc/tram')
		expect(await signedIn(trusted)).toBe(true)
		const passwordOnly = new TestClient(portal.url)
		const stillAsked = await ssoSignIn(passwordOnly, { subject: someone.subject, amr: ['pwd'] })
		await stillAsked.response.text()
		expect(location(stillAsked.response)).toBe('/account/login/verify')
		expect(await signedIn(passwordOnly)).toBe(false)
	})

	describe('REQUIRE_MFA_FOR=admin with OIDC_TRUST_AMR: the provider’s second factor counts for the session it signed in', () => {
		beforeEach(() => portalWith(TRUSTED_AMR_ADMINS_MFA))

		/** An administrator without the portal's own second factor, known at the provider by the same email. */
		async function administratorAtProvider() {
			const account = await createTestUser({ prefix: 'sso-amr-admin', roles: ['admin'] })
			return { ...account, subject: person({ email: account.email }).subject }
		}

		/** Where the portal sends this browser for a protected page and for the API (the enrolment page, or nowhere). */
		async function sentTo(client: TestClient) {
			const page = await client.get('/admin/users')
			const html = await page.text()
			const api = await client.get('/api/QuanTri/FunctionGetByUser')
			const body = (await api.json()) as { type?: string; message?: string }
			return {
				page: page.status === 200 ? parseHtml(html).querySelector('h1')?.text.trim() : location(page),
				api: api.status === 200 ? body.type : body.message,
			}
		}

		/** Whether the security page tells this session to set up a second factor. */
		async function toldToEnrol(client: TestClient) {
			const page = parseHtml(await (await client.get('/account/security')).text())
			return page.querySelectorAll('.alert').some((alert) => alert.text.trim() === translate('vn', 'mfa.requiredNotice'))
		}

		test('a trusted amr naming a second factor: no enrolment asked, the protected page and the API answer; the same account’s password sign-in afterwards must enrol', async () => {
			const admin = await administratorAtProvider()
			const client = new TestClient(portal.url)
			const { response } = await ssoSignIn(client, { subject: admin.subject, amr: ['pwd', 'mfa'] }, '/admin/users')
			await response.text()
			expect(location(response)).toBe('/admin/users')
			expect(await sentTo(client)).toEqual({ page: translate('vn', 'admin.users.title'), api: 'success' })
			const session = await getDb()
				.selectFrom('sessions')
				.select('second_factor')
				.where('user_id', '=', admin.user.id)
				.executeTakeFirstOrThrow()
			expect(session.second_factor).toBe('provider')
			expect(await toldToEnrol(client)).toBe(false)

			const byPassword = new TestClient(portal.url)
			const signedIn = await byPassword.signIn(admin.email, admin.password)
			await signedIn.text()
			expect(location(signedIn)).toBe('/account/security')
			expect(await sentTo(byPassword)).toEqual({ page: '/account/security', api: translate('vn', 'api.secondFactorRequired') })
			expect(await toldToEnrol(byPassword)).toBe(true)
			// The provider's session is still the one that counts for itself.
			expect((await sentTo(client)).api).toBe('success')
		})

		test('an amr without a second factor: enrolment asked', async () => {
			const admin = await administratorAtProvider()
			const client = new TestClient(portal.url)
			const { response } = await ssoSignIn(client, { subject: admin.subject, amr: ['pwd'] }, '/admin/users')
			await response.text()
			expect(location(response)).toBe('/account/security')
			expect(await sentTo(client)).toEqual({ page: '/account/security', api: translate('vn', 'api.secondFactorRequired') })
		})

		test('OIDC_TRUST_AMR off: the provider’s mfa does not count, neither for a new sign-in nor for a session it counted for before', async () => {
			const admin = await administratorAtProvider()
			const before = new TestClient(portal.url)
			await (await ssoSignIn(before, { subject: admin.subject, amr: ['pwd', 'mfa'] }, '/admin/users')).response.text()
			expect((await sentTo(before)).api).toBe('success')
			await portalWith({ REQUIRE_MFA_FOR: 'admin' })
			expect(await sentTo(before)).toEqual({ page: '/account/security', api: translate('vn', 'api.secondFactorRequired') })
			const client = new TestClient(portal.url)
			const { response } = await ssoSignIn(client, { subject: admin.subject, amr: ['pwd', 'mfa'] }, '/admin/users')
			await response.text()
			expect(location(response)).toBe('/account/security')
			expect(await sentTo(client)).toEqual({ page: '/account/security', api: translate('vn', 'api.secondFactorRequired') })
		})
	})
})
