import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { vn } from '~/i18n/messages'
import { location, type TestClient } from '../support/client'
import { formWith, parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser, signedInUser } from '../support/users'

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function storedZone(userId: number): Promise<string | null> {
	const row = await getDb().selectFrom('users').select('time_zone').where('id', '=', userId).executeTakeFirstOrThrow()
	return row.time_zone
}

/** The profile's time-zone select: its options' values and the one selected. */
async function zoneSelect(client: TestClient) {
	const response = await client.get('/contacts/profile')
	const html = await response.text()
	expect(response.status).toBe(200)
	const select = formWith(html, 'timeZone').querySelector('select[name="timeZone"]')!
	const options = select.querySelectorAll('option')
	return {
		values: options.map((option) => option.getAttribute('value')),
		selected: options.filter((option) => option.hasAttribute('selected')).map((option) => option.getAttribute('value')),
		firstLabel: options[0]!.text,
	}
}

/** "Created" on an administrator's page of a user created at `at`, as the administrator reads it. */
async function createdAtAsShown(admin: TestClient, at: number): Promise<string> {
	const target = await createTestUser()
	await getDb().updateTable('users').set({ created_at: at }).where('id', '=', target.user.id).execute()
	const response = await admin.get(`/admin/users/${target.user.id}`)
	const html = await response.text()
	expect(response.status).toBe(200)
	const terms = parseHtml(html).querySelectorAll('dt')
	const term = terms.find((dt) => dt.text === vn.admin.users.fields.createdAt)
	expect(term).toBeDefined()
	return term!.nextElementSibling!.text
}

describe('a time zone of one’s own', () => {
	test('the profile offers the IANA zones, the portal’s zone first and chosen by default', async () => {
		const { client, user } = await signedInUser(server)
		const select = await zoneSelect(client)
		expect(select.values[0]).toBe('')
		expect(select.firstLabel).toBe(vn.profile.portalTimeZone.replace('{{zone}}', 'Asia/Ho_Chi_Minh'))
		expect(select.values).toEqual(expect.arrayContaining(['Europe/Berlin', 'America/New_York', 'Asia/Tokyo']))
		expect(select.values.length).toBeGreaterThan(300)
		expect(select.selected).toEqual([''])
		expect(await storedZone(user.id)).toBeNull()
	})

	test('a chosen zone is saved and selected; choosing the portal’s zone again stores none', async () => {
		const { client, user } = await signedInUser(server)
		const saved = await client.post('/contacts/profile', { intent: 'time-zone', timeZone: 'Europe/Berlin' })
		await saved.text()
		expect(saved.status).toBe(302)
		expect(location(saved)).toBe('/contacts/profile')
		expect(await storedZone(user.id)).toBe('Europe/Berlin')
		expect((await zoneSelect(client)).selected).toEqual(['Europe/Berlin'])

		const back = await client.post('/contacts/profile', { intent: 'time-zone', timeZone: '' })
		await back.text()
		expect(back.status).toBe(302)
		expect(await storedZone(user.id)).toBeNull()
		expect((await zoneSelect(client)).selected).toEqual([''])
	})

	test('a zone that is not in the list gets a translated 400, the value sent kept, and nothing saved', async () => {
		const { client, user } = await signedInUser(server)
		for (const bogus of ['Mars/Olympus_Mons', 'europe/berlin', 'UTC+7', 'x'.repeat(100)]) {
			const response = await client.post('/contacts/profile', { intent: 'time-zone', timeZone: bogus })
			const html = await response.text()
			expect(response.status, bogus).toBe(400)
			const form = formWith(html, 'timeZone')
			expect(form.querySelector('.invalid-feedback')?.text).toBe(vn.profile.timeZoneUnknown)
			expect(form.querySelector('select[name="timeZone"]')?.getAttribute('aria-invalid')).toBe('true')
			const kept = form.querySelectorAll('option').filter((option) => option.hasAttribute('selected'))
			expect(kept.map((option) => option.getAttribute('value'))).toEqual([bogus.slice(0, 64)])
			expect(await storedZone(user.id)).toBeNull()
		}
	})

	test('dates and times on the server-rendered pages are in the reader’s zone', async () => {
		const admin = await signedInUser(server, ['admin'])
		// 23:30 UTC on 15 January 2026: already the 16th in Vietnam, still the 15th in Los Angeles.
		const at = Date.UTC(2026, 0, 15, 23, 30)
		expect(await createdAtAsShown(admin.client, at)).toBe('06:30 16/01/2026')

		const chosen = await admin.client.post('/contacts/profile', { intent: 'time-zone', timeZone: 'America/Los_Angeles' })
		await chosen.text()
		expect(chosen.status).toBe(302)
		expect(await createdAtAsShown(admin.client, at)).toBe('15:30 15/01/2026')

		// Summer time in Berlin: 23:30 UTC on 15 July is 01:30 the next day (UTC+2).
		await (await admin.client.post('/contacts/profile', { intent: 'time-zone', timeZone: 'Europe/Berlin' })).text()
		expect(await createdAtAsShown(admin.client, Date.UTC(2026, 6, 15, 23, 30))).toBe('01:30 16/07/2026')
	})
})

describe('the portal’s zone, APP_TIME_ZONE', () => {
	let berlin: RunningServer

	beforeAll(async () => {
		berlin = await startServer({ APP_TIME_ZONE: 'Europe/Berlin' })
	})

	afterAll(async () => {
		expect(await berlin?.stop()).toBe(0)
	})

	test('is the default of whoever chose none: named in the profile, used for the dates they read', async () => {
		const admin = await signedInUser(berlin, ['admin'])
		expect((await zoneSelect(admin.client)).firstLabel).toBe(vn.profile.portalTimeZone.replace('{{zone}}', 'Europe/Berlin'))
		// Winter time in Berlin: 23:30 UTC on 15 January is 00:30 on the 16th (UTC+1).
		expect(await createdAtAsShown(admin.client, Date.UTC(2026, 0, 15, 23, 30))).toBe('00:30 16/01/2026')
	})
})
