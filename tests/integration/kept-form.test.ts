import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { en } from '~/i18n/messages'
import { TestClient, location } from '../support/client'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser, signedInUser } from '../support/users'

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

const signedIn = () => signedInUser(server, ['viewer'], { lang: 'en' })

/** The idle timeout passes for every session of the user. */
async function goIdle(userId: number) {
	await getDb()
		.updateTable('sessions')
		.set({ last_seen_at: Date.now() - 24 * 60 * 60_000 })
		.where('user_id', '=', userId)
		.execute()
}

describe('a form posted after the session ended', () => {
	test('is kept, offered again filled in after signing in, and saved when sent again', async () => {
		const user = await signedIn()
		await goIdle(user.user.id)
		const posted = await user.client.post('/contacts/profile', { intent: 'profile', displayName: 'Typed while away' })
		await posted.text()
		expect(location(posted)).toBe('/account/login?redirectTo=%2Faccount%2Fkept-form&reason=expired')
		expect(
			(await getDb().selectFrom('users').select('display_name').where('id', '=', user.user.id).executeTakeFirstOrThrow()).display_name,
		).not.toBe('Typed while away')

		const back = await user.client.signIn(user.email, user.password, '/account/kept-form')
		await back.text()
		expect(location(back)).toBe('/account/kept-form')
		const page = await user.client.get('/account/kept-form')
		const html = parseHtml(await page.text())
		expect(page.status).toBe(200)
		expect(html.querySelector('h1')?.textContent).toBe(en.keptForm.title)
		expect(html.querySelectorAll('dd').map((dd) => dd.textContent)).toEqual(['Typed while away'])
		const form = html.querySelector('form[action="/contacts/profile"]')!
		const fields: Record<string, string> = {}
		for (const input of form.querySelectorAll('input[type="hidden"]'))
			fields[input.getAttribute('name')!] = input.getAttribute('value') ?? ''
		expect(fields).toMatchObject({ intent: 'profile', displayName: 'Typed while away' })
		expect(fields.csrf).toBeTruthy()

		const sent = await user.client.post('/contacts/profile', fields)
		await sent.text()
		expect(location(sent)).toBe('/contacts/profile')
		expect(
			(await getDb().selectFrom('users').select('display_name').where('id', '=', user.user.id).executeTakeFirstOrThrow()).display_name,
		).toBe('Typed while away')

		// Offered once: the next visit has nothing to offer.
		const again = await user.client.get('/account/kept-form')
		await again.text()
		expect(location(again)).toBe('/')
	})

	test('is for its author on that browser only, never keeps a password, and is gone after 15 minutes', async () => {
		const author = await signedIn()
		await goIdle(author.user.id)
		const posted = await author.client.post('/account/change-password', {
			currentPassword: author.password,
			newPassword: 'Brand new secret 99',
			confirmPassword: 'Brand new secret 99',
			note: 'kept',
		})
		await posted.text()
		const row = await getDb()
			.selectFrom('kept_forms')
			.select(['fields', 'expires_at', 'created_at'])
			.where('user_id', '=', author.user.id)
			.executeTakeFirstOrThrow()
		expect(JSON.parse(row.fields)).toEqual([['note', 'kept']])
		expect(Number(row.expires_at) - Number(row.created_at)).toBe(15 * 60_000)

		// Another person signs in on the same browser: nothing of the author's is shown to them.
		await (await author.client.signIn(author.email, author.password)).text()
		await goIdle(author.user.id)
		const kept = await author.client.post('/contacts/profile', { intent: 'profile', displayName: 'Private draft' })
		await kept.text()
		expect(location(kept)).toContain('redirectTo=%2Faccount%2Fkept-form')
		const other = await createTestUser()
		const otherSignIn = await author.client.signIn(other.email, other.password, '/account/kept-form')
		await otherSignIn.text()
		const shown = await author.client.get('/account/kept-form')
		await shown.text()
		expect(location(shown)).toBe('/')
		// …and it is still there for the author on this browser.
		await (await author.client.signIn(author.email, author.password)).text()
		const theirs = await author.client.get('/account/kept-form')
		expect(
			parseHtml(await theirs.text())
				.querySelectorAll('dd')
				.map((dd) => dd.textContent),
		).toEqual(['Private draft'])

		// Expired: the author signs in after the 15 minutes and is offered nothing.
		const copy = new TestClient(server.url)
		copy.cookies.set('lang', 'en')
		await (await copy.signIn(author.email, author.password)).text()
		await goIdle(author.user.id)
		const late = await copy.post('/contacts/profile', { intent: 'profile', displayName: 'Too late' })
		await late.text()
		await getDb()
			.updateTable('kept_forms')
			.set({ expires_at: Date.now() - 1 })
			.where('user_id', '=', author.user.id)
			.execute()
		await (await copy.signIn(author.email, author.password, '/account/kept-form')).text()
		const none = await copy.get('/account/kept-form')
		await none.text()
		expect(location(none)).toBe('/')
	})

	test('a post without a valid CSRF token, or from a browser that never had a session, is not kept', async () => {
		const user = await signedIn()
		await goIdle(user.user.id)
		const forged = await user.client.post('/contacts/profile', { intent: 'profile', displayName: 'Forged', csrf: 'not-the-token' })
		await forged.text()
		expect(location(forged)).toBe('/account/login?redirectTo=%2Fcontacts%2Fprofile&reason=expired')
		const anonymous = await new TestClient(server.url).post('/contacts/profile', { intent: 'profile', displayName: 'Anonymous' })
		await anonymous.text()
		expect(location(anonymous)).toBe('/account/login?redirectTo=%2Fcontacts%2Fprofile')
		expect(await getDb().selectFrom('kept_forms').select('id_hash').where('user_id', '=', user.user.id).execute()).toEqual([])
	})
})
