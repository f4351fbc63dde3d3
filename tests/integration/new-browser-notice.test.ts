import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { randomBytes } from 'node:crypto'
import { getDeviceCookie } from '~/auth/device-cookie.server'
import { MAX_BROWSERS_PER_USER, recordBrowserSignIn, signedInFromBrowser } from '~/auth/known-browsers.server'
import { getDb } from '~/db/db.server'
import { formatDateTime } from '~/i18n/format'
import { de, en, vn } from '~/i18n/messages'
import { apiToken, TestClient } from '../support/client'
import { parseHtml } from '../support/html'
import { mailsTo } from '../support/mail'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser, signedInUser } from '../support/users'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36'
const DEVICE_COOKIE = 'sp_device'

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

type Account = Awaited<ReturnType<typeof createTestUser>>

function browser(userAgent = FIREFOX_LINUX, headers: Record<string, string> = {}) {
	return new TestClient(server.url, { 'User-Agent': userAgent, ...headers })
}

async function signIn(client: TestClient, { email, password }: Account) {
	const response = await client.signIn(email, password)
	await response.text()
	expect(response.status).toBe(302)
	return response
}

function noticesOf(userId: number) {
	return getDb()
		.selectFrom('notifications')
		.select(['title_key', 'body_key', 'params', 'link'])
		.where('user_id', '=', userId)
		.where('type', '=', 'new_browser')
		.execute()
}

async function noticeMailsTo(email: string, subject: string) {
	return (await mailsTo(email)).filter((mail) => mail.subject === subject)
}

function knownBrowsers(userId: number) {
	return getDb().selectFrom('user_devices').selectAll().where('user_id', '=', userId).orderBy('first_sign_in_at').execute()
}

describe('a sign-in from a browser the account has not used before', () => {
	test('the first browser of an account is its baseline; another one brings one notification and one mail in the user’s language and zone; the same browser again, nothing', async () => {
		const account = await createTestUser()
		await getDb()
			.updateTable('users')
			.set({ preferred_language: 'de', time_zone: 'Europe/Berlin' })
			.where('id', '=', account.user.id)
			.execute()

		const usual = browser(FIREFOX_LINUX)
		const first = await signIn(usual, account)
		const cookie = first.headers.getSetCookie().find((value) => value.startsWith(`${DEVICE_COOKIE}=`))
		expect(cookie).toMatch(/; Max-Age=34560000;/)
		expect(cookie).toMatch(/; Path=\//)
		expect(cookie).toMatch(/; HttpOnly/)
		expect(cookie).toMatch(/; SameSite=Lax/)
		expect(await noticesOf(account.user.id)).toEqual([])
		expect(await noticeMailsTo(account.email, de.deviceNotice.mailSubject)).toEqual([])
		await signIn(usual, account)
		expect(await noticesOf(account.user.id)).toEqual([])

		const other = browser(CHROME_WINDOWS)
		const before = Date.now()
		await signIn(other, account)
		const after = Date.now()
		expect(await noticesOf(account.user.id)).toEqual([
			{
				title_key: 'deviceNotice.title',
				body_key: 'deviceNotice.body',
				params: JSON.stringify({ device: 'Chrome 126 (Windows)', address: '127.0.0.1' }),
				link: '/account/security',
			},
		])
		const [mail, ...more] = await noticeMailsTo(account.email, de.deviceNotice.mailSubject)
		expect(more).toEqual([])
		expect(mail!.headers.get('content-language')).toBe('de')
		expect(mail!.text).toContain('Browser: Chrome 126 (Windows)')
		expect(mail!.text).toContain('Adresse: 127.0.0.1')
		const times = [before, after].map((at) => `Zeit: ${formatDateTime(at, 'de', 'Europe/Berlin')} (Europe/Berlin)`)
		expect(times.some((line) => mail!.text.includes(line))).toBe(true)
		expect(mail!.text).toContain(`${server.url}/account/security`)
		expect(mail!.text).toContain(`${server.url}/account/change-password`)

		// The notification is on the user's notifications page, in their language.
		const page = parseHtml(await (await other.get('/notifications')).text())
		const items = page.querySelectorAll('.notifications-page li')
		expect(items.map((item) => item.querySelector('.notification__title')?.textContent)).toEqual([de.deviceNotice.title])
		expect(items[0]!.querySelector('.notification__body')?.textContent).toBe(
			de.deviceNotice.body.replace('{{device}}', 'Chrome 126 (Windows)').replace('{{address}}', '127.0.0.1'),
		)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'ip', 'details'])
			.where('actor_user_id', '=', account.user.id)
			.where('action', '=', 'auth.new_device')
			.execute()
		expect(audit).toEqual([
			{
				action: 'auth.new_device',
				ip: '127.0.0.1',
				details: JSON.stringify({ browser: 'Chrome 126 (Windows)', userAgent: CHROME_WINDOWS }),
			},
		])

		// Known browsers: their last sign-in is updated, and nothing is said.
		const [, known] = await knownBrowsers(account.user.id)
		await signIn(other, account)
		await signIn(usual, account)
		expect(await noticesOf(account.user.id)).toHaveLength(1)
		expect(await noticeMailsTo(account.email, de.deviceNotice.mailSubject)).toHaveLength(1)
		const browsers = await knownBrowsers(account.user.id)
		expect(browsers).toHaveLength(2)
		expect(browsers[1]!.last_sign_in_at).toBeGreaterThanOrEqual(known!.last_sign_in_at)
		expect(browsers.map((row) => row.user_agent)).toEqual([FIREFOX_LINUX, CHROME_WINDOWS])
		// The table holds a hash of the id, not the id the cookie carries.
		const deviceId = await getDeviceCookie().parse(`${DEVICE_COOKIE}=${other.cookies.get(DEVICE_COOKIE)}`)
		expect(typeof deviceId).toBe('string')
		expect(browsers.map((row) => row.device_hash)).not.toContain(deviceId)
	})

	test('the audit log names the event and its facts in the reader’s language', async () => {
		const account = await createTestUser()
		await signIn(browser(), account)
		await signIn(browser(CHROME_WINDOWS), account)
		const { client } = await signedInUser(server, ['admin'], { lang: 'en' })
		const response = await client.get(
			`/admin/audit?${new URLSearchParams({ action: 'auth.new_device', entity: 'user', target: String(account.user.id) })}`,
		)
		expect(response.status).toBe(200)
		const rows = parseHtml(await response.text()).querySelectorAll('table.admin-audit tbody tr')
		expect(rows).toHaveLength(1)
		const [, what, , details] = rows[0]!.querySelectorAll('td')
		expect(what!.childNodes[0]!.textContent).toBe(en.audit.events.auth.new_device)
		expect(details!.querySelectorAll('li').map((item) => item.textContent)).toEqual([
			`${en.audit.facts.browser}: Chrome 126 (Windows)`,
			`${en.audit.facts.userAgent}: ${CHROME_WINDOWS}`,
		])
	})

	test('another account in the same browser gets a notice of its own; the browser stays known to both', async () => {
		const [anh, binh] = [await createTestUser(), await createTestUser()]
		await signIn(browser(), anh)
		await signIn(browser(), binh)

		const shared = browser(CHROME_WINDOWS)
		shared.cookies.set('lang', 'en')
		await signIn(shared, anh)
		const deviceCookie = shared.cookies.get(DEVICE_COOKIE)
		await shared.post('/account/logout', {})
		await signIn(shared, binh)
		expect(shared.cookies.get(DEVICE_COOKIE)).toBe(deviceCookie)
		await signIn(shared, anh)

		expect(await noticesOf(anh.user.id)).toHaveLength(1)
		expect(await noticesOf(binh.user.id)).toHaveLength(1)
		// Without a preferred language, the mail is in the portal's default one, not the (maybe a stranger's) browser's.
		expect(await noticeMailsTo(anh.email, en.deviceNotice.mailSubject)).toEqual([])
		expect(await noticeMailsTo(anh.email, vn.deviceNotice.mailSubject)).toHaveLength(1)
		expect(await noticeMailsTo(binh.email, vn.deviceNotice.mailSubject)).toHaveLength(1)
	})

	test('a tampered, forged or malformed device cookie is a new browser, never an error, and is replaced', async () => {
		const account = await createTestUser()
		const usual = browser()
		await signIn(usual, account)
		const genuine = usual.cookies.get(DEVICE_COOKIE)!
		const decoded = decodeURIComponent(genuine)
		const lastBefore = decoded.at(-2) === 'A' ? 'B' : 'A'
		const tampered = encodeURIComponent(`${decoded.slice(0, -2)}${lastBefore}${decoded.at(-1)}`)
		const signedOdd = async (value: unknown) => (await getDeviceCookie().serialize(value)).split(';')[0]!.slice(DEVICE_COOKIE.length + 1)
		const hostile = [
			tampered,
			'A'.repeat(43),
			`${'A'.repeat(43)}.c2lnbmF0dXJl`,
			'x'.repeat(12_000),
			'%E0%A4%A',
			'%00%ff"\\',
			await signedOdd(123),
			await signedOdd({ id: 'A'.repeat(43) }),
			await signedOdd('too short'),
			await signedOdd('A'.repeat(42) + '!'),
		]
		for (const [index, value] of hostile.entries()) {
			const client = browser(CHROME_WINDOWS)
			client.cookies.set(DEVICE_COOKIE, value)
			await signIn(client, account)
			expect(await noticesOf(account.user.id)).toHaveLength(index + 1)
			const replaced = client.cookies.get(DEVICE_COOKIE)
			expect(replaced).toBeDefined()
			expect(replaced).not.toBe(value)
		}
		// The genuine cookie still names the account's first browser.
		await signIn(usual, account)
		expect(usual.cookies.get(DEVICE_COOKIE)).toBe(genuine)
		expect(await noticesOf(account.user.id)).toHaveLength(hostile.length)
	})

	test('an API client signing in for a bearer token has no device cookie and gets no notice', async () => {
		const account = await createTestUser()
		await signIn(browser(), account)
		await apiToken(server.url, account.email, account.password)
		await apiToken(server.url, account.email, account.password)
		expect(await noticesOf(account.user.id)).toEqual([])
		expect(await knownBrowsers(account.user.id)).toHaveLength(1)
	})
})

describe('behind a reverse proxy', () => {
	let proxied: RunningServer
	beforeAll(async () => {
		proxied = await startServer({ TRUST_PROXY: 'true' })
	})
	afterAll(async () => {
		expect(await proxied?.stop()).toBe(0)
	})

	test('without an address for links (no PUBLIC_URL, a site name other than loopback), the notification alone', async () => {
		const account = await createTestUser()
		await signIn(browser(), account)
		// As for password resets: without PUBLIC_URL, no mail with links to a host the request named.
		const elsewhere = new TestClient(proxied.url, {
			'User-Agent': CHROME_WINDOWS,
			'X-Forwarded-Host': 'portal.example.com',
			'X-Forwarded-For': '203.0.113.9',
		})
		await signIn(elsewhere, account)
		expect(await noticesOf(account.user.id)).toEqual([
			expect.objectContaining({ params: JSON.stringify({ device: 'Chrome 126 (Windows)', address: '203.0.113.9' }) }),
		])
		expect(await noticeMailsTo(account.email, vn.deviceNotice.mailSubject)).toEqual([])
	})

	test('a forwarded address that is none, however long, is not taken for one, nor a huge user agent read whole: the sign-in works and the notice names the proxy', async () => {
		const account = await createTestUser()
		await signIn(browser(), account)
		const forged = new TestClient(proxied.url, {
			'User-Agent': `${'Mozilla/5.0 (Käse; ÿ) '.repeat(200)}<b>Firefox/1</b>`,
			'X-Forwarded-For': `${'<script>'.repeat(40)}, 203.0.113.9`,
		})
		await signIn(forged, account)
		// Only the first 512 characters are read: past them, nothing is recognised.
		expect(await noticesOf(account.user.id)).toEqual([
			expect.objectContaining({
				body_key: 'deviceNotice.bodyUnknownBrowser',
				params: JSON.stringify({ device: '', address: '127.0.0.1' }),
			}),
		])
		const [row] = (await knownBrowsers(account.user.id)).slice(-1)
		expect(row!.user_agent).toHaveLength(512)
	})
})

describe('the device cookie under rotated session secrets', () => {
	test('a cookie signed with the previous secret is still recognised (and signed anew with the new one)', async () => {
		const account = await createTestUser()
		const usual = browser()
		await signIn(usual, account)
		const before = usual.cookies.get(DEVICE_COOKIE)
		const rotated = await startServer({ SESSION_SECRET: `a-brand-new-secret-0123456789abcdef,${process.env.SESSION_SECRET}` })
		try {
			const again = new TestClient(rotated.url, { 'User-Agent': FIREFOX_LINUX })
			again.cookies.set(DEVICE_COOKIE, before!)
			await signIn(again, account)
			expect(await noticesOf(account.user.id)).toEqual([])
			const after = again.cookies.get(DEVICE_COOKIE)!
			expect(after).not.toBe(before)
			expect(await knownBrowsers(account.user.id)).toHaveLength(1)
		} finally {
			expect(await rotated.stop()).toBe(0)
		}
	})
})

describe('the browsers an account keeps', () => {
	const newId = () => randomBytes(32).toString('base64url')

	test('at most the most recent ones: the oldest are forgotten, never the last', async () => {
		const { user } = await createTestUser()
		const ids = Array.from({ length: MAX_BROWSERS_PER_USER + 2 }, newId)
		const outcomes = []
		for (const [index, id] of ids.entries())
			outcomes.push(await recordBrowserSignIn(user.id, id, { userAgent: null, ip: null, now: 1_000 + index }))
		expect(outcomes[0]).toBe('first')
		expect(outcomes.slice(1).every((outcome) => outcome === 'new')).toBe(true)
		expect(await knownBrowsers(user.id)).toHaveLength(MAX_BROWSERS_PER_USER)
		expect(await recordBrowserSignIn(user.id, ids.at(-1)!, { userAgent: null, ip: null, now: 5_000 })).toBe('known')
		expect(await recordBrowserSignIn(user.id, ids[0]!, { userAgent: null, ip: null, now: 5_001 })).toBe('new')
	})

	test('two sign-ins from one new browser at the same moment make one notice', async () => {
		const account = await createTestUser()
		await recordBrowserSignIn(account.user.id, newId(), { userAgent: null, ip: null })
		const id = newId()
		const outcomes = await Promise.all(
			[1, 2].map(() => signedInFromBrowser(account.user, id, { userAgent: CHROME_WINDOWS, ip: '192.0.2.7', mail: null })),
		)
		expect(outcomes.sort()).toEqual(['known', 'new'])
		expect(await noticesOf(account.user.id)).toHaveLength(1)
	})
})
