import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { firebaseProvider } from '~/auth/firebase-provider.server'
import { getDb } from '~/db/db.server'
import { resetSingleton } from '~/utils/singleton.server'
import { getUserByEmail, setUserLocked, setUserRoles } from '~/users/users.server'
import { toEmail } from '~/users/email.server'
import { mailsArrivedTo, resetTokenIn } from '../support/mail'
import { TestClient, location } from '../support/client'
import { errorSummary, parseHtml } from '../support/html'
import type { TestOidcProvider } from '../support/oidc-provider'
import { addTestPerson, signInThroughProvider, startOidcProviderForPortal } from '../support/sso'
import { startServer, type RunningServer } from '../support/server'
import { translate } from '../support/translate'

/**
 * AUTH_PROVIDER=firebase against the Firebase Auth emulator (`npm test` starts one; see
 * scripts/lib/firebase-emulator.sh). Sign-in, password change, reset and linking go through the
 * server's forms, as without JavaScript. Single sign-on is configured beside it (a real OpenID provider on
 * loopback, tests/support/oidc-provider.ts), as a company with both would run the portal.
 */
const emulatorHost = process.env.FIREBASE_AUTH_EMULATOR_HOST
if (!emulatorHost) throw new Error('FIREBASE_AUTH_EMULATOR_HOST is not set: start the Auth emulator (scripts/lib/firebase-emulator.sh)')
const firebase = {
	AUTH_PROVIDER: 'firebase',
	FIREBASE_PROJECT_ID: 'demo-staff-portal',
	FIREBASE_API_KEY: 'emulator-api-key',
	FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
}
Object.assign(process.env, firebase)
resetSingleton('config')

let server: RunningServer
let idp: TestOidcProvider
let sequence = 0

function newAccount() {
	sequence += 1
	return { email: toEmail(`firebase${sequence}-${Date.now()}@example.com`), password: `Firebase pass ${sequence} ${Date.now()}` }
}

/** Asks the emulator directly whether Firebase accepts these credentials. */
async function firebaseAccepts(email: string, password: string): Promise<boolean> {
	const response = await fetch(
		`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${firebase.FIREBASE_API_KEY}`,
		{
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email, password }),
		},
	)
	return response.ok
}

beforeAll(async () => {
	await fetch(`http://${emulatorHost}/emulator/v1/projects/${firebase.FIREBASE_PROJECT_ID}/accounts`, { method: 'DELETE' })
	const started = await startOidcProviderForPortal()
	idp = started.idp
	server = await startServer({
		...firebase,
		...started.portalEnv,
		OIDC_CREATE_ACCOUNTS: 'true',
		OIDC_ROLE_MAP: JSON.stringify({ staff: 'viewer' }),
	})
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
	await idp?.close()
})

describe('the firebase provider', () => {
	test('an account made here lives in Firebase; the form signs in; a wrong password reads like an unknown email', async () => {
		const { email, password } = newAccount()
		const user = await firebaseProvider.createAccount({ email, password, displayName: 'Phạm Thu Hà' })
		await setUserRoles(user.id, ['viewer'])
		expect(user.password_hash).toBeNull()
		expect(user.external_id).toBeTruthy()
		expect(await firebaseAccepts(email, password)).toBe(true)

		const signedIn = await new TestClient(server.url).signIn(email, password)
		expect(location(signedIn)).toBe('/')
		const wrong = await new TestClient(server.url).signIn(email, 'Not the password 1')
		const unknown = await new TestClient(server.url).signIn('nobody-here@example.com', 'Not the password 1')
		expect(wrong.status).toBe(400)
		expect(unknown.status).toBe(wrong.status)
		const message = (html: string) => errorSummary(html)?.items
		const wrongMessage = message(await wrong.text())
		expect(wrongMessage).toHaveLength(1)
		expect(wrongMessage).toEqual(message(await unknown.text()))
	})

	test('a password change is made in Firebase: the old password stops working, the new one works', async () => {
		const { email, password } = newAccount()
		const user = await firebaseProvider.createAccount({ email, password })
		await setUserRoles(user.id, ['viewer'])
		const client = new TestClient(server.url)
		await client.signIn(email, password)
		const refused = await client.post('/account/change-password', {
			currentPassword: 'Not the password 1',
			newPassword: 'Firebase changed 1',
			confirmPassword: 'Firebase changed 1',
		})
		expect(refused.status).toBe(400)
		expect(await firebaseAccepts(email, password)).toBe(true)
		const changed = await client.post('/account/change-password', {
			currentPassword: password,
			newPassword: 'Firebase changed 1',
			confirmPassword: 'Firebase changed 1',
		})
		expect(changed.status).toBe(302)
		expect(await firebaseAccepts(email, password)).toBe(false)
		expect(await firebaseAccepts(email, 'Firebase changed 1')).toBe(true)
		expect(location(await new TestClient(server.url).signIn(email, 'Firebase changed 1'))).toBe('/')
	})

	test('an administrator reset forces a change at the next sign-in; a locked account cannot sign in', async () => {
		const { email, password } = newAccount()
		const user = await firebaseProvider.createAccount({ email, password })
		await setUserRoles(user.id, ['viewer'])
		await firebaseProvider.setPassword(user, 'Temporary firebase 1', { mustChange: true })
		expect(await firebaseAccepts(email, password)).toBe(false)
		expect(location(await new TestClient(server.url).signIn(email, 'Temporary firebase 1'))).toBe('/account/change-password')

		await setUserLocked(user.id, true)
		expect(await firebaseAccepts(email, 'Temporary firebase 1')).toBe(true)
		expect((await new TestClient(server.url).signIn(email, 'Temporary firebase 1')).status).toBe(400)
	})

	test('an account made in Firebase elsewhere signs in, is linked by its uid, and holds no roles yet', async () => {
		const { email, password } = newAccount()
		const made = await fetch(`http://${emulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=${firebase.FIREBASE_API_KEY}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email, password }),
		})
		const { localId } = (await made.json()) as { localId: string }
		const client = new TestClient(server.url)
		expect((await client.signIn(email, password)).status).toBe(302)
		expect((await getUserByEmail(email))?.external_id).toBe(localId)
		// Nothing granted: no page to land on.
		expect(location(await client.get('/'))).toBeNull()
	})

	test('forgot password: the emailed link sets the password in Firebase', async () => {
		const { email, password } = newAccount()
		const user = await firebaseProvider.createAccount({ email, password })
		await setUserRoles(user.id, ['viewer'])
		const client = new TestClient(server.url)
		const asked = await client.post('/account/forgot-password', { email })
		expect(asked.status).toBe(200)
		await asked.text()
		const [mail] = await mailsArrivedTo(email)
		const token = mail && resetTokenIn(mail)
		expect(token).toBeTruthy()
		const done = await client.post('/account/reset-password', {
			token: token!,
			newPassword: 'Firebase reset 1',
			confirmPassword: 'Firebase reset 1',
		})
		expect(location(done)).toBe('/account/login?reason=password-reset')
		expect(await firebaseAccepts(email, password)).toBe(false)
		expect(location(await new TestClient(server.url).signIn(email, 'Firebase reset 1'))).toBe('/')
	})
	test('goes through the same throttling: of 40 simultaneous wrong passwords only the limit reach Firebase', async () => {
		const { email, password } = newAccount()
		const user = await firebaseProvider.createAccount({ email, password })
		await setUserRoles(user.id, ['viewer'])
		const client = new TestClient(server.url)
		await client.csrfToken()
		const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => client.signIn(email, `Wrong guess ${n}`)))
		const statuses = await Promise.all(responses.map(async (response) => (await response.text(), response.status)))
		const verified = statuses.filter((status) => status === 400).length
		expect(verified).toBeGreaterThan(0)
		expect(verified).toBeLessThanOrEqual(5)
		expect(statuses.filter((status) => status === 429)).toHaveLength(40 - verified)
		const failed = await getDb()
			.selectFrom('audit_log')
			.select('id')
			.where('action', '=', 'auth.sign_in_failed')
			.where('actor_email', '=', email)
			.execute()
		expect(failed).toHaveLength(verified)
		const locked = await new TestClient(server.url).signIn(email, password)
		expect(locked.status).toBe(429)
		expect(Number(locked.headers.get('Retry-After'))).toBeGreaterThan(0)
		await locked.text()
	})

	/** A Firebase viewer, and a client signed in as a Firebase administrator. */
	async function administratorAndViewer() {
		const admin = newAccount()
		const adminUser = await firebaseProvider.createAccount(admin)
		await setUserRoles(adminUser.id, ['admin'])
		const { email, password } = newAccount()
		const user = await firebaseProvider.createAccount({ email, password })
		await setUserRoles(user.id, ['viewer'])
		const client = new TestClient(server.url)
		await (await client.signIn(admin.email, admin.password)).text()
		return { client, user, email, password }
	}

	test('an administrator’s change of sign-in email reaches Firebase: the new address signs in there and here, the old one nowhere', async () => {
		const { client, user, email, password } = await administratorAndViewer()
		const newEmail = toEmail(`moved-${Date.now()}@example.com`)
		const changed = await client.post(`/admin/users/${user.id}`, { intent: 'changeEmail', email: newEmail })
		await changed.text()
		expect(location(changed)).toBe(`/admin/users/${user.id}`)
		expect(await firebaseAccepts(newEmail, password)).toBe(true)
		expect(await firebaseAccepts(email, password)).toBe(false)
		const fresh = await new TestClient(server.url).signIn(newEmail, password)
		await fresh.text()
		expect(location(fresh)).toBe('/')
		expect((await getUserByEmail(newEmail))?.id).toBe(user.id)
	})

	test('an administrator’s password reset sets the password in Firebase: the temporary one signs in and must be changed', async () => {
		const { client, user, email, password } = await administratorAndViewer()
		const temporary = `Temporary pass ${Date.now()}`
		const reset = await client.post(`/admin/users/${user.id}`, { intent: 'resetPassword', password: temporary })
		await reset.text()
		expect(location(reset)).toBe(`/admin/users/${user.id}`)
		expect(await firebaseAccepts(email, temporary)).toBe(true)
		expect(await firebaseAccepts(email, password)).toBe(false)
		const signedIn = await new TestClient(server.url).signIn(email, temporary)
		await signedIn.text()
		expect(location(signedIn)).toBe('/account/change-password')
	})
	describe('single sign-on beside Firebase', () => {
		/** Whether the client's session opens a page that needs a grant (the dashboard, given by the `staff` group's viewer). */
		async function dashboardOpens(client: TestClient) {
			const page = await client.get('/dashboard')
			const html = await page.text()
			return page.status === 200 && parseHtml(html).querySelector('h1')?.text.trim() === translate('vn', 'dashboard.title')
		}

		/** Signing out ends the portal session and continues at the provider. */
		async function signOut(client: TestClient) {
			const out = await client.post('/account/logout', {})
			await out.text()
			expect(new URL(location(out)!).origin).toBe(idp.issuer)
			expect(await dashboardOpens(client)).toBe(false)
		}

		test('a first sign-in through the provider creates the account (nothing made in Firebase); the session opens pages; signing out ends it', async () => {
			const someone = addTestPerson(idp, { groups: ['staff'] })
			const client = new TestClient(server.url)
			const { response } = await signInThroughProvider(idp, client, { subject: someone.subject }, '/dashboard')
			await response.text()
			expect(location(response)).toBe('/dashboard')
			const user = (await getUserByEmail(toEmail(someone.email)))!
			expect(user).toMatchObject({ first_name: 'Lan', last_name: 'Nguyễn', password_hash: null, external_id: null })
			expect(await dashboardOpens(client)).toBe(true)
			await signOut(client)
		})

		test('an account made through the Firebase provider is linked by its verified email; its Firebase password signs in as before', async () => {
			const { email, password } = newAccount()
			const user = await firebaseProvider.createAccount({ email, password })
			await setUserRoles(user.id, ['viewer'])
			const someone = addTestPerson(idp, { email })
			const client = new TestClient(server.url)
			const { response } = await signInThroughProvider(idp, client, { subject: someone.subject }, '/dashboard')
			await response.text()
			expect(location(response)).toBe('/dashboard')
			const linked = await getDb()
				.selectFrom('user_identities')
				.select(['user_id', 'issuer'])
				.where('subject', '=', someone.subject)
				.executeTakeFirstOrThrow()
			expect(linked).toEqual({ user_id: user.id, issuer: idp.issuer })
			expect((await getUserByEmail(email))?.external_id).toBe(user.external_id)
			expect(await dashboardOpens(client)).toBe(true)
			await signOut(client)
			const byPassword = await new TestClient(server.url).signIn(email, password)
			await byPassword.text()
			expect(location(byPassword)).toBe('/')
		})

		test('an account single sign-on created gets a Firebase account when an administrator sets its password; a change of its email needs none', async () => {
			const someone = addTestPerson(idp, { groups: ['staff'] })
			await (await signInThroughProvider(idp, new TestClient(server.url), { subject: someone.subject })).response.text()
			const user = (await getUserByEmail(toEmail(someone.email)))!
			const { client } = await administratorAndViewer()
			const newEmail = toEmail(`sso-moved-${Date.now()}@example.com`)
			const changed = await client.post(`/admin/users/${user.id}`, { intent: 'changeEmail', email: newEmail })
			await changed.text()
			expect(location(changed)).toBe(`/admin/users/${user.id}`)
			expect((await getUserByEmail(newEmail))?.id).toBe(user.id)
			const temporary = `Temporary pass ${Date.now()}`
			const reset = await client.post(`/admin/users/${user.id}`, { intent: 'resetPassword', password: temporary })
			await reset.text()
			expect(location(reset)).toBe(`/admin/users/${user.id}`)
			expect(await firebaseAccepts(newEmail, temporary)).toBe(true)
			const signedIn = await new TestClient(server.url).signIn(newEmail, temporary)
			await signedIn.text()
			expect(location(signedIn)).toBe('/account/change-password')
			expect((await getUserByEmail(newEmail))?.external_id).toBeTruthy()
		})
	})
})
