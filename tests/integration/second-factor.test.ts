import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { en } from '~/i18n/messages'
import { createResetToken } from '~/auth/password-reset.server'
import {
	acceptSecondFactorCode,
	confirmEnrolment,
	getSecondFactor,
	hasSecondFactor,
	replaceRecoveryCodes,
	startEnrolment,
} from '~/auth/mfa/mfa.server'
import { decryptSecret } from '~/auth/mfa/secret-box.server'
import { TOTP_PERIOD_SECONDS, totpCode } from '~/auth/mfa/totp.server'
import { sql } from 'kysely'
import { getDb } from '~/db/db.server'
import { resetSingleton } from '~/utils/singleton.server'
import { TestClient, location } from '../support/client'
import { errorSummary, formWith, parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

const STEP_MS = TOTP_PERIOD_SECONDS * 1000
/** A fixed moment in the middle of a time step, so that ±1 step is exactly one period away. */
const T0 = Math.floor(Date.UTC(2026, 0, 5, 9) / STEP_MS) * STEP_MS + 10_000

/** A user with a confirmed second factor, confirmed with the code of `at`; its key and recovery codes. */
async function enrolled(at = T0) {
	const account = await createTestUser({ prefix: 'mfa' })
	const secret = await startEnrolment(account.user.id, at)
	expect(secret).toMatch(/^[A-Z2-7]{32}$/)
	const confirmed = await confirmEnrolment(account.user.id, totpCode(secret!, at), at)
	if (!confirmed.ok) throw new Error(`not confirmed: ${confirmed.reason}`)
	return { ...account, secret: secret!, recoveryCodes: confirmed.recoveryCodes }
}

function withSessionSecret<T>(value: string, run: () => Promise<T>): Promise<T> {
	const before = process.env.SESSION_SECRET
	process.env.SESSION_SECRET = value
	resetSingleton('config')
	return run().finally(() => {
		process.env.SESSION_SECRET = before
		resetSingleton('config')
	})
}

describe('TOTP second factor (module)', () => {
	test('setting up needs a right first code; until then the user has no second factor', async () => {
		const { user } = await createTestUser({ prefix: 'mfa-setup' })
		const secret = (await startEnrolment(user.id, T0))!
		expect(await getSecondFactor(user.id)).toEqual({ status: 'pending', secret })
		expect(await hasSecondFactor(user.id)).toBe(false)
		expect(await confirmEnrolment(user.id, totpCode(secret, T0 + 3 * STEP_MS), T0)).toEqual({ ok: false, reason: 'invalidCode' })
		expect(await acceptSecondFactorCode(user.id, totpCode(secret, T0), T0)).toEqual({ ok: false })
		const confirmed = await confirmEnrolment(user.id, totpCode(secret, T0), T0)
		expect(confirmed.ok).toBe(true)
		expect(await hasSecondFactor(user.id)).toBe(true)
		expect(await getSecondFactor(user.id)).toEqual({ status: 'active', confirmedAt: T0, recoveryCodesLeft: 10 })
		// Once confirmed, setting up again is refused (turn it off first), and the key stays.
		expect(await startEnrolment(user.id, T0)).toBeNull()
		expect(await confirmEnrolment(user.id, totpCode(secret, T0 + STEP_MS), T0 + STEP_MS)).toEqual({ ok: false, reason: 'notStarted' })
	})

	test('a drift of one step either way is accepted, two steps are not', async () => {
		const later = T0 + 10 * STEP_MS
		const { user, secret } = await enrolled()
		expect(await acceptSecondFactorCode(user.id, totpCode(secret, later - 2 * STEP_MS), later)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, totpCode(secret, later + 2 * STEP_MS), later)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, totpCode(secret, later - STEP_MS), later)).toEqual({ ok: true, method: 'totp' })
		const ahead = await enrolled()
		expect(await acceptSecondFactorCode(ahead.user.id, totpCode(ahead.secret, later + STEP_MS), later)).toEqual({
			ok: true,
			method: 'totp',
		})
		const spaced = await enrolled()
		expect(await acceptSecondFactorCode(spaced.user.id, ` ${totpCode(spaced.secret, later).replace(/^(\d{3})/, '$1 ')} `, later)).toEqual({
			ok: true,
			method: 'totp',
		})
	})

	test('a code cannot be used twice, nor a code of an earlier step after a later one', async () => {
		const later = T0 + 10 * STEP_MS
		const { user, secret } = await enrolled()
		const code = totpCode(secret, later)
		expect(await acceptSecondFactorCode(user.id, code, later)).toEqual({ ok: true, method: 'totp' })
		expect(await acceptSecondFactorCode(user.id, code, later)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, code, later + STEP_MS)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, totpCode(secret, later - STEP_MS), later)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, totpCode(secret, later + STEP_MS), later + STEP_MS)).toEqual({ ok: true, method: 'totp' })
		// The code that confirmed the set-up is used too.
		const fresh = await enrolled()
		expect(await acceptSecondFactorCode(fresh.user.id, totpCode(fresh.secret, T0), T0)).toEqual({ ok: false })
	})

	test('of two requests with the same code at the same moment, one is accepted', async () => {
		const later = T0 + 10 * STEP_MS
		const { user, secret } = await enrolled()
		const code = totpCode(secret, later)
		const results = await Promise.all([acceptSecondFactorCode(user.id, code, later), acceptSecondFactorCode(user.id, code, later)])
		expect(results.filter((result) => result.ok)).toHaveLength(1)
	})

	test('ten recovery codes of 50 bits, each good once, typed in any case with or without the dash', async () => {
		const { user, recoveryCodes } = await enrolled()
		expect(recoveryCodes).toHaveLength(10)
		expect(new Set(recoveryCodes).size).toBe(10)
		for (const code of recoveryCodes) expect(code).toMatch(/^[0-9abcdefghjkmnpqrstvwxyz]{5}-[0-9abcdefghjkmnpqrstvwxyz]{5}$/)
		const [first, second, third] = recoveryCodes as [string, string, string]
		expect(await acceptSecondFactorCode(user.id, first)).toEqual({ ok: true, method: 'recovery' })
		expect(await acceptSecondFactorCode(user.id, first)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, second.replace('-', '').toUpperCase())).toEqual({ ok: true, method: 'recovery' })
		expect(await getSecondFactor(user.id)).toMatchObject({ status: 'active', recoveryCodesLeft: 8 })
		expect(await acceptSecondFactorCode(user.id, 'zzzzz-zzzzz')).toEqual({ ok: false })
		// Stored hashed: no row holds a code as it was shown or typed.
		const rows = await getDb().selectFrom('mfa_recovery_codes').select('code_hash').where('user_id', '=', user.id).execute()
		expect(rows).toHaveLength(10)
		for (const row of rows) {
			expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/)
			for (const code of recoveryCodes) expect(row.code_hash).not.toContain(code.replace('-', ''))
		}
		// New codes replace the old ones, used or not.
		const renewed = (await replaceRecoveryCodes(user.id))!
		expect(await acceptSecondFactorCode(user.id, third)).toEqual({ ok: false })
		expect(await acceptSecondFactorCode(user.id, renewed[0]!)).toEqual({ ok: true, method: 'recovery' })
		expect(await getSecondFactor(user.id)).toMatchObject({ recoveryCodesLeft: 9 })
	})

	test('another user’s recovery code is no good', async () => {
		const one = await enrolled()
		const other = await enrolled()
		expect(await acceptSecondFactorCode(other.user.id, one.recoveryCodes[0]!)).toEqual({ ok: false })
	})

	test('the key is encrypted at rest, bound to its user', async () => {
		const { user, secret } = await enrolled()
		const row = await getDb().selectFrom('user_mfa').selectAll().where('user_id', '=', user.id).executeTakeFirstOrThrow()
		expect(row.secret_encrypted).not.toContain(secret)
		expect(row.secret_encrypted).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
		expect(decryptSecret(row.secret_encrypted, `user_mfa:${user.id}`)?.plain).toBe(secret)
		// Copied into another user's row, it does not open.
		const other = await enrolled()
		await getDb().updateTable('user_mfa').set({ secret_encrypted: row.secret_encrypted }).where('user_id', '=', other.user.id).execute()
		expect(await acceptSecondFactorCode(other.user.id, totpCode(secret, T0 + 5 * STEP_MS), T0 + 5 * STEP_MS)).toEqual({ ok: false })
		// Tampered, it does not open either.
		const [version, iv, tag, body] = row.secret_encrypted.split('.')
		const flipped = `${version}.${iv}.${tag}.${body!.slice(0, -2)}${body!.endsWith('AA') ? 'AB' : 'AA'}`
		expect(decryptSecret(flipped, `user_mfa:${user.id}`)).toBeNull()
	})

	test('SESSION_SECRET rotation: keys and recovery codes of the old secret still work, and keys move to the new one', async () => {
		const oldSecret = process.env.SESSION_SECRET!
		const newSecret = 'rotated-integration-secret-0123456789abcdef'
		const { user, secret, recoveryCodes } = await enrolled()
		const sealedBefore = (
			await getDb().selectFrom('user_mfa').select('secret_encrypted').where('user_id', '=', user.id).executeTakeFirstOrThrow()
		).secret_encrypted
		await withSessionSecret(`${newSecret},${oldSecret}`, async () => {
			expect(await acceptSecondFactorCode(user.id, totpCode(secret, T0 + STEP_MS), T0 + STEP_MS)).toEqual({ ok: true, method: 'totp' })
			expect(await acceptSecondFactorCode(user.id, recoveryCodes[0]!)).toEqual({ ok: true, method: 'recovery' })
		})
		const sealedAfter = (
			await getDb().selectFrom('user_mfa').select('secret_encrypted').where('user_id', '=', user.id).executeTakeFirstOrThrow()
		).secret_encrypted
		expect(sealedAfter).not.toBe(sealedBefore)
		// Re-encrypted under the new secret: it works with the new secret alone.
		await withSessionSecret(newSecret, async () => {
			expect(await acceptSecondFactorCode(user.id, totpCode(secret, T0 + 2 * STEP_MS), T0 + 2 * STEP_MS)).toEqual({
				ok: true,
				method: 'totp',
			})
		})
		// Under a secret that never encrypted it, nothing opens.
		await withSessionSecret('unrelated-integration-secret-0123456789abcdef', async () => {
			expect(await acceptSecondFactorCode(user.id, totpCode(secret, T0 + 3 * STEP_MS), T0 + 3 * STEP_MS)).toEqual({ ok: false })
			expect(await acceptSecondFactorCode(user.id, recoveryCodes[1]!)).toEqual({ ok: false })
		})
	})
})

describe('signing in with a second factor (HTTP)', () => {
	let server: RunningServer

	beforeAll(async () => {
		server = await startServer()
	})

	afterAll(async () => {
		expect(await server?.stop()).toBe(0)
	})

	/** A user whose factor was confirmed two steps ago: the codes of the last step, this one and the next are unused. */
	async function enrolledNow() {
		return enrolled(Date.now() - 2 * STEP_MS)
	}

	function englishClient() {
		const client = new TestClient(server.url)
		client.cookies.set('lang', 'en')
		return client
	}

	const sessionCookie = (client: TestClient) => [...client.cookies.keys()].find((name) => name.endsWith('sp_session'))
	const csrfCookie = (client: TestClient) => [...client.cookies].find(([name]) => name.endsWith('sp_csrf'))?.[1]

	async function passwordStep(client: TestClient, email: string, password: string, redirectTo = '/dashboard') {
		const response = await client.signIn(email, password, redirectTo)
		await response.text()
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/account/login/verify')
		expect(sessionCookie(client)).toBeUndefined()
		return response
	}

	test('the password alone gives no session; the right code does, with a new CSRF token, and goes where asked', async () => {
		const { email, password, secret, user } = await enrolledNow()
		const client = englishClient()
		await passwordStep(client, email, password)
		expect(location(await client.get('/dashboard'))).toMatch(/^\/account\/login/)
		const page = await client.get('/account/login/verify')
		expect(page.status).toBe(200)
		const form = formWith(await page.text(), 'code')
		expect(form.querySelector('input[name="code"]')?.getAttribute('autocomplete')).toBe('one-time-code')
		const csrfBefore = csrfCookie(client)

		const wrong = await client.post('/account/login/verify', { code: '000000' === totpCode(secret) ? '111111' : '000000' })
		expect(wrong.status).toBe(400)
		const wrongHtml = await wrong.text()
		expect(errorSummary(wrongHtml)?.items.join(' ')).toContain(en.mfa.verify.invalidCode)
		expect(parseHtml(wrongHtml).querySelector('input[name="code"]')).not.toBeNull()
		expect(sessionCookie(client)).toBeUndefined()

		const right = await client.post('/account/login/verify', { code: totpCode(secret) })
		await right.text()
		expect(right.status).toBe(302)
		expect(location(right)).toBe('/dashboard')
		expect(sessionCookie(client)).toBeDefined()
		expect(csrfCookie(client)).not.toBe(csrfBefore)
		expect((await client.get('/dashboard')).status).toBe(200)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'details'])
			.where('actor_user_id', '=', user.id)
			.orderBy('id')
			.execute()
		expect(audit.map((row) => row.action)).toEqual(['auth.mfa_failed', 'auth.sign_in'])
		expect(JSON.parse(audit[1]!.details!)).toEqual({ secondFactor: 'totp' })
	})

	test('a password reset does not get round the second factor: it signs nobody in, and the new password leads to the code step', async () => {
		const { email, user } = await enrolledNow()
		const client = englishClient()
		const token = await createResetToken(user.id)
		const done = await client.post('/account/reset-password', {
			token,
			newPassword: 'Reset past the code 41',
			confirmPassword: 'Reset past the code 41',
		})
		await done.text()
		expect(location(done)).toBe('/account/login?reason=password-reset')
		expect(sessionCookie(client)).toBeUndefined()
		await passwordStep(client, email, 'Reset past the code 41')
		const dashboard = await client.get('/dashboard')
		await dashboard.text()
		expect(location(dashboard)).toMatch(/^\/account\/login/)
		expect(await hasSecondFactor(user.id)).toBe(true)
	})

	test('a code used once is refused the next time, with the page intact', async () => {
		const { email, password, secret } = await enrolledNow()
		const code = totpCode(secret)
		const first = englishClient()
		await passwordStep(first, email, password)
		expect((await first.post('/account/login/verify', { code })).status).toBe(302)
		const second = englishClient()
		await passwordStep(second, email, password)
		const again = await second.post('/account/login/verify', { code })
		expect(again.status).toBe(400)
		expect(errorSummary(await again.text())?.items.join(' ')).toContain(en.mfa.verify.invalidCode)
		expect(sessionCookie(second)).toBeUndefined()
	})

	test('a recovery code signs in once', async () => {
		const { email, password, recoveryCodes, user } = await enrolledNow()
		const client = englishClient()
		await passwordStep(client, email, password)
		const response = await client.post('/account/login/verify', { code: recoveryCodes[3]!.toUpperCase() })
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/dashboard')
		const again = englishClient()
		await passwordStep(again, email, password)
		expect((await again.post('/account/login/verify', { code: recoveryCodes[3]! })).status).toBe(400)
		// The owner is told in the bell, in case it was not them.
		const notices = await getDb().selectFrom('notifications').select('title_key').where('user_id', '=', user.id).execute()
		expect(notices.map((row) => row.title_key)).toEqual(['mfa.notices.recoveryCodeUsed'])
	})

	test('the code step cannot be reached without the password step, nor replayed after it', async () => {
		const { email, password, secret } = await enrolledNow()
		const stranger = englishClient()
		expect(location(await stranger.get('/account/login/verify'))).toBe('/account/login')
		const posted = await stranger.post('/account/login/verify', { code: totpCode(secret) })
		expect(posted.status).toBe(302)
		expect(location(posted)).toBe('/account/login?reason=code-expired')
		expect(sessionCookie(stranger)).toBeUndefined()

		const client = englishClient()
		await passwordStep(client, email, password)
		const copy = client.copy()
		expect((await client.post('/account/login/verify', { code: totpCode(secret) })).status).toBe(302)
		const replayed = await copy.post('/account/login/verify', { code: totpCode(secret, Date.now() + STEP_MS) })
		expect(replayed.status).toBe(302)
		expect(location(replayed)).toBe('/account/login?reason=code-expired')
		expect(sessionCookie(copy)).toBeUndefined()
	})

	test('after five wrong codes the password must be given again', async () => {
		const { email, password, secret } = await enrolledNow()
		const client = englishClient()
		await passwordStep(client, email, password)
		const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0')
		for (let attempt = 1; attempt <= 4; attempt++) expect((await client.post('/account/login/verify', { code: wrong })).status).toBe(400)
		const fifth = await client.post('/account/login/verify', { code: wrong })
		expect(fifth.status).toBe(302)
		expect(location(fifth)).toBe('/account/login?reason=code-expired')
		const notice = await client.get('/account/login?reason=code-expired')
		expect(parseHtml(await notice.text()).querySelector('[role="status"]')?.text).toBe(en.mfa.verify.expired)
		expect(location(await client.get('/account/login/verify'))).toBe('/account/login')
	})

	test('of 20 simultaneous wrong codes on one pending sign-in, five are checked and the fifth ends it', async () => {
		const { email, password, secret, user } = await enrolledNow()
		const client = englishClient()
		await passwordStep(client, email, password)
		// Room in the account's code throttle (five failures a window), so that it is not what stops the codes: the pending sign-in's own limit is under test.
		const key = `mfa_account:user:${user.id}`
		await sql`insert into rate_limits_mfa_account (key, points, expire) values (${key}, -100, ${Date.now() + 60_000}) on conflict (key) do update set points = excluded.points, expire = excluded.expire`.execute(
			getDb(),
		)
		const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0')
		const responses = await Promise.all(Array.from({ length: 20 }, () => client.copy().post('/account/login/verify', { code: wrong })))
		const answers = await Promise.all(
			responses.map(async (response) => ({ status: response.status, location: location(response), body: await response.text() })),
		)
		const checked = await getDb()
			.selectFrom('audit_log')
			.select('id')
			.where('action', '=', 'auth.mfa_failed')
			.where('actor_user_id', '=', user.id)
			.execute()
		expect(checked).toHaveLength(5)
		// At most four "wrong code" pages (the fifth check ends the sign-in); the rest are sent back to sign in (a page
		// rendered after the end finds no pending sign-in either) or held back by the throttle of the account and address.
		expect(answers.filter((answer) => answer.status === 400).length).toBeLessThanOrEqual(4)
		for (const answer of answers) {
			if (answer.status !== 400 && answer.status !== 429)
				expect([answer.status, answer.location]).toEqual([302, expect.stringMatching(/^\/account\/login(\?reason=code-expired)?$/)])
		}
		expect(await getDb().selectFrom('mfa_pending_sign_ins').select('id_hash').where('user_id', '=', user.id).execute()).toEqual([])
		const right = await client.post('/account/login/verify', { code: totpCode(secret) })
		await right.text()
		expect(location(right)).toBe('/account/login?reason=code-expired')
		expect(sessionCookie(client)).toBeUndefined()
	})

	test('hostile input at the code step gets a 4xx', async () => {
		const { email, password } = await enrolledNow()
		const client = englishClient()
		await passwordStep(client, email, password)
		expect((await client.post('/account/login/verify', { code: 'x'.repeat(100_000) })).status).toBe(400)
		expect((await client.post('/account/login/verify', { code: '' })).status).toBe(400)
		expect((await client.post('/account/login/verify', { code: '123456' }, { csrf: false })).status).toBe(403)
	})

	test('without a second factor, signing in is one step as before', async () => {
		const { email, password } = await createTestUser()
		const client = englishClient()
		const response = await client.signIn(email, password, '/dashboard')
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/dashboard')
		expect(sessionCookie(client)).toBeDefined()
	})

	describe('POST /api/users/authenticate', () => {
		async function authenticate(body: Record<string, string>) {
			const response = await fetch(new URL('/api/users/authenticate', server.url), {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
				body: JSON.stringify(body),
			})
			return { status: response.status, body: (await response.json()) as { message?: string; token?: string } }
		}

		test('asks for the code, refuses a wrong or reused one, accepts a recovery code', async () => {
			const { email, password, secret, recoveryCodes } = await enrolledNow()
			expect(await authenticate({ email, password })).toEqual({ status: 401, body: { message: 'Code required' } })
			expect(await authenticate({ email, password, code: '' })).toEqual({ status: 401, body: { message: 'Code required' } })
			const code = totpCode(secret)
			const wrong = code === '123456' ? '654321' : '123456'
			expect(await authenticate({ email, password, code: wrong })).toEqual({ status: 401, body: { message: 'Invalid code' } })
			const accepted = await authenticate({ email, password, code })
			expect(accepted.status).toBe(200)
			expect(accepted.body.token).toMatch(/\S{20,}/)
			expect(await authenticate({ email, password, code })).toEqual({ status: 401, body: { message: 'Invalid code' } })
			const recovered = await authenticate({ email, password, code: recoveryCodes[0]! })
			expect(recovered.status).toBe(200)
			expect(await authenticate({ email, password, code: recoveryCodes[0]! })).toEqual({ status: 401, body: { message: 'Invalid code' } })
			// A wrong password says nothing about the code.
			expect((await authenticate({ email, password: 'Not the password 1', code: totpCode(secret, Date.now() + STEP_MS) })).status).toBe(400)
		})

		test('an account without a second factor needs no code', async () => {
			const { email, password } = await createTestUser()
			expect((await authenticate({ email, password })).status).toBe(200)
		})

		test('an oversized code is a 400', async () => {
			const { email, password } = await enrolledNow()
			expect((await authenticate({ email, password, code: '1'.repeat(1000) })).status).toBe(400)
		})
	})
})
