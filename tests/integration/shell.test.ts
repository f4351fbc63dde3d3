import { translate } from '../support/translate'
import { MESSAGES } from '~/i18n/messages'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import { createRequire } from 'node:module'
import { randomBytes } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { notify } from '~/notifications/notifications.server'
import { fieldError, fieldValue, stationFields, toolFields, vn } from '../support/catalogs'
import { runCli } from '../support/cli'
import { TestClient, location } from '../support/client'
import { hrefs, parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function signedIn(roles: string[] = ['viewer']) {
	const account = await createTestUser({ roles })
	const client = new TestClient(server.url)
	expect((await client.signIn(account.email, account.password)).status).toBe(302)
	return { ...account, client }
}

function bodyAttributes(html: string): Record<string, string> {
	return parseHtml(html).querySelector('body')?.attributes ?? {}
}

describe('layout settings', () => {
	test('the defaults are rendered on <body> in the first HTML', async () => {
		const { client } = await signedIn()
		expect(bodyAttributes(await (await client.get('/dashboard')).text())).toMatchObject({
			'data-layout': 'vertical',
			'data-layout-mode': 'light',
			'data-layout-size': 'fluid',
			'data-layout-scrollable': 'false',
			'data-sidebar': 'dark',
			'data-sidebar-size': 'default',
			'data-topbar': 'dark',
		})
	})

	test('a post saves them in a cookie, returns to the page, and a missing field keeps its value', async () => {
		const { client } = await signedIn()
		const first = await client.post('/settings/layout', {
			mode: 'dark',
			layout: 'horizontal',
			width: 'boxed',
			sidebar: 'icon',
			topbar: 'colored',
			redirectTo: '/dashboard',
		})
		expect(first.status).toBe(302)
		expect(location(first)).toBe('/dashboard')
		const second = await client.post('/settings/layout', { width: 'scrollable', redirectTo: '/dashboard' })
		expect(second.status).toBe(302)
		const html = await (await client.get('/dashboard')).text()
		expect(bodyAttributes(html)).toMatchObject({
			'data-layout': 'horizontal',
			'data-layout-mode': 'dark',
			'data-bs-theme': 'dark',
			'data-layout-size': 'fluid',
			'data-layout-scrollable': 'true',
			'data-sidebar': 'dark',
			'data-sidebar-size': 'icon',
			'data-topbar': 'colored',
		})
		expect(html).toContain('class="topnav"')
		expect(html).not.toContain('class="sidebar"')
	})

	test('the panel’s background save (stay=1) answers 200 without sending the browser anywhere, and saves all the same', async () => {
		const { client } = await signedIn()
		// As the panel's fetcher asks (single fetch: the route's `.data`, answered as a turbo-stream).
		const saved = await client.post('/settings/layout.data', {
			mode: 'dark',
			sidebar: 'compact',
			redirectTo: '/dashboard',
			stay: '1',
		})
		expect(saved.status).toBe(200)
		expect(saved.headers.get('location')).toBeNull()
		expect(saved.headers.get('x-remix-redirect')).toBeNull()
		const answer = await saved.text()
		expect(answer).toContain('"saved",true')
		expect(answer).not.toContain('redirect')
		expect(bodyAttributes(await (await client.get('/dashboard')).text())).toMatchObject({
			'data-layout-mode': 'dark',
			'data-sidebar-size': 'compact',
		})

		const refused = await client.post('/settings/layout', { mode: 'light', redirectTo: '/dashboard', stay: 'yes' })
		expect(refused.status).toBe(400)
		await refused.text()
		expect(bodyAttributes(await (await client.get('/dashboard')).text())).toMatchObject({ 'data-layout-mode': 'dark' })
	})

	test('each of the 180 combinations is saved and rendered server-side in the first HTML', async () => {
		const { client } = await signedIn()
		const widths = { fluid: ['fluid', 'false'], boxed: ['boxed', 'false'], scrollable: ['fluid', 'true'] } as const
		const sidebars = {
			light: ['light', 'default'],
			dark: ['dark', 'default'],
			colored: ['colored', 'default'],
			compact: ['dark', 'compact'],
			icon: ['dark', 'icon'],
		} as const
		let checked = 0
		for (const [width, [size, scrollable]] of Object.entries(widths)) {
			for (const layout of ['vertical', 'horizontal']) {
				for (const mode of ['light', 'dark']) {
					for (const [sidebar, [sidebarColour, sidebarSize]] of Object.entries(sidebars)) {
						for (const topbar of ['light', 'dark', 'colored']) {
							const saved = await client.post('/settings/layout', { width, layout, mode, sidebar, topbar, redirectTo: '/notifications' })
							expect(saved.status).toBe(302)
							const html = await (await client.get('/notifications')).text()
							expect(bodyAttributes(html), JSON.stringify({ width, layout, mode, sidebar, topbar })).toMatchObject({
								'data-layout': layout,
								'data-layout-mode': mode,
								'data-layout-size': size,
								'data-layout-scrollable': scrollable,
								'data-sidebar': sidebarColour,
								'data-sidebar-size': sidebarSize,
								'data-topbar': topbar,
							})
							checked++
						}
					}
				}
			}
		}
		expect(checked).toBe(180)
	})

	test('an invalid value gets 400 and changes nothing', async () => {
		const { client } = await signedIn()
		await client.post('/settings/layout', { mode: 'dark' })
		const response = await client.post('/settings/layout', { mode: 'purple', layout: 'horizontal' })
		expect(response.status).toBe(400)
		expect(await response.text()).toContain('mode')
		expect(bodyAttributes(await (await client.get('/dashboard')).text())).toMatchObject({
			'data-layout-mode': 'dark',
			'data-layout': 'vertical',
		})
	})
})

describe('the build version', () => {
	test('GET /api/version answers the stamped version, build date and commit, also shown in the footer', async () => {
		const response = await new TestClient(server.url).get('/api/version')
		expect(response.headers.get('Cache-Control')).toBe('no-store')
		const body = (await response.json()) as { version: string; buildDate: string; commit: string }
		expect(body.version).toMatch(/^\d+\.\d+\.\d+$/)
		expect(Number.isNaN(Date.parse(body.buildDate))).toBe(false)
		// npm test builds from this checkout just before: git's HEAD, unless SOURCE_COMMIT says otherwise.
		const head = execFileSync('git', ['rev-parse', 'HEAD'], { encoding: 'utf8' }).trim()
		expect(body.commit).toBe(process.env.SOURCE_COMMIT?.trim() || head)
		const { client } = await signedIn()
		const footer = parseHtml(await (await client.get('/dashboard')).text()).querySelector('footer.app-footer')
		expect(footer?.text).toContain(`Phiên bản ${body.version}`)
		expect(footer?.text).toContain(`mã nguồn ${body.commit.slice(0, 12)}`)
	})
})

describe('notifications', () => {
	test('a password change notifies the user; the badge counts unread; mark all read clears it', async () => {
		const { client, password, user } = await signedIn()
		let html = await (await client.get('/dashboard')).text()
		expect(html).toContain(translate('vn', 'notifications.summary', { count: 0 }))
		expect(html).not.toContain('topbar__badge')
		await client.post('/account/change-password', {
			currentPassword: password,
			newPassword: 'Notified new pass 1',
			confirmPassword: 'Notified new pass 1',
		})
		html = await (await client.get('/dashboard')).text()
		expect(html).toContain(translate('vn', 'notifications.summary', { count: 1 }))
		expect(html).toContain('Mật khẩu của bạn đã được thay đổi')
		const marked = await client.post('/notifications', { intent: 'mark-all-read', redirectTo: '/dashboard' })
		expect(location(marked)).toBe('/dashboard')
		html = await (await client.get('/dashboard')).text()
		expect(html).toContain(translate('vn', 'notifications.summary', { count: 0 }))
		const unread = await getDb()
			.selectFrom('notifications')
			.select('id')
			.where('user_id', '=', user.id)
			.where('read_at', 'is', null)
			.execute()
		expect(unread).toEqual([])
	})

	test('the full list pages with "load more" links', async () => {
		const { client, user } = await signedIn()
		for (let index = 1; index <= 25; index++) {
			await notify(user.id, {
				type: 'roles_changed',
				titleKey: 'notifications.rolesChanged.title',
				bodyKey: 'notifications.rolesChanged.body',
				params: { roles: `role-${index}` },
			})
		}
		/** The entries of the page's list, each as its text. */
		const pageList = (html: string) =>
			parseHtml(html)
				.querySelectorAll('ul.notifications-page > li')
				.map((entry) => entry.text)
		const loadMore = (html: string) => hrefs(html, 'a[href^="/notifications?before="]')
		const first = await (await client.get('/notifications')).text()
		expect(pageList(first)).toHaveLength(20)
		expect(pageList(first).every((entry) => entry.includes('Vai trò hiện tại: role-'))).toBe(true)
		expect(pageList(first).some((entry) => entry.includes('role-25.'))).toBe(true)
		const [next, ...more] = loadMore(first)
		expect(next).toMatch(/^\/notifications\?before=\d+$/)
		expect(more).toEqual([])
		const second = await (await client.get(next!)).text()
		expect(pageList(second)).toHaveLength(5)
		expect(pageList(second).every((entry) => entry.includes('Vai trò hiện tại: role-'))).toBe(true)
		expect(pageList(second).some((entry) => entry.includes('role-1.'))).toBe(true)
		expect(loadMore(second)).toEqual([])
	})

	test("nobody can mark another user's notification", async () => {
		const owner = await createTestUser()
		await notify(owner.user.id, { type: 'roles_changed', titleKey: 'notifications.rolesChanged.title' })
		const [row] = await getDb().selectFrom('notifications').select('id').where('user_id', '=', owner.user.id).execute()
		const { client } = await signedIn()
		await client.post('/notifications', { intent: 'mark-read', id: String(row!.id) })
		const after = await getDb().selectFrom('notifications').select('read_at').where('id', '=', row!.id).executeTakeFirstOrThrow()
		expect(after.read_at).toBeNull()
	})
})

describe('profile', () => {
	test('shows the account, its roles and the way to its sessions; the display name can be changed and is validated', async () => {
		const { client, email } = await signedIn(['operator'])
		const page = await (await client.get('/contacts/profile')).text()
		expect(page).toContain(email)
		expect(page).toContain('Nhân viên vận hành')
		expect(parseHtml(page).querySelector('main a[href="/account/security"]')?.text.trim()).toBe(vn.security.profile.link)
		const tooLong = await client.post('/contacts/profile', { intent: 'profile', displayName: 'x'.repeat(201) })
		expect(tooLong.status).toBe(400)
		expect(await tooLong.text()).toContain('Tối đa 200 ký tự.')
		const saved = await client.post('/contacts/profile', { intent: 'profile', displayName: 'Lê Văn <b>C</b>' })
		expect(location(saved)).toBe('/contacts/profile')
		const html = await (await client.get('/dashboard')).text()
		expect(html).toContain('Lê Văn &lt;b&gt;C&lt;/b&gt;')
		expect(html).toContain('Đã lưu hồ sơ của bạn.')
	})

	test('given and family names: set by the CLI, shown and changed on the page (no script), answered by the API; the top bar keeps the display name', async () => {
		const email = `named-${randomBytes(3).toString('hex')}@example.com`
		const password = `Test pass ${randomBytes(4).toString('hex')}`
		const created = await runCli(
			'users:create',
			'--email',
			email,
			'--password',
			password,
			'--name',
			'Chị Lan',
			'--given-name',
			'Lan',
			'--family-name',
			'Phạm Thị',
			'--roles',
			'viewer',
		)
		expect(created).toMatchObject({ code: 0, stderr: '' })
		const apiNames = async () => {
			const response = await new TestClient(server.url).request('/api/users/authenticate', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ email, password }),
			})
			const body = (await response.json()) as { firstName: string; lastName: string }
			expect(response.status).toBe(200)
			return { firstName: body.firstName, lastName: body.lastName }
		}
		expect(await apiNames()).toEqual({ firstName: 'Lan', lastName: 'Phạm Thị' })

		const client = new TestClient(server.url)
		expect((await client.signIn(email, password)).status).toBe(302)
		const page = await (await client.get('/contacts/profile')).text()
		expect([fieldValue(page, 'displayName'), fieldValue(page, 'lastName'), fieldValue(page, 'firstName')]).toEqual([
			'Chị Lan',
			'Phạm Thị',
			'Lan',
		])

		const tooLong = await client.post('/contacts/profile', {
			intent: 'profile',
			displayName: 'Chị Lan',
			lastName: '',
			firstName: 'x'.repeat(51),
		})
		const refused = await tooLong.text()
		expect(tooLong.status).toBe(400)
		expect(fieldError(refused, 'firstName')).toBe('Tối đa 50 ký tự.')
		// The emptied last name is kept as sent, not filled in again with the saved one.
		expect(fieldValue(refused, 'lastName')).toBe('')
		expect(await apiNames()).toEqual({ firstName: 'Lan', lastName: 'Phạm Thị' })

		const saved = await client.post('/contacts/profile', {
			intent: 'profile',
			displayName: 'Chị Lan',
			lastName: 'Phạm',
			firstName: 'Lan Anh',
		})
		await saved.text()
		expect(location(saved)).toBe('/contacts/profile')
		expect(await apiNames()).toEqual({ firstName: 'Lan Anh', lastName: 'Phạm' })
		const dashboard = await (await client.get('/dashboard')).text()
		expect(parseHtml(dashboard).querySelector('header')?.text).toContain('Chị Lan')
	})

	test('the preferred language is saved and applied at the next sign-in', async () => {
		const { client, email, password } = await signedIn()
		const saved = await client.post('/contacts/profile', { intent: 'language', preferredLanguage: 'de' })
		expect(saved.headers.getSetCookie().some((c) => c.startsWith('lang=de;'))).toBe(true)
		const elsewhere = new TestClient(server.url)
		const signIn = await elsewhere.signIn(email, password)
		expect(signIn.headers.getSetCookie().some((c) => c.startsWith('lang=de;'))).toBe(true)
		expect(await (await elsewhere.get('/dashboard')).text()).toContain('<html lang="de"')
		expect((await client.post('/contacts/profile', { intent: 'language', preferredLanguage: 'klingon' })).status).toBe(400)
	})
})

describe('search', () => {
	/** The links a result page has to single records under `prefix` (`/danhmuc/tram/` then the id). */
	const recordLinks = (html: string, prefix: string) =>
		hrefs(html, `a[href^="${prefix}"]`).filter((href) => /^\d+$/.test(href.slice(prefix.length)))

	test('finds the functions the user may open, ignoring accents and case', async () => {
		const { client } = await signedIn(['viewer'])
		const html = await (await client.get('/search?q=TRAM')).text()
		expect(html).toContain('href="/danhmuc/tram"')
		const none = await (await client.get('/search?q=nguoi%20dung')).text()
		expect(none).not.toContain('href="/admin/users"')
		expect(none).toContain('Không tìm thấy kết quả nào')
	})

	test('finds the records of the catalogs the user may view: the first ten, and the list narrowed to the same search', async () => {
		const { client: operator } = await signedIn(['operator'])
		const word = `Zeta${randomBytes(3).toString('hex')}`
		for (let index = 0; index < 12; index++) {
			expect((await operator.post('/danhmuc/tram/new', stationFields({ name: `Trạm ${word} ${index}` }))).status).toBe(302)
		}
		const tool = toolFields({ name: `Máy đo ${word}` })
		expect((await operator.post('/congcu/list/new', tool)).status).toBe(302)

		const html = await (await operator.get(`/search?q=${word.toLowerCase()}`)).text()
		expect(recordLinks(html, '/danhmuc/tram/')).toHaveLength(10)
		expect(html).toContain(`${vn.stations.title} (10+)`)
		expect(html).toContain(`href="/danhmuc/tram?q=${word.toLowerCase()}"`)
		expect(recordLinks(html, '/congcu/list/')).toHaveLength(1)
		expect(html).toContain(tool.code)

		// A user who may view stations only finds no tools.
		const now = Date.now()
		const db = getDb()
		const role = await db
			.insertInto('roles')
			.values({
				code: `stations_only_${now}`,
				name: 'Stations only',
				description: '',
				is_builtin: 0,
				all_access: 0,
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		const stations = await db.selectFrom('functions').select('id').where('code', '=', 'DANHMUC_TRAM').executeTakeFirstOrThrow()
		await db.insertInto('role_grants').values({ role_id: role.id, function_id: stations.id, action: 'view' }).execute()
		const { client: reader } = await signedIn([`stations_only_${now}`])
		const limited = await (await reader.get(`/search?q=${word}`)).text()
		expect(recordLinks(limited, '/danhmuc/tram/')).toHaveLength(10)
		expect(recordLinks(limited, '/congcu/list/')).toEqual([])
		expect(limited).not.toContain(tool.code)
	})

	test('an administrator finds the administration pages', async () => {
		const { client } = await signedIn(['admin'])
		expect(await (await client.get('/search?q=nguoi%20dung')).text()).toContain('href="/admin/users"')
	})
})

describe('page titles', () => {
	test('name the page and the product in the language chosen', async () => {
		const { client } = await signedIn(['viewer'])
		const titleOf = async (path: string) => parseHtml(await (await client.get(path)).text()).querySelector('head > title')?.text
		for (const language of ['vn', 'en', 'es', 'de', 'it', 'ru'] as const) {
			const messages = MESSAGES[language] as typeof vn
			expect((await client.post('/settings/language', { lang: language, redirectTo: '/dashboard' })).status).toBe(302)
			expect(await titleOf('/danhmuc/tram'), language).toBe(`${messages.stations.title} · ${messages.app.name}`)
			expect(await titleOf('/dashboard'), language).toBe(`${messages.dashboard.title} · ${messages.app.name}`)
		}
	})
})

describe('the top bar', () => {
	// The launcher and the help link as configured (new tab, no opener): tests/e2e/shell-topbar.spec.ts.
	test('carries the language menu and a POST sign-out; no launcher and no help link until they are configured', async () => {
		const { client } = await signedIn()
		const html = await (await client.get('/dashboard')).text()
		const page = parseHtml(html)
		const bar = page.querySelector('.topbar')
		expect(bar).not.toBeNull()
		expect(
			bar?.querySelectorAll('a[target="_blank"]').map((link) => link.getAttribute('href')),
			'no link to a placeholder site',
		).toEqual([])
		expect(bar?.querySelector('.launcher'), 'no launcher').toBeNull()
		expect(bar?.querySelector(`[title="${vn.topbar.help}"]`), 'no help link').toBeNull()
		for (const code of ['vn', 'en', 'es', 'de', 'it', 'ru']) expect(html).toContain(`name="lang" value="${code}"`)
		expect(page.querySelector('form[action="/account/logout"]')?.getAttribute('method')).toBe('post')
		// The fullscreen toggle needs JavaScript, so the server does not render it.
		expect(html).not.toContain('bx-fullscreen')
	})
	test("the language menu's flags are fetched when it opens; the current language's at once", async () => {
		const { client } = await signedIn()
		const menu = parseHtml(await (await client.get('/dashboard')).text()).querySelector('form[action="/settings/language"]')
		const current = menu?.closest('details')?.querySelector('summary img.flag')
		expect(current?.getAttribute('src')).toBe('/vendor/flags/vn.svg')
		expect(current?.getAttribute('loading')).toBeUndefined()
		const listed = menu?.querySelectorAll('img.flag') ?? []
		expect(listed.map((flag) => flag.getAttribute('src'))).toEqual(
			['vn', 'gb', 'es', 'de', 'it', 'ru'].map((code) => `/vendor/flags/${code}.svg`),
		)
		for (const flag of listed) expect(flag.getAttribute('loading')).toBe('lazy')
	})
})

describe('style sheets', () => {
	const bootstrap = fs.readFileSync(createRequire(import.meta.url).resolve('bootstrap/dist/css/bootstrap.min.css'), 'utf8')
	/** Whether `css` has a rule naming the class (followed by what cannot continue a class name). */
	const names = (css: string, name: string) => new RegExp(`\\.${name.replace(/[^\w-]/g, '\\$&')}(?![\\w-])`).test(css)

	test("the pages link Bootstrap's rules for the classes they use: every Bootstrap class of the shell, the dashboard and a list, in under a third of the sheet", async () => {
		const { client } = await signedIn(['operator'])
		// A list with a row: its status badge is a class written as a prefix and a value.
		expect((await client.post('/danhmuc/tram/new', stationFields({ name: `Trạm ${randomBytes(3).toString('hex')}` }))).status).toBe(302)
		const pages = await Promise.all(
			['/dashboard', '/danhmuc/tram', '/danhmuc/tram/new'].map(async (path) => {
				const response = await client.get(path)
				expect(response.status, path).toBe(200)
				return parseHtml(await response.text())
			}),
		)
		const links = pages[0]!.querySelectorAll('link[rel="stylesheet"]').map((link) => link.getAttribute('href') ?? '')
		const href = links.find((link) => link.startsWith('/build/_assets/bootstrap'))
		expect(href, links.join(', ')).toBeDefined()
		const response = await client.get(href!)
		expect(response.status).toBe(200)
		const sheet = await response.text()
		expect(sheet.length).toBeLessThan(bootstrap.length / 3)
		const classes = new Set(pages.flatMap((page) => page.querySelectorAll('[class]').flatMap((element) => element.classList.value)))
		const styled = [...classes].filter((name) => name !== '' && names(bootstrap, name))
		expect(styled).toEqual(expect.arrayContaining(['btn', 'form-control', 'table', 'visually-hidden', 'rounded-pill']))
		expect(styled.some((name) => name.startsWith('text-bg-'))).toBe(true)
		expect(styled.filter((name) => !names(sheet, name))).toEqual([])
	})
})

describe('module preloads (decision 80)', () => {
	test('a page preloads its entry module only: the browser finds the route modules and chunks from the module script', async () => {
		const { client } = await signedIn(['operator'])
		for (const path of ['/account/login', '/dashboard', '/danhmuc/tram']) {
			const response = await (path === '/account/login' ? new TestClient(server.url) : client).get(path)
			expect(response.status, path).toBe(200)
			const page = parseHtml(await response.text())
			const preloads = page.querySelectorAll('link[rel="modulepreload"]').map((link) => link.getAttribute('href') ?? '')
			expect(preloads, path).toHaveLength(1)
			expect(preloads[0], path).toMatch(/^\/build\/entry\.client-[\w-]+\.js$/)
			const moduleScript = page
				.querySelectorAll('script[type="module"]')
				.map((script) => script.text)
				.join('\n')
			expect(moduleScript, path).toContain('import * as route0 from "/build/root-')
		}
	})
})
