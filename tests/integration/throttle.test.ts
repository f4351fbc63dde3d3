import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'kysely'
import { getDb } from '~/db/db.server'
import { TestClient, location } from '../support/client'
import { startServer, type RunningServer } from '../support/server'
import { mailsArrivedTo, resetTokenIn } from '../support/mail'
import { createTestUser } from '../support/users'
import { errorSummary } from '../support/html'

let server: RunningServer
let nextAddress = 1

beforeAll(async () => {
	// Behind a trusted proxy each test can sign in from addresses of its own.
	server = await startServer({ TRUST_PROXY: 'loopback' })
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** A client signing in from an address no other test uses. */
function fromNewAddress() {
	const address = `203.0.113.${nextAddress++}`
	return { address, client: new TestClient(server.url, { 'X-Forwarded-For': address }) }
}

/** What the sign-in page's error summary says (one entry: the form-level message). */
const alertOf = (html: string) => errorSummary(html)?.items.join(' ')
const THROTTLED = 'Bạn đã đăng nhập sai quá nhiều lần'

async function auditCount(action: string, email: string, ip?: string) {
	let query = getDb().selectFrom('audit_log').select((eb) => eb.fn.countAll<number>().as('n')).where('action', '=', action).where('actor_email', '=', email)
	if (ip) query = query.where('ip', '=', ip)
	return Number((await query.executeTakeFirstOrThrow()).n)
}

async function failFiveTimes(email: string, client: TestClient) {
	for (let attempt = 1; attempt <= 5; attempt++) {
		const response = await client.signIn(email, `Wrong password ${attempt}`)
		expect(response.status).toBe(400)
		expect(alertOf(await response.text())).toBe('Email hoặc mật khẩu không đúng.')
	}
}

/** Ends the account's current lock as if its time had run out. */
function endLockNow(email: string) {
	return sql`update rate_limits_signin_account set expire = ${Date.now() - 1} where key = ${'signin_account:' + email.toLowerCase()}`.execute(getDb())
}

function authenticate(client: { address: string }, email: string, password: string) {
	return fetch(new URL('/api/users/authenticate', server.url), {
		method: 'POST',
		headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': client.address },
		body: JSON.stringify({ email, password }),
	})
}

describe('per-account limit', () => {
	test('five failures from five addresses lock the account for a minute, even for the right password from a sixth', async () => {
		const { email, password } = await createTestUser()
		for (let attempt = 1; attempt <= 5; attempt++) {
			const response = await fromNewAddress().client.signIn(email, `Wrong password ${attempt}`)
			expect(response.status).toBe(400)
			await response.text()
		}
		const blocked = await fromNewAddress().client.signIn(email, password)
		expect(blocked.status).toBe(429)
		const retryAfter = Number(blocked.headers.get('Retry-After'))
		expect(retryAfter).toBeGreaterThan(0)
		expect(retryAfter).toBeLessThanOrEqual(60)
		const html = await blocked.text()
		expect(alertOf(html)).toContain(THROTTLED)
		expect(html).toContain(`value="${email}"`)
	})

	test('another account from the same address is not locked by it', async () => {
		const { email } = await createTestUser()
		const { client } = fromNewAddress()
		await failFiveTimes(email, client)
		const blocked = await client.signIn(email, 'Wrong password 6')
		expect(blocked.status).toBe(429)
		await blocked.text()
		const other = await createTestUser()
		const response = await client.signIn(other.email, other.password)
		expect(response.status).toBe(302)
		await response.text()
	})

	test('an unknown email is throttled exactly like an existing one: nothing tells them apart', async () => {
		const known = await createTestUser()
		const unknownEmail = `nobody-${Date.now()}@example.com`
		const answers = async (email: string) => {
			const { client } = fromNewAddress()
			const statuses: number[] = []
			const alerts: (string | undefined)[] = []
			for (let attempt = 1; attempt <= 7; attempt++) {
				const response = await client.signIn(email, `Wrong password ${attempt}`)
				statuses.push(response.status)
				alerts.push(alertOf(await response.text()))
			}
			return { statuses, alerts }
		}
		const [forKnown, forUnknown] = [await answers(known.email), await answers(unknownEmail)]
		expect(forKnown.statuses).toEqual([400, 400, 400, 400, 400, 429, 429])
		expect(forUnknown).toEqual(forKnown)
	})

	test('a successful sign-in forgets the earlier failures', async () => {
		const { email, password } = await createTestUser()
		const { client } = fromNewAddress()
		for (let attempt = 1; attempt <= 4; attempt++) {
			const response = await client.signIn(email, `Wrong password ${attempt}`)
			expect(response.status).toBe(400)
			await response.text()
		}
		const success = await client.signIn(email, password)
		expect(success.status).toBe(302)
		await success.text()
		await failFiveTimes(email, fromNewAddress().client)
	})

	test('each new lock lasts twice as long as the one before', async () => {
		const { email } = await createTestUser()
		const lockFor = async () => {
			const { client } = fromNewAddress()
			await failFiveTimes(email, client)
			const blocked = await client.signIn(email, 'Wrong password 6')
			expect(blocked.status).toBe(429)
			await blocked.text()
			return Number(blocked.headers.get('Retry-After'))
		}
		const first = await lockFor()
		await endLockNow(email)
		const second = await lockFor()
		await endLockNow(email)
		const third = await lockFor()
		expect(first).toBeLessThanOrEqual(60)
		expect(second).toBeGreaterThan(60)
		expect(second).toBeLessThanOrEqual(120)
		expect(third).toBeGreaterThan(120)
		expect(third).toBeLessThanOrEqual(240)
	})

	test('an address that keeps guessing after the lock ends is held back for the window; other addresses are not', async () => {
		const { email, password } = await createTestUser()
		const { client } = fromNewAddress()
		await failFiveTimes(email, client)
		const locked = await client.signIn(email, 'Wrong password 6')
		expect(locked.status).toBe(429)
		await locked.text()
		await endLockNow(email)
		for (let attempt = 7; attempt <= 9; attempt++) {
			const response = await client.signIn(email, `Wrong password ${attempt}`)
			expect(response.status).toBe(400)
			await response.text()
		}
		const heldBack = await client.signIn(email, password)
		expect(heldBack.status).toBe(429)
		expect(Number(heldBack.headers.get('Retry-After'))).toBeGreaterThan(60)
		await heldBack.text()
		const owner = await fromNewAddress().client.signIn(email, password)
		expect(owner.status).toBe(302)
		await owner.text()
	})

	test('the owner ends the lock by resetting the password', async () => {
		const { email } = await createTestUser()
		const attacker = fromNewAddress().client
		await failFiveTimes(email, attacker)
		const locked = await attacker.signIn(email, 'Wrong password 6')
		expect(locked.status).toBe(429)
		await locked.text()

		const owner = fromNewAddress().client
		const lockedForOwnerToo = await owner.signIn(email, 'Owner forgot it 1')
		expect(lockedForOwnerToo.status).toBe(429)
		await lockedForOwnerToo.text()
		const asked = await owner.post('/account/forgot-password', { email })
		expect(asked.status).toBe(200)
		await asked.text()
		const [mail] = await mailsArrivedTo(email)
		const token = resetTokenIn(mail!)
		const done = await owner.post('/account/reset-password', { token, newPassword: 'Owner is back 42', confirmPassword: 'Owner is back 42' })
		expect(location(done)).toBe('/account/login?reason=password-reset')
		await done.text()

		const signedIn = await owner.signIn(email, 'Owner is back 42')
		expect(signedIn.status).toBe(302)
		await signedIn.text()
	})
})

describe('concurrent guesses', () => {
	test('of 40 simultaneous wrong passwords on the sign-in page, only the limit reach password verification', async () => {
		const { email } = await createTestUser()
		const { client } = fromNewAddress()
		await client.csrfToken()
		const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => client.signIn(email, `Wrong guess ${n}`)))
		const statuses = await Promise.all(responses.map(async (response) => (await response.text(), response.status)))
		const verified = statuses.filter((status) => status === 400).length
		expect(verified).toBeGreaterThan(0)
		expect(verified).toBeLessThanOrEqual(5)
		expect(statuses.filter((status) => status === 429)).toHaveLength(40 - verified)
		expect(await auditCount('auth.sign_in_failed', email)).toBe(verified)
	})

	test('of 40 simultaneous wrong passwords on the API, only the limit reach password verification', async () => {
		const { email } = await createTestUser()
		const from = fromNewAddress()
		const responses = await Promise.all(Array.from({ length: 40 }, (_, n) => authenticate(from, email, `Wrong guess ${n}`)))
		const answers = await Promise.all(
			responses.map(async (response) => ({ status: response.status, retryAfter: response.headers.get('Retry-After'), body: (await response.json()) as { message: string } })),
		)
		const verified = answers.filter((answer) => answer.status === 400).length
		expect(verified).toBeGreaterThan(0)
		expect(verified).toBeLessThanOrEqual(5)
		const throttled = answers.filter((answer) => answer.status === 429)
		expect(throttled).toHaveLength(40 - verified)
		for (const answer of throttled) {
			expect(Number(answer.retryAfter)).toBeGreaterThan(0)
			expect(answer.body.message).toContain(THROTTLED)
		}
		expect(await auditCount('auth.sign_in_failed', email)).toBe(verified)
	})
})

describe('audit of throttled attempts', () => {
	test('50 throttled attempts write one row per account and address in the window', async () => {
		const { email } = await createTestUser()
		const first = fromNewAddress()
		await failFiveTimes(email, first.client)
		for (let attempt = 1; attempt <= 50; attempt++) {
			const response = await first.client.signIn(email, `Throttled ${attempt}`)
			expect(response.status).toBe(429)
			await response.text()
		}
		expect(await auditCount('auth.sign_in_throttled', email, first.address)).toBe(1)

		const second = fromNewAddress()
		for (let attempt = 1; attempt <= 10; attempt++) {
			const response = await authenticate(second, email, `Throttled ${attempt}`)
			expect(response.status).toBe(429)
			await response.text()
		}
		expect(await auditCount('auth.sign_in_throttled', email, second.address)).toBe(1)
		expect(await auditCount('auth.sign_in_throttled', email)).toBe(2)
	})
})
