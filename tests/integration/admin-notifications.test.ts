import fs from 'node:fs'
import { translate } from '../support/translate'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { DEFAULT_TIME_ZONE as PORTAL_ZONE, toLocalDateTimeInput } from '~/i18n/format'
import { de, en, vn } from '~/i18n/messages'
import { holdMail } from '~/mail/mailer.server'
import { createAnnouncement } from '~/notifications/announcements.server'
import { ANNOUNCEMENT_LEASE_MS, deliverDueAnnouncements, settleHeldMail } from '~/notifications/announcement-delivery.server'
import { countUnread, listNotifications } from '~/notifications/notifications.server'
import { setUserRoles } from '~/users/users.server'
import { TestClient, location } from '../support/client'
import { parseHtml } from '../support/html'
import { mailsTo, outboxHold, outboxMails } from '../support/mail'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser, signedInUser } from '../support/users'
import { until } from '../support/wait'
import { activeUsers, announcementTitled, expectEachRecipientOnce, sentInFull } from '../support/announcements'

let server: RunningServer
const outbox = outboxHold()

beforeAll(async () => {
	// Small batches, so that a notice to everyone here is sent in several (decision 0065).
	server = await startServer({ ...outbox.env, NOTIFICATION_BATCH_SIZE: '5' })
})

afterAll(async () => {
	outbox.release()
	outbox.remove()
	expect(await server?.stop()).toBe(0)
})

const signedIn = (roles: string[], lang = 'en') => signedInUser(server, roles, { lang })

async function roleId(code: string): Promise<number> {
	return (await getDb().selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
}

const compose = (fields: Record<string, string | string[]>) => ({
	intent: 'send',
	title: 'Maintenance tonight',
	body: 'The portal stops at 22:00.\nSave your work.',
	audience: 'everyone',
	...fields,
})

/** The notification texts a user sees on /notifications (title and body), newest first. */
async function seenOnPage(client: TestClient): Promise<string[]> {
	const response = await client.get('/notifications')
	const html = await response.text()
	expect(response.status).toBe(200)
	return parseHtml(html)
		.querySelectorAll('.notifications-page li .notification__title')
		.map((title) => title.textContent)
}

async function unreadOnBell(client: TestClient): Promise<number | null> {
	const response = await client.get('/api/notifications/unread')
	const body = (await response.json()) as { unread: number }
	expect(response.headers.get('cache-control')).toBe('no-store')
	expect(response.status).toBe(200)
	return body.unread
}

/** The row of the "sent" table for a title in the page: its cells' texts. */
function rowIn(page: ReturnType<typeof parseHtml>, title: string): string[] {
	const row = page.querySelectorAll('table tbody tr').find((tr) => tr.querySelector('th strong')?.textContent === title)
	if (!row) throw new Error(`no row for ${title}`)
	return row.querySelectorAll('td').map((cell) => cell.textContent.trim())
}

async function sentRow(client: TestClient, title: string): Promise<string[]> {
	const response = await client.get('/admin/notifications')
	const html = await response.text()
	expect(response.status).toBe(200)
	return rowIn(parseHtml(html), title)
}

describe('notifications from administrators', () => {
	test('sent to a role: its members see it in the bell and on /notifications, others do not; the list counts recipients and readers', async () => {
		const admin = await signedIn(['admin'])
		const operatorA = await signedIn(['operator'])
		const operatorB = await signedIn(['operator', 'viewer'])
		const viewer = await signedIn(['viewer'])
		const before = await unreadOnBell(operatorA.client)

		const title = `Operators only ${Date.now()}`
		const sent = await admin.client.post(
			'/admin/notifications',
			compose({ title, audience: 'roles', roles: [String(await roleId('operator'))] }),
		)
		await sent.text()
		expect(location(sent)).toBe('/admin/notifications')
		await sentInFull(title)

		expect(await unreadOnBell(operatorA.client)).toBe(before! + 1)
		expect((await seenOnPage(operatorA.client))[0]).toBe(title)
		expect((await seenOnPage(operatorB.client))[0]).toBe(title)
		expect(await seenOnPage(viewer.client)).not.toContain(title)

		// Read by one of two.
		const [item] = (await listNotifications(operatorA.user.id)).items
		const read = await operatorA.client.post('/notifications', { intent: 'mark-read', id: String(item!.id) })
		await read.text()
		expect(read.status).toBe(302)
		const cells = await sentRow(admin.client, title)
		expect(cells).toContain(en.admin.notifications.toRoles.replace('{{roles}}', en.roles.operator))
		expect(cells).toContain(translate('en', 'admin.notifications.readOf', { read: 1, count: 2 }))
		expect(cells).toContain(en.admin.notifications.status.active)
	})

	test('sent to chosen users, found through the search of the form; withdrawn, it disappears for them and stays listed as withdrawn', async () => {
		const admin = await signedIn(['admin'])
		const chosen = await signedIn(['viewer'])
		const other = await signedIn(['viewer'])

		// The search comes back with the form as it was typed, and the match offered as a checkbox.
		const searched = await admin.client.post(
			'/admin/notifications',
			compose({ intent: 'find-users', title: 'Kept title', audience: 'users', userQuery: chosen.email.toUpperCase() }),
		)
		expect(searched.status).toBe(200)
		const form = parseHtml(await searched.text())
		expect(form.querySelector('input[name="title"]')?.getAttribute('value')).toBe('Kept title')
		const offered = form.querySelectorAll('input[name="users"]').map((input) => input.getAttribute('value'))
		expect(offered).toEqual([String(chosen.user.id)])

		const title = `Just you ${Date.now()}`
		const sent = await admin.client.post('/admin/notifications', compose({ title, audience: 'users', users: [String(chosen.user.id)] }))
		await sent.text()
		expect(location(sent)).toBe('/admin/notifications')
		await sentInFull(title)
		expect(await seenOnPage(chosen.client)).toContain(title)
		expect(await seenOnPage(other.client)).not.toContain(title)
		const unreadBefore = await unreadOnBell(chosen.client)

		const id = (await getDb().selectFrom('announcements').select('id').where('title', '=', title).executeTakeFirstOrThrow()).id
		const withdrawn = await admin.client.post('/admin/notifications', { intent: 'withdraw', id: String(id) })
		await withdrawn.text()
		expect(location(withdrawn)).toBe('/admin/notifications')
		expect(await seenOnPage(chosen.client)).not.toContain(title)
		expect(await unreadOnBell(chosen.client)).toBe(unreadBefore! - 1)
		expect(await sentRow(admin.client, title)).toContain(en.admin.notifications.status.withdrawn)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('action')
			.where('entity', '=', 'notification')
			.where('entity_id', '=', String(id))
			.orderBy('id')
			.execute()
		expect(audit.map((entry) => entry.action)).toEqual(['notification.created', 'notification.withdrawn'])
	})

	test('scheduled for later and expiring: nobody sees it before its time, everyone active sees it then, nobody after its expiry (an injected clock)', async () => {
		const admin = await signedIn(['admin'])
		const reader = await signedIn(['viewer'])
		const locked = await createTestUser()
		await getDb().updateTable('users').set({ locked: 1 }).where('id', '=', locked.user.id).execute()

		const now = Date.now()
		const publishAt = now + 2 * 60 * 60_000
		const title = `Later ${now}`
		const posted = await admin.client.post(
			'/admin/notifications',
			compose({
				title,
				publishAt: toLocalDateTimeInput(publishAt, PORTAL_ZONE),
				expiresAt: toLocalDateTimeInput(publishAt + 24 * 60 * 60_000, PORTAL_ZONE),
			}),
		)
		await posted.text()
		expect(location(posted)).toBe('/admin/notifications')
		expect(await seenOnPage(reader.client)).not.toContain(title)
		expect(await sentRow(admin.client, title)).toContain(en.admin.notifications.status.scheduled)

		// The minute it is due, one delivery pass sends it; a second pass (another instance) sends nothing more.
		const due = await getDb()
			.selectFrom('announcements')
			.select(['id', 'publish_at', 'expires_at'])
			.where('title', '=', title)
			.executeTakeFirstOrThrow()
		expect(await deliverDueAnnouncements({ now: () => Number(due.publish_at) - 1 })).toBe(0)
		expect(await deliverDueAnnouncements({ now: () => Number(due.publish_at) })).toBe(1)
		expect(await deliverDueAnnouncements({ now: () => Number(due.publish_at) + 1 })).toBe(0)
		const titles = async (userId: number, at: number) => (await listNotifications(userId, { now: at })).items.map((item) => item.title)
		expect(await titles(reader.user.id, Number(due.publish_at))).toContain(title)
		expect(await titles(locked.user.id, Number(due.publish_at))).not.toContain(title)
		const activeUsers = Number(
			(
				await getDb()
					.selectFrom('users')
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.where('locked', '=', 0)
					.executeTakeFirstOrThrow()
			).n,
		)
		const sent = await getDb().selectFrom('announcements').select('recipients').where('id', '=', due.id).executeTakeFirstOrThrow()
		expect(sent.recipients).toBe(activeUsers)

		const unreadWhileActive = await countUnread(reader.user.id, { now: Number(due.expires_at) - 1 })
		expect(await titles(reader.user.id, Number(due.expires_at))).not.toContain(title)
		expect(await countUnread(reader.user.id, { now: Number(due.expires_at) })).toBe(unreadWhileActive - 1)
	})

	test('also by email: in each recipient’s language, only to those who accept it; the profile switch is theirs', async () => {
		const admin = await signedIn(['admin'])
		const german = await signedIn(['viewer'], 'de')
		const optedOut = await signedIn(['viewer'])
		await getDb().updateTable('users').set({ preferred_language: 'de' }).where('id', '=', german.user.id).execute()

		// The reader turns mail off in the profile (the checkbox is not posted when unchecked).
		const off = await optedOut.client.post('/contacts/profile', { intent: 'email-notifications' })
		await off.text()
		expect(off.status).toBe(302)
		const profile = parseHtml(await (await optedOut.client.get('/contacts/profile')).text())
		expect(profile.querySelector('input[name="emailNotifications"]')?.hasAttribute('checked')).toBe(false)

		const title = `By mail ${Date.now()}`
		const sent = await admin.client.post(
			'/admin/notifications',
			compose({ title, email: 'yes', link: '/danhmuc/tram', audience: 'users', users: [String(german.user.id), String(optedOut.user.id)] }),
		)
		await sent.text()
		expect(location(sent)).toBe('/admin/notifications')
		await sentInFull(title)
		const [mail, ...more] = await mailsTo(german.email)
		expect(more).toEqual([])
		expect(mail!.subject).toBe(title)
		expect(mail!.text).toContain('The portal stops at 22:00.\nSave your work.')
		expect(mail!.text).toContain(`${server.url}/danhmuc/tram`)
		expect(mail!.text).toContain(de.notifications.mail.footer.split('{{')[0]!)
		expect(String(mail!.headers.get('content-language'))).toBe('de')
		expect(await mailsTo(optedOut.email)).toEqual([])
		// Both still get it in the portal.
		expect(await seenOnPage(optedOut.client)).toContain(title)
	})

	test('bad input: a clear translated 400 with everything typed kept and nothing written', async () => {
		const admin = await signedIn(['admin'], 'vn')
		const count = async () =>
			Number(
				(
					await getDb()
						.selectFrom('announcements')
						.select((eb) => eb.fn.countAll<number>().as('n'))
						.executeTakeFirstOrThrow()
				).n,
			)
		const before = await count()
		const cases: { fields: Record<string, string | string[]>; field: string; message: string }[] = [
			{ fields: { title: '' }, field: 'title', message: vn.validation.required },
			{ fields: { title: 'x'.repeat(201) }, field: 'title', message: vn.validation.tooLong.replace('{{max}}', '200') },
			{ fields: { link: 'javascript:alert(1)' }, field: 'link', message: vn.admin.notifications.errors.link },
			{ fields: { link: '//evil.example/' }, field: 'link', message: vn.admin.notifications.errors.link },
			{ fields: { audience: 'roles' }, field: 'roles', message: vn.admin.notifications.errors.noRoles },
			{ fields: { audience: 'roles', roles: ['999999'] }, field: 'roles', message: vn.admin.notifications.errors.unknownChoice },
			{ fields: { audience: 'users', users: ['1', 'x'] }, field: 'users', message: vn.admin.notifications.errors.unknownChoice },
			{ fields: { audience: 'nobody' }, field: 'audience', message: vn.catalog.errors.invalidChoice },
			{ fields: { publishAt: '2020-01-01T10:00' }, field: 'publishAt', message: vn.admin.notifications.errors.publishInPast },
			{ fields: { publishAt: '2099-13-45T10:00' }, field: 'publishAt', message: vn.admin.notifications.errors.dateTime },
			{
				fields: { expiresAt: toLocalDateTimeInput(Date.now() - 60 * 60_000, PORTAL_ZONE) },
				field: 'expiresAt',
				message: vn.admin.notifications.errors.expiresBeforeStart,
			},
		]
		for (const { fields, message } of cases) {
			const response = await admin.client.post('/admin/notifications', compose({ title: 'Typed title', body: 'Typed body', ...fields }))
			const html = parseHtml(await response.text())
			expect(response.status, JSON.stringify(fields)).toBe(400)
			expect(
				html.querySelectorAll('.invalid-feedback').map((node) => node.textContent),
				JSON.stringify(fields),
			).toContain(message)
			const typedTitle = typeof fields.title === 'string' ? fields.title : 'Typed title'
			expect(html.querySelector('input[name="title"]')?.getAttribute('value') ?? '').toBe(typedTitle)
			expect(html.querySelector('textarea[name="body"]')?.textContent).toBe('Typed body')
		}
		expect(await count()).toBe(before)
	})

	test('only holders of QUANTRI_NOTIFICATIONS may list, send or withdraw: the page and each form are refused otherwise', async () => {
		const operator = await signedIn(['operator'])
		const page = await operator.client.get('/admin/notifications')
		await page.text()
		expect(page.status).toBe(403)
		const forms: Record<string, string | string[]>[] = [
			compose({}),
			{ intent: 'withdraw', id: '1' },
			{ intent: 'find-users', userQuery: 'a' },
		]
		for (const fields of forms) {
			const response = await operator.client.post('/admin/notifications', fields)
			await response.text()
			expect(response.status).toBe(403)
		}
		const anonymous = new TestClient(server.url)
		const redirected = await anonymous.get('/admin/notifications')
		await redirected.text()
		expect(location(redirected)).toMatch(/^\/account\/login/)
		const poll = await anonymous.get('/api/notifications/unread')
		expect(await poll.json()).toEqual({ message: vn.api.unauthorised })
		expect(poll.status).toBe(401)
	})

	test('the bell’s background poll does not keep an idle session alive', async () => {
		const reader = await signedIn(['viewer'])
		const session = () =>
			getDb().selectFrom('sessions').select('last_seen_at').where('user_id', '=', reader.user.id).executeTakeFirstOrThrow()
		const old = Date.now() - 10 * 60_000
		await getDb().updateTable('sessions').set({ last_seen_at: old }).where('user_id', '=', reader.user.id).execute()
		expect(typeof (await unreadOnBell(reader.client))).toBe('number')
		expect(Number((await session()).last_seen_at)).toBe(old)
		const page = await reader.client.get('/notifications')
		await page.text()
		expect(Number((await session()).last_seen_at)).toBeGreaterThan(old)
	})

	test('a role change notice names roles as each reader calls them', async () => {
		const admin = await signedIn(['admin'])
		const target = await signedIn(['viewer'], 'de')
		await setUserRoles(target.user.id, ['viewer'])
		const response = await admin.client.post(`/admin/users/${target.user.id}`, {
			intent: 'update',
			displayName: 'Ziel',
			firstName: '',
			lastName: '',
			roles: ['operator', 'viewer'],
		})
		await response.text()
		expect(response.status).toBe(302)
		const page = parseHtml(await (await target.client.get('/notifications')).text())
		const body = page.querySelector('.notifications-page li .notification__body')?.textContent
		expect(body).toBe(de.notifications.rolesChanged.body.replace('{{roles}}', `${de.roles.operator}, ${de.roles.viewer}`))
	})
})

describe('a notice to everyone, also by email, sent in the background (decision 0065)', () => {
	test('the form answers before any recipient is written; the list shows the progress; then every active user has one notification and one mail', async () => {
		const admin = await signedIn(['admin'])
		const reader = await signedIn(['viewer'])
		const title = `To everyone ${Date.now()}`
		let audience = 0
		outbox.hold()
		try {
			const reachedBefore = outbox.reached()
			const sent = await admin.client.post('/admin/notifications', compose({ title, email: 'yes' }))
			await sent.text()
			expect(location(sent)).toBe('/admin/notifications')
			const list = await admin.client.get('/admin/notifications')
			const page = parseHtml(await list.text())
			expect(list.status).toBe(200)
			expect(page.querySelectorAll('[role="status"]').map((element) => element.text.trim())).toContain(en.admin.notifications.queued)

			// The background is at its first mail: nothing is written yet, and the list says so.
			await until(() => outbox.reached() > reachedBefore, 'the delivery at its first mail')
			const started = await announcementTitled(title)
			expect(started.recipients).toBe(0)
			expect(await getDb().selectFrom('notifications').select('id').where('announcement_id', '=', started.id).execute()).toEqual([])
			audience = (await activeUsers()).length
			expect(started.audience_size).toBe(audience)
			expect(await sentRow(admin.client, title)).toEqual(
				expect.arrayContaining([
					`${en.admin.notifications.status.sending}${translate('en', 'admin.notifications.progress', { sent: 0, count: audience })}`,
				]),
			)

			// Eight more mails go out (batches of five): the first batch is written, the second is not.
			const held = outbox.reached()
			outbox.hold(held + 7)
			await until(() => outbox.reached() === held + 8, 'the delivery in its second batch')
			const midway = await announcementTitled(title)
			expect(midway.recipients).toBeGreaterThan(0)
			expect(midway.recipients).toBeLessThan(audience)
			expect(await sentRow(admin.client, title)).toEqual(
				expect.arrayContaining([
					`${en.admin.notifications.status.sending}${translate('en', 'admin.notifications.progress', { sent: midway.recipients, count: audience })}`,
				]),
			)
		} finally {
			outbox.release()
		}
		await sentInFull(title)
		await expectEachRecipientOnce(title)
		expect(await seenOnPage(reader.client)).toContain(title)
		const done = await announcementTitled(title)
		expect(await sentRow(admin.client, title)).toEqual(
			expect.arrayContaining([
				en.admin.notifications.status.active,
				translate('en', 'admin.notifications.readOf', { read: 0, count: audience }),
			]),
		)
		expect(done.mailed).toBe((await activeUsers()).filter((user) => user.email_notifications === 1).length)
	})

	test('withdrawn while it is being sent: the batch in hand and the rest get neither notification nor mail', async () => {
		const admin = await signedIn(['admin'])
		const title = `Withdrawn mid-way ${Date.now()}`
		outbox.hold()
		let midway: Awaited<ReturnType<typeof announcementTitled>>
		try {
			const reachedBefore = outbox.reached()
			const sent = await admin.client.post('/admin/notifications', compose({ title, email: 'yes' }))
			await sent.text()
			expect(location(sent)).toBe('/admin/notifications')
			await until(() => outbox.reached() > reachedBefore, 'the delivery at its first mail')
			const held = outbox.reached()
			outbox.hold(held + 7)
			await until(() => outbox.reached() === held + 8, 'the delivery in its second batch')
			midway = await announcementTitled(title)
			expect(midway.recipients).toBeGreaterThan(0)
			const withdrawn = await admin.client.post('/admin/notifications', { intent: 'withdraw', id: String(midway.id) })
			await withdrawn.text()
			expect(location(withdrawn)).toBe('/admin/notifications')
		} finally {
			outbox.release()
		}
		await server.logged((entry) => entry.event === 'notifications.batch_lost' && entry.id === midway.id)
		expect(await announcementTitled(title)).toMatchObject({ recipients: midway.recipients, mailed: midway.mailed, completed_at: null })
		expect((await outboxMails()).filter((mail) => mail.subject === title)).toHaveLength(midway.mailed)
		expect(await sentRow(admin.client, title)).toContain(en.admin.notifications.status.withdrawn)
	})

	test('two instances sending one notice at once, the second taking over a lease it sees lapsed, write every recipient and mail once', async () => {
		const admin = await createTestUser({ roles: ['admin'] })
		const title = `Twice ${Date.now()}`
		const created = await createAnnouncement(
			{
				title,
				body: 'Once each.',
				link: null,
				audience: 'everyone',
				email: true,
				publishAt: null,
				expiresAt: null,
				roleIds: [],
				userIds: [],
			},
			{ actor: admin.user, siteUrl: server.url },
		)
		expect(created.ok).toBe(true)
		const later = () => Date.now() + ANNOUNCEMENT_LEASE_MS + 1
		const finished = await Promise.all([
			deliverDueAnnouncements({ instance: 'first', batchSize: 3 }),
			deliverDueAnnouncements({ instance: 'second', batchSize: 3, now: later }),
		])
		expect(finished.reduce((a, b) => a + b)).toBe(1)
		await expectEachRecipientOnce(title)
	})

	test('mail held by a batch is released when the batch was committed, and discarded when it was not once the lease has passed', async () => {
		const admin = await createTestUser({ roles: ['admin'] })
		const title = `Held ${Date.now()}`
		const created = await createAnnouncement(
			{ title, body: 'Held.', link: null, audience: 'everyone', email: false, publishAt: null, expiresAt: null, roleIds: [], userIds: [] },
			{ actor: admin.user, siteUrl: server.url },
		)
		if (!created.ok) throw new Error('not created')
		const mail = (to: string) => ({ to, subject: title, text: 'Held.', lang: 'en' })
		const committed = await holdMail(mail('committed@example.com'), 'aa11')
		const young = await holdMail(mail('young@example.com'), 'bb22')
		const old = await holdMail(mail('old@example.com'), 'cc33')
		const longAgo = new Date(Date.now() - ANNOUNCEMENT_LEASE_MS - 1_000)
		fs.utimesSync(old, longAgo, longAgo)
		await getDb()
			.insertInto('announcement_batches')
			.values({ hold: 'aa11', announcement_id: created.id, committed_at: Date.now() })
			.execute()
		await settleHeldMail()
		expect((await outboxMails()).filter((message) => message.subject === title).map((message) => message.to)).toEqual([
			['committed@example.com'],
		])
		expect([fs.existsSync(committed), fs.existsSync(young), fs.existsSync(old)]).toEqual([false, true, false])
		fs.rmSync(young)
	})
})
