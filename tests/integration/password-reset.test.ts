import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { TestClient, location } from '../support/client'
import { runCli } from '../support/cli'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'
import { mailsTo, resetLinkIn, resetTokenIn } from '../support/mail'
import vn from '~/locales/vn.json'

let server: RunningServer
const DEAD_LINK = 'Đường liên kết này không còn hiệu lực'

/** Asks for a reset link for `email` and returns its token. */
async function requestLink(email: string): Promise<string> {
	const response = await new TestClient(server.url).post('/account/forgot-password', { email })
	expect(response.status).toBe(200)
	await response.text()
	const mails = await mailsTo(email)
	return resetTokenIn(mails.at(-1)!)
}

async function linkStillWorks(token: string) {
	const response = await new TestClient(server.url).get(`/account/reset-password?token=${token}`)
	const html = await response.text()
	return !html.includes(DEAD_LINK)
}

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
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
		expect(await known.text()).toContain(sent)
		expect(await unknown.text()).toContain(sent)
		expect(await mailsTo('nobody-at-all@example.com')).toEqual([])

		const [mail] = await mailsTo(email)
		expect(mail!.subject).toBe(vn.resetPassword.mailSubject)
		expect(mail!.html).toContain(`href="${server.url}${resetLinkIn(mail!)}"`)
		const link = resetLinkIn(mail!)
		const page = await client.get(link)
		expect(await page.text()).toContain('Đặt mật khẩu mới')

		const token = new URLSearchParams(link.split('?')[1]).get('token')!
		const mismatch = await client.post('/account/reset-password', { token, newPassword: 'Reset new password 1', confirmPassword: 'other' })
		expect(mismatch.status).toBe(400)
		const done = await client.post('/account/reset-password', { token, newPassword: 'Reset new password 1', confirmPassword: 'Reset new password 1' })
		expect(location(done)).toBe('/account/login?reason=password-reset')
		expect((await new TestClient(server.url).signIn(email, password)).status).toBe(400)
		expect((await new TestClient(server.url).signIn(email, 'Reset new password 1')).status).toBe(302)

		const again = await client.post('/account/reset-password', { token, newPassword: 'Another new one 2', confirmPassword: 'Another new one 2' })
		expect(again.status).toBe(400)
		expect(await again.text()).toContain('Đường liên kết này không còn hiệu lực')
	})

	test('a reset signs out every session of the account', async () => {
		const { email, password } = await createTestUser()
		const browser = new TestClient(server.url)
		await browser.signIn(email, password)
		await new TestClient(server.url).post('/account/forgot-password', { email })
		const token = resetTokenIn((await mailsTo(email))[0]!)
		await new TestClient(server.url).post('/account/reset-password', { token, newPassword: 'Fresh password 77', confirmPassword: 'Fresh password 77' })
		expect(location(await browser.get('/dashboard'))).toMatch(/^\/account\/login/)
	})

	test('an expired link is refused', async () => {
		const { email, user } = await createTestUser()
		await new TestClient(server.url).post('/account/forgot-password', { email })
		await getDb().updateTable('password_resets').set({ expires_at: Date.now() - 1 }).where('user_id', '=', user.id).execute()
		const link = resetLinkIn((await mailsTo(email))[0]!)
		expect(await (await new TestClient(server.url).get(link)).text()).toContain('Đường liên kết này không còn hiệu lực')
	})

	test('a fourth request within the hour sends nothing more, and says the same', async () => {
		const { email } = await createTestUser()
		const client = new TestClient(server.url)
		for (let attempt = 0; attempt < 4; attempt++) {
			const response = await client.post('/account/forgot-password', { email })
			expect(response.status).toBe(200)
		}
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
		const used = await new TestClient(server.url).post('/account/reset-password', { token, newPassword: 'Attacker chosen 12', confirmPassword: 'Attacker chosen 12' })
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
		await getDb().updateTable('password_resets').set({ created_at: Date.now() - 60_000 }).where('used_at', 'is', null).execute()
		const second = await requestLink(email)
		expect(await linkStillWorks(first)).toBe(false)
		const done = await new TestClient(server.url).post('/account/reset-password', { token: second, newPassword: 'Second link wins 1', confirmPassword: 'Second link wins 1' })
		await done.text()
		expect(done.status).toBe(302)
	})
})
