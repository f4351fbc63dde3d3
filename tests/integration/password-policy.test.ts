import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { en, ru, vn } from '~/i18n/messages'
import { TestClient, apiToken } from '../support/client'
import { fieldError } from '../support/catalogs'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

/** A weak password is refused wherever a password is set, with the reason in the user's language. */
let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function changePassword(language: string, newPassword: string) {
	const { email, password } = await createTestUser()
	const client = new TestClient(server.url)
	client.cookies.set('lang', language)
	await (await client.signIn(email, password)).text()
	const response = await client.post('/account/change-password', { currentPassword: password, newPassword, confirmPassword: newPassword })
	return { status: response.status, html: await response.text() }
}

describe("changing one's password", () => {
	test.each([
		['vn', 'ｐａｓｓｗｏｒｄ１２３', vn.password.common],
		['en', 'ｐａｓｓｗｏｒｄ１２３', en.password.common],
		['en', 'aaaaaaaaaaaaaaaa', en.password.repeated],
		['ru', 'abcdefghijkl', ru.password.sequence],
	])('in %s, %j is refused with the reason', async (language, weak, reason) => {
		const { status, html } = await changePassword(language, weak)
		expect(status).toBe(400)
		expect(fieldError(html, 'newPassword')).toBe(reason)
	})

	test('a long passphrase is accepted', async () => {
		const { status } = await changePassword('vn', 'Bốn con mèo ăn bánh cuốn ở Hội An')
		expect(status).toBe(302)
	})
})

describe('registering through the API', () => {
	test("a password built from the account's own name is refused, in the caller's language", async () => {
		const admin = await createTestUser({ roles: ['admin'] })
		const token = await apiToken(server.url, admin.email, admin.password)
		const response = await fetch(new URL('/api/users/register', server.url), {
			method: 'POST',
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Cookie: 'lang=en' },
			body: JSON.stringify({ username: 'hoang.minh@example.com', password: 'Hoangminh2024', firstName: 'Minh', lastName: 'Hoàng' }),
		})
		expect(response.status).toBe(400)
		expect(((await response.json()) as { errors: Record<string, string> }).errors.password).toBe(en.password.personal)
	})
})
