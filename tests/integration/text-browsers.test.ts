import type { HTMLElement } from 'node-html-parser'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { formatDateTime } from '~/i18n/format'
import { vn } from '~/i18n/messages'
import { notify } from '~/notifications/notifications.server'
import type { TestClient } from '../support/client'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { translate } from '../support/translate'
import { signedInUser } from '../support/users'

/*
 * Text browsers (lynx, w3m) and screen readers get the page's text without its layout: what the layout sets
 * apart must be kept apart by the text itself. Every check reads the text content of rendered pages,
 * visually hidden punctuation included, as those readers do.
 */

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function page(client: TestClient, path: string): Promise<HTMLElement> {
	const response = await client.get(path)
	const html = await response.text()
	expect(response.status, path).toBe(200)
	return parseHtml(html)
}

const squeezed = (text: string) => text.replace(/\s+/g, ' ').trim()

describe('separators for text browsers', () => {
	test('a notification reads "title: body (time)" in the bell and on the list', async () => {
		const { client, user } = await signedInUser(server)
		await notify(user.id, {
			type: 'sessions_ended',
			titleKey: 'notifications.sessionsEnded.title',
			bodyKey: 'notifications.sessionsEnded.body',
			params: { count: 1 },
		})
		const stored = await getDb().selectFrom('notifications').select('created_at').where('user_id', '=', user.id).executeTakeFirstOrThrow()
		const time = formatDateTime(Number(stored.created_at), 'vn', 'Asia/Ho_Chi_Minh')
		const title = vn.notifications.sessionsEnded.title
		const document = await page(client, '/notifications')

		const body = translate('vn', 'notifications.sessionsEnded.body', { count: 1 })
		const listed = document.querySelector('.notifications-page li .notification__title')!.parentNode
		expect(squeezed(listed.text)).toBe(`${title}: ${body} (${time})`)
		const inBell = document.querySelector('.notifications-list li')!
		expect(squeezed(inBell.text)).toBe(`${title}: ${body} (${time})`)
	})

	test('the avatar’s initials and the name are apart, and so are the name and the menu’s label', async () => {
		const { client, user } = await signedInUser(server)
		await getDb().updateTable('users').set({ display_name: 'Lê Văn Cường' }).where('id', '=', user.id).execute()
		const summary = (await page(client, '/dashboard')).querySelector('.avatar')!.parentNode
		expect(squeezed(summary.text)).toBe(`LC · Lê Văn Cường, ${vn.topbar.userMenu}`)
	})

	test('badges are in parentheses: after a session, a role’s name, a read notification', async () => {
		const admin = await signedInUser(server, ['admin'])
		const security = await page(admin.client, '/account/security')
		const current = security.querySelectorAll('td').find((cell) => cell.querySelector('.badge') !== null)!
		const device = squeezed(current.querySelector('.session-agent')!.text)
		expect(device).not.toBe('')
		expect(squeezed(current.text)).toBe(`${device} (${vn.security.sessions.thisBrowser})`)

		const roles = await page(admin.client, '/admin/roles')
		const builtIn = roles.querySelectorAll('td').filter((cell) => cell.querySelector('.badge') !== null)
		expect(builtIn.map((cell) => squeezed(cell.text))).toContain(`${vn.roles.admin} (${vn.admin.roles.builtin})`)

		await notify(admin.user.id, {
			type: 'sessions_ended',
			titleKey: 'notifications.sessionsEnded.title',
			bodyKey: 'notifications.sessionsEnded.body',
			params: { count: 2 },
		})
		await (await admin.client.post('/notifications', { intent: 'mark-all-read', redirectTo: '/notifications' })).text()
		const read = (await page(admin.client, '/notifications')).querySelector('.notifications-page li')!
		expect(squeezed(read.text).endsWith(`) (${vn.notifications.read})`)).toBe(true)
	})

	test('the dashboard’s count of each status reads "status: count"', async () => {
		const { client } = await signedInUser(server)
		const lines = (await page(client, '/dashboard')).querySelectorAll('.dashboard__statuses a').map((link) => squeezed(link.text))
		expect(lines.length).toBeGreaterThan(0)
		expect(lines).toContain(`${vn.stations.statuses.active}: 0`)
	})

	test('the skip link is the first link of every page', async () => {
		const admin = await signedInUser(server, ['admin'])
		for (const path of [
			'/dashboard',
			'/contacts/profile',
			'/account/security',
			'/notifications',
			'/admin/roles',
			'/admin/users',
			'/danhmuc/tram',
			'/congcu/list',
		]) {
			const first = (await page(admin.client, path)).querySelector('body a')!
			expect(first.getAttribute('href'), path).toBe('#main')
			expect(first.text, path).toBe(vn.app.skipToContent)
		}
	})
})
