import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { recordAudit } from '~/audit/audit.server'
import { dayStart } from '~/admin/audit.server'
import { escapeHtml, getPage, signedIn, vn } from '../support/catalogs'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
let admin: Awaited<ReturnType<typeof signedIn>>
let viewer: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	admin = await signedIn(server, ['admin'])
	viewer = await signedIn(server, ['viewer'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** The actions of the rows a page lists, in order. */
function actions(html: string): string[] {
	return [...html.matchAll(/<td><code>([^<]+)<\/code><\/td>/g)].map((match) => match[1]!)
}

describe('the audit log', () => {
	test('lists entries newest first with readable changes, and filters them', async () => {
		await recordAudit({ action: 'test.first', actorEmail: 'first@example.com', entity: 'widget', entityId: 7, details: { code: 'W-7', changes: { name: { from: 'Cũ', to: 'Mới' } } } })
		await recordAudit({ action: 'test.second', actorEmail: 'second@example.com', entity: 'gadget', entityId: 8, details: { note: 'ok', passwordHash: 'must-not-show' } })
		const html = await (await getPage(admin.client, '/admin/audit')).text()
		const listed = actions(html)
		expect(listed.indexOf('test.second')).toBeLessThan(listed.indexOf('test.first'))
		expect(html).toContain(`<del>Cũ</del> → <ins>Mới</ins>`)
		expect(html).not.toContain('must-not-show')
		expect(html).toContain('aria-sort="descending"')

		expect(actions(await (await getPage(admin.client, '/admin/audit?action=test.first')).text())).toEqual(['test.first'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?entity=gadget')).text())).toEqual(['test.second'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?actor=first%40example.com')).text())).toEqual(['test.first'])
		expect(actions(await (await getPage(admin.client, '/admin/audit?q=second')).text())).toEqual(['test.second'])
		const oldest = await (await getPage(admin.client, '/admin/audit?to=2000-01-01')).text()
		expect(actions(oldest)).toEqual([])
		expect(oldest).toContain(vn.list.noMatchTitle)
		const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Ho_Chi_Minh' }).format(new Date())
		expect(actions(await (await getPage(admin.client, `/admin/audit?from=${today}&action=test.first`)).text())).toEqual(['test.first'])
		expect(html).toContain(escapeHtml('first@example.com'))
	})

	test('pages through many entries', async () => {
		for (let n = 0; n < 12; n++) await recordAudit({ action: 'test.paged', entity: 'paged', entityId: n })
		const first = await (await getPage(admin.client, '/admin/audit?entity=paged&size=10')).text()
		expect(actions(first)).toHaveLength(10)
		expect(first).toContain('rel="next"')
		const second = await (await getPage(admin.client, '/admin/audit?entity=paged&size=10&page=2')).text()
		expect(actions(second)).toHaveLength(2)
	})

	test('a day starts at midnight in Vietnam', () => {
		expect(dayStart('2024-01-02')).toBe(Date.UTC(2024, 0, 1, 17))
		expect(dayStart('nonsense')).toBeNull()
	})

	test('a viewer gets 403', async () => {
		expect((await viewer.client.get('/admin/audit')).status).toBe(403)
	})
})
