import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { processPasswordResetRequests, queuePasswordReset } from '~/auth/password-reset-requests.server'
import { getDb } from '~/db/db.server'
import { toEmail } from '~/users/email.server'
import { TestClient, location } from '../support/client'
import { runCli } from '../support/cli'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'
import { mailsArrivedTo, mailsTo, outboxHold, resetLinkIn, resetTokenIn } from '../support/mail'
import { until } from '../support/wait'
import { queriesDuring } from '../support/queries'
import { vn } from '~/i18n/messages'

let server: RunningServer
const outbox = outboxHold()
const DEAD_LINK = 'Đường liên kết này không còn hiệu lực'

/** Asks for a reset link for `email` and returns the token of the mail that brings it (the `nth` to the address). */
async function requestLink(email: string, nth = 1): Promise<string> {
	const response = await new TestClient(server.url).post('/account/forgot-password', { email })
	expect(response.status).toBe(200)
	await response.text()
	const mails = await mailsArrivedTo(email, nth)
	return resetTokenIn(mails.at(-1)!)
}

const waitingFor = (email: string) =>
	getDb().selectFrom('password_reset_requests').select(['id', 'claimed_at']).where('email', '=', email).execute()

/** Waits until the background has handled every request for `email`. */
async function handled(email: string) {
	await until(async () => (await waitingFor(email)).length === 0, `the requests for ${email} handled`)
}

/** The page's main content as text: what the user reads. */
function mainText(html: string): string {
	return parseHtml(html).querySelector('main')?.text.trim() ?? ''
}

async function linkStillWorks(token: string) {
	const response = await new TestClient(server.url).get(`/account/reset-password?token=${token}`)
	const html = await response.text()
	return !html.includes(DEAD_LINK)
}

beforeAll(async () => {
	server = await startServer(outbox.env)
})

afterAll(async () => {
	outbox.release()
	expect(await server?.stop()).toBe(0)
	outbox.remove()
})

describe('forgot password', () => {
	test('sends a single-use link to an existing account; the same answer for an unknown one', async () => {
		const { email, password } = await createTestUser()
		const client = new TestClient(server.url)
		const known = await client.post('/account/forgot-password', { email })
		const unknown = await client.post('/account/forgot-password', { email: 'nobody-at-all@example.com' })
		expect(known.status).toBe(200)
		expect(unknown.status).toBe(200)
		const sent = 'Nếu có tài khoản với email này'
		const [knownPage, unknownPage] = [await known.text(), await unknown.text()]
		expect(mainText(knownPage)).toContain(sent)
		expect(mainText(unknownPage)).toBe(mainText(knownPage))
		await handled('nobody-at-all@example.com')
		expect(await mailsTo('nobody-at-all@example.com')).toEqual([])

		const [mail] = await mailsArrivedTo(email)
		expect(mail!.subject).toBe(vn.resetPassword.mailSubject)
		expect(mail!.html).toContain(`href="${server.url}${resetLinkIn(mail!)}"`)
		const link = resetLinkIn(mail!)
		const page = await client.get(link)
		expect(await page.text()).toContain('Đặt mật khẩu mới')

		const token = new URLSearchParams(link.split('?')[1]).get('token')!
		const mismatch = await client.post('/account/reset-password', { token, newPassword: 'Reset new password 1', confirmPassword: 'other' })
		expect(mismatch.status).toBe(400)
		const done = await client.post('/account/reset-password', {
			token,
			newPassword: 'Reset new password 1',
			confirmPassword: 'Reset new password 1',
		})
		expect(location(done)).toBe('/account/login?reason=password-reset')
		expect((await new TestClient(server.url).signIn(email, password)).status).toBe(400)
		expect((await new TestClient(server.url).signIn(email, 'Reset new password 1')).status).toBe(302)

		const again = await client.post('/account/reset-password', {
			token,
			newPassword: 'Another new one 2',
			confirmPassword: 'Another new one 2',
		})
		expect(again.status).toBe(400)
		expect(await again.text()).toContain('Đường liên kết này không còn hiệu lực')
	})

	test('a reset signs out every session of the account', async () => {
		const { email, password } = await createTestUser()
		const browser = new TestClient(server.url)
		await browser.signIn(email, password)
		await (await new TestClient(server.url).post('/account/forgot-password', { email })).text()
		const token = resetTokenIn((await mailsArrivedTo(email))[0]!)
		await new TestClient(server.url).post('/account/reset-password', {
			token,
			newPassword: 'Fresh password 77',
			confirmPassword: 'Fresh password 77',
		})
		expect(location(await browser.get('/dashboard'))).toMatch(/^\/account\/login/)
	})

	test('an expired link is refused', async () => {
		const { email, user } = await createTestUser()
		await (await new TestClient(server.url).post('/account/forgot-password', { email })).text()
		const link = resetLinkIn((await mailsArrivedTo(email))[0]!)
		await getDb()
			.updateTable('password_resets')
			.set({ expires_at: Date.now() - 1 })
			.where('user_id', '=', user.id)
			.execute()
		expect(await (await new TestClient(server.url).get(link)).text()).toContain('Đường liên kết này không còn hiệu lực')
	})

	test('a fourth request within the hour sends nothing more, and says the same', async () => {
		const { email } = await createTestUser()
		const client = new TestClient(server.url)
		for (let attempt = 0; attempt < 4; attempt++) {
			const response = await client.post('/account/forgot-password', { email })
			expect(response.status).toBe(200)
			await response.text()
		}
		await mailsArrivedTo(email, 3)
		await handled(email)
		expect(await mailsTo(email)).toHaveLength(3)
	})

	test('bad input keeps the value and says what is wrong', async () => {
		const response = await new TestClient(server.url).post('/account/forgot-password', { email: 'not-an-email' })
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain('Hãy nhập địa chỉ email hợp lệ.')
		expect(html).toContain('value="not-an-email"')
	})
})

describe('a password change kills every reset link sent before it', () => {
	test('the user changes it on the site', async () => {
		const { email, password } = await createTestUser()
		const token = await requestLink(email)
		expect(await linkStillWorks(token)).toBe(true)
		const client = new TestClient(server.url)
		await (await client.signIn(email, password)).text()
		const changed = await client.post('/account/change-password', {
			currentPassword: password,
			newPassword: 'Changed after the link 1',
			confirmPassword: 'Changed after the link 1',
		})
		await changed.text()
		expect(changed.status).toBe(302)
		expect(await linkStillWorks(token)).toBe(false)
		const used = await new TestClient(server.url).post('/account/reset-password', {
			token,
			newPassword: 'Attacker chosen 12',
			confirmPassword: 'Attacker chosen 12',
		})
		expect(used.status).toBe(400)
		expect(await used.text()).toContain(DEAD_LINK)
		expect((await new TestClient(server.url).signIn(email, 'Changed after the link 1')).status).toBe(302)
	})

	test('an administrator resets it', async () => {
		const admin = await createTestUser({ roles: ['admin'] })
		const adminClient = new TestClient(server.url)
		await (await adminClient.signIn(admin.email, admin.password)).text()
		const { email, user } = await createTestUser()
		const token = await requestLink(email)
		const reset = await adminClient.post(`/admin/users/${user.id}`, { intent: 'resetPassword', password: 'Set by the admin 123' })
		await reset.text()
		expect(reset.status).toBe(302)
		expect(location(reset)).toBe(`/admin/users/${user.id}`)
		expect(await linkStillWorks(token)).toBe(false)
	})

	test('an operator sets it with the CLI', async () => {
		const { email } = await createTestUser()
		const token = await requestLink(email)
		expect((await runCli('users:set-password', '--email', email, '--password', 'Set from the CLI 123')).code).toBe(0)
		expect(await linkStillWorks(token)).toBe(false)
	})

	test('a second link used first kills the first one', async () => {
		const { email } = await createTestUser()
		const first = await requestLink(email)
		await getDb()
			.updateTable('password_resets')
			.set({ created_at: Date.now() - 60_000 })
			.where('used_at', 'is', null)
			.execute()
		const second = await requestLink(email, 2)
		expect(await linkStillWorks(first)).toBe(false)
		const done = await new TestClient(server.url).post('/account/reset-password', {
			token: second,
			newPassword: 'Second link wins 1',
			confirmPassword: 'Second link wins 1',
		})
		await done.text()
		expect(done.status).toBe(302)
	})
})

describe('forgot password answers before the link is made (no timing difference between addresses)', () => {
	test('the answer does not wait for the mail: it comes while the outbox write is held, and the mail follows', async () => {
		const { email } = await createTestUser()
		const reachedBefore = outbox.reached()
		outbox.hold()
		try {
			const answer = await new TestClient(server.url).post('/account/forgot-password', { email })
			expect(answer.status).toBe(200)
			expect(mainText(await answer.text())).toContain('Nếu có tài khoản với email này')
			// The background has resolved the account, issued the token and composed the mail: only the write waits.
			await until(() => outbox.reached() > reachedBefore, 'the outbox write')
			expect(await mailsTo(email)).toEqual([])
			expect(await waitingFor(email)).toEqual([{ id: expect.any(Number), claimed_at: expect.any(Number) }])
		} finally {
			outbox.release()
		}
		expect(await mailsArrivedTo(email)).toHaveLength(1)
		await handled(email)
	})

	test('a known and an unknown address do the same database work before the answer', async () => {
		const { email } = await createTestUser()
		const statements = async (address: string) =>
			(await queriesDuring(() => queuePasswordReset({ email: toEmail(address), origin: server.url, language: 'vn', ip: '192.0.2.7' })))
				.statements
		const known = await statements(email)
		const unknown = await statements(`nobody-${Date.now()}@example.com`)
		expect(known.length).toBeGreaterThan(0)
		expect(unknown).toEqual(known)
		expect(known.some((sql) => sql.includes('"users"'))).toBe(false)
		const audits = await getDb().selectFrom('audit_log').select(['action', 'ip']).where('actor_email', '=', email).execute()
		expect(audits).toEqual([{ action: 'auth.password_reset_requested', ip: '192.0.2.7' }])
		await processPasswordResetRequests()
		expect(await mailsArrivedTo(email)).toHaveLength(1)
	})

	test('two workers on one database never handle one request twice', async () => {
		const { email } = await createTestUser()
		for (let n = 0; n < 12; n++) await queuePasswordReset({ email, origin: server.url, language: 'vn', ip: null })
		// This process's two workers, and the server's, which may join in.
		const [first, second] = await Promise.all([processPasswordResetRequests(), processPasswordResetRequests()])
		await handled(email)
		expect(first + second).toBeLessThanOrEqual(12)
		expect(await mailsTo(email)).toHaveLength(12)
	})

	test('a full queue takes no more requests; they are still audited', async () => {
		const limit = 3
		const held = Date.now()
		const taken = await getDb()
			.insertInto('password_reset_requests')
			.values(
				Array.from({ length: limit }, (_, n) => ({
					email: `in-hand-${n}@example.com`,
					origin: server.url,
					language: 'vn',
					requested_at: held,
					claimed_at: held,
				})),
			)
			.returning('id')
			.execute()
		try {
			const { email } = await createTestUser()
			await queuePasswordReset({ email, origin: server.url, language: 'vn', ip: null }, { limit })
			expect(await waitingFor(email)).toEqual([])
			expect(await getDb().selectFrom('audit_log').select('action').where('actor_email', '=', email).execute()).toEqual([
				{ action: 'auth.password_reset_requested' },
			])
		} finally {
			await getDb()
				.deleteFrom('password_reset_requests')
				.where(
					'id',
					'in',
					taken.map((row) => row.id),
				)
				.execute()
		}
		await queuePasswordReset({ email: toEmail(`after-${held}@example.com`), origin: server.url, language: 'vn', ip: null }, { limit })
		expect(await waitingFor(`after-${held}@example.com`)).toHaveLength(1)
	})
})
