import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { sql } from 'kysely'
import { canonicaliseStoredEmails } from '~/db/migrations/0019_canonical_emails'
import { getDb } from '~/db/db.server'
import { toEmail, type Email } from '~/users/email.server'
import { fieldError, fieldValue } from '../support/catalogs'
import { TestClient, apiToken, location } from '../support/client'
import { startServer, type RunningServer } from '../support/server'
import { mailsArrivedTo, resetTokenIn } from '../support/mail'
import { createTestUser } from '../support/users'
import { errorSummary } from '../support/html'
import { translate } from '../support/translate'

let server: RunningServer
let nextAddress = 1

beforeAll(async () => {
	// Behind a trusted proxy each test can sign in from addresses of its own. Those clients are not on this
	// machine: reset links reach them only with PUBLIC_URL, as behind any proxy.
	server = await startServer({ TRUST_PROXY: 'loopback', PUBLIC_URL: 'https://portal.example.com' })
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
	let query = getDb()
		.selectFrom('audit_log')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('action', '=', action)
		.where('actor_email', '=', email)
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
	return sql`update rate_limits_signin_account set expire = ${Date.now() - 1} where key = ${'signin_account:' + email.toLowerCase()}`.execute(
		getDb(),
	)
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
		const done = await owner.post('/account/reset-password', {
			token,
			newPassword: 'Owner is back 42',
			confirmPassword: 'Owner is back 42',
		})
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
			responses.map(async (response) => ({
				status: response.status,
				retryAfter: response.headers.get('Retry-After'),
				body: (await response.json()) as { message: string },
			})),
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

/** The character's fullwidth form (U+FF01–FF5E), for the printable ASCII characters. */
const fullwidth = (character: string) => String.fromCodePoint(character.codePointAt(0)! + 0xfee0)
const spelled = (email: string, pattern: RegExp, as: (character: string) => string) =>
	[...email].map((character) => (pattern.test(character) ? as(character) : character)).join('')

/**
 * The same address written otherwise: capitals, spaces around it, and the Unicode compatibility forms of its
 * letters, digits, `@` and `.` (each of which NFKC makes the plain character again).
 */
function spellingsOf(email: string): string[] {
	const spellings = [
		email.toUpperCase(),
		` \t${email}\u3000`,
		spelled(email, /[a-z]/, fullwidth),
		spelled(email, /[0-9]/, fullwidth),
		spelled(email, /[0-9]/, (digit) => String.fromCodePoint(0x1d7ce + Number(digit))),
		email.replace('@', '\uff20'),
		email.replace('@', '\ufe6b'),
		email.replaceAll('.', '\uff0e'),
		`\u00a0${spelled(email.toUpperCase(), /[!-~]/, fullwidth)}`,
	]
	for (const spelling of spellings) expect(spelling).not.toBe(email)
	return spellings
}

async function auditRows(addresses: string[]) {
	return getDb().selectFrom('audit_log').select(['action', 'actor_email', 'details']).where('ip', 'in', addresses).orderBy('id').execute()
}

describe('one account, however its address is written', () => {
	test('locked under its plain address, the account signs in under no other spelling, on the page or the API', async () => {
		const { email, password } = await createTestUser()
		await failFiveTimes(email, fromNewAddress().client)
		for (const spelling of spellingsOf(email)) {
			const from = fromNewAddress()
			const api = await authenticate(from, spelling, password)
			expect(api.status, spelling).toBe(429)
			expect(((await api.json()) as { message: string }).message).toContain(THROTTLED)
			const page = await from.client.signIn(spelling, password)
			expect(page.status, spelling).toBe(429)
			expect(alertOf(await page.text())).toContain(THROTTLED)
		}
	})

	test('wrong passwords under five other spellings, on the page and the API, lock the one account, and the audit names it by its canonical address and the API', async () => {
		const { email, password } = await createTestUser()
		const addresses: string[] = []
		for (const [n, spelling] of spellingsOf(email).slice(-5).entries()) {
			const from = fromNewAddress()
			addresses.push(from.address)
			const response =
				n % 2 === 0 ? await from.client.signIn(spelling, `Wrong password ${n}`) : await authenticate(from, spelling, `Wrong password ${n}`)
			expect(response.status, spelling).toBe(400)
			await response.text()
		}
		const from = fromNewAddress()
		addresses.push(from.address)
		const page = await from.client.signIn(email, password)
		expect(page.status).toBe(429)
		await page.text()
		const api = await authenticate(from, email, password)
		expect(api.status).toBe(429)
		await api.text()
		const rows = await auditRows(addresses)
		expect(rows.map((row) => row.action)).toEqual([...Array.from({ length: 5 }, () => 'auth.sign_in_failed'), 'auth.sign_in_throttled'])
		expect(new Set(rows.map((row) => row.actor_email))).toEqual(new Set([email]))
		const viaApi = { via: 'api' }
		expect(rows.map((row) => (row.details ? JSON.parse(row.details) : null))).toEqual([null, viaApi, null, viaApi, null, null])
	})

	test('every spelling signs in to the one account, on the page and the API', async () => {
		const { email, password, user } = await createTestUser()
		for (const spelling of spellingsOf(email)) {
			const from = fromNewAddress()
			const page = await from.client.signIn(spelling, password)
			expect([page.status, location(page)], spelling).toEqual([302, '/'])
			await page.text()
			const api = await authenticate(from, spelling, password)
			expect(api.status, spelling).toBe(200)
			expect(await api.json()).toMatchObject({ id: user.id, email })
		}
	})

	test('an address with a space inside is no address: a 400 with the translated message on the page and the API, counted against nobody', async () => {
		const { email, password } = await createTestUser()
		const [local, domain] = email.split('@') as [string, string]
		const spaced = [
			`${local.slice(0, 3)} ${local.slice(3)}@${domain}`,
			`${local}@${domain.replace('.', ' .')}`,
			`${local.slice(0, 3)}\u3000${local.slice(3)}@${domain}`,
		]
		const from = fromNewAddress()
		from.client.cookies.set('lang', 'en')
		for (const typed of spaced) {
			for (let attempt = 1; attempt <= 2; attempt++) {
				const page = await from.client.signIn(typed, password)
				expect(page.status).toBe(400)
				const html = await page.text()
				expect(fieldError(html, 'email')).toBe(translate('en', 'validation.email'))
				expect(fieldValue(html, 'email')).toBe(typed)
				const api = await fetch(new URL('/api/users/authenticate', server.url), {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from.address, 'Accept-Language': 'en', Cookie: 'lang=en' },
					body: JSON.stringify({ email: typed, password }),
				})
				expect(api.status).toBe(400)
				expect(await api.json()).toEqual({
					message: translate('en', 'validation.formHasErrors'),
					errors: { email: translate('en', 'validation.email') },
				})
			}
		}
		const missing = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': from.address, 'Accept-Language': 'en', Cookie: 'lang=en' },
			body: JSON.stringify({ password }),
		})
		expect(missing.status).toBe(400)
		expect(((await missing.json()) as { errors: unknown }).errors).toEqual({ email: translate('en', 'validation.required') })
		expect(await auditRows([from.address])).toEqual([])
		const signedIn = await from.client.signIn(email, password)
		expect(signedIn.status).toBe(302)
		await signedIn.text()
	})

	test('"Forgot password" under four spellings: the account’s three mails an hour, to its canonical address, audited under it', async () => {
		const { email } = await createTestUser()
		const client = new TestClient(server.url)
		for (const spelling of spellingsOf(email).slice(2, 6)) {
			const response = await client.post('/account/forgot-password', { email: spelling })
			expect(response.status).toBe(200)
			await response.text()
		}
		expect(await mailsArrivedTo(email, 3)).toHaveLength(3)
		const rows = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'actor_email'])
			.where('action', 'like', 'auth.password_reset_%')
			.where('ip', '=', '127.0.0.1')
			.orderBy('id')
			.execute()
		expect(rows).toEqual([
			...Array.from({ length: 3 }, () => ({ action: 'auth.password_reset_requested', actor_email: email })),
			{ action: 'auth.password_reset_throttled', actor_email: email },
		])
	})

	test('administrators’ forms and the registration API store the canonical address and find the account under any spelling', async () => {
		const admin = await createTestUser({ roles: ['admin'] })
		const client = new TestClient(server.url)
		await (await client.signIn(admin.email, admin.password)).text()
		const unique = randomBytes(3).toString('hex')
		const stored = async (email: string) =>
			(await getDb()
				.selectFrom('users')
				.select(['id', 'email', 'email_normalized'])
				.where('email', '=', toEmail(email))
				.executeTakeFirst()) ?? null

		const created = await client.post('/admin/users/new', {
			intent: 'create',
			email: spellingsOf(`form-${unique}@example.com`)[8]!,
			displayName: 'Biểu mẫu',
			password: 'Một mật khẩu dài 2024',
		})
		expect(created.status).toBe(302)
		await created.text()
		const fromForm = (await stored(`form-${unique}@example.com`))!
		expect(fromForm).toMatchObject({ email: `form-${unique}@example.com`, email_normalized: `form-${unique}@example.com` })
		const taken = await client.post('/admin/users/new', { intent: 'create', email: `FORM-${unique}@EXAMPLE.COM`, password: '' })
		expect(taken.status).toBe(409)
		expect(fieldError(await taken.text(), 'email')).toBe(translate('vn', 'admin.errors.emailTaken'))
		const moved = await client.post(`/admin/users/${fromForm.id}`, {
			intent: 'changeEmail',
			email: ` Moved-${unique}\uff20example\uff0ecom `,
		})
		expect(moved.status).toBe(302)
		await moved.text()
		expect(await stored(`moved-${unique}@example.com`)).toMatchObject({ id: fromForm.id, email_normalized: `moved-${unique}@example.com` })

		const token = await apiToken(server.url, admin.email, admin.password)
		const register = (username: string) =>
			fetch(new URL('/api/users/register', server.url), {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
				body: JSON.stringify({ username, password: 'Đăng ký qua API 2024', firstName: 'An', lastName: 'Lê' }),
			})
		const registered = await register(spelled(`api-${unique}@example.com`, /[a-z@.]/, fullwidth))
		expect(registered.status).toBe(200)
		expect(await registered.json()).toMatchObject({ email: `api-${unique}@example.com`, username: `api-${unique}@example.com` })
		const again = await register(`API-${unique}@example.com `)
		expect(again.status).toBe(400)
		await again.text()
		const spaced = await register(`api ${unique}@example.com`)
		expect(spaced.status).toBe(400)
		expect(((await spaced.json()) as { errors: unknown }).errors).toEqual({ email: translate('vn', 'validation.email') })
	})

	test('migration 0019: addresses kept as typed become canonical; one that is no address, or whose canonical form another account holds, is reported and left', async () => {
		const unique = randomBytes(3).toString('hex')
		const legacy = async (email: string, normalized: string) => {
			const now = Date.now()
			const row = await getDb()
				.insertInto('users')
				.values({
					email: email as Email,
					email_normalized: normalized as Email,
					display_name: 'Cũ',
					first_name: '',
					last_name: '',
					search_text: '',
					password_hash: null,
					external_id: null,
					preferred_language: null,
					time_zone: null,
					password_changed_at: null,
					created_at: now,
					updated_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			return Number(row.id)
		}
		const mixedCase = await legacy(`Mixed.Case-${unique}@Example.com`, `mixed.case-${unique}@example.com`)
		const wide = await legacy(`\uff37ide-${unique}@example.com`, `wide-${unique}@example.com`)
		const spaced = await legacy(`no space-${unique}@example.com`, `no space-${unique}@example.com`)
		const holder = await legacy(`taken-${unique}@example.com`, `taken-${unique}@example.com`)
		const clash = await legacy(`Taken-${unique}@example.com`, `taken-old-${unique}@example.com`)
		const report = await canonicaliseStoredEmails(getDb())
		expect(report).toEqual({ updated: [mixedCase, wide], invalid: [spaced], collisions: [clash] })
		const rows = await getDb()
			.selectFrom('users')
			.select(['id', 'email', 'email_normalized'])
			.where('id', 'in', [mixedCase, wide, spaced, holder, clash])
			.orderBy('id')
			.execute()
		expect(rows.map((row) => [Number(row.id), row.email, row.email_normalized])).toEqual([
			[mixedCase, `mixed.case-${unique}@example.com`, `mixed.case-${unique}@example.com`],
			[wide, `wide-${unique}@example.com`, `wide-${unique}@example.com`],
			[spaced, `no space-${unique}@example.com`, `no space-${unique}@example.com`],
			[holder, `taken-${unique}@example.com`, `taken-${unique}@example.com`],
			[clash, `Taken-${unique}@example.com`, `taken-old-${unique}@example.com`],
		])
		expect(await canonicaliseStoredEmails(getDb())).toEqual({ updated: [], invalid: [spaced], collisions: [clash] })
	})
})
