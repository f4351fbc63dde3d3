import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createStation } from '~/catalogs/stations/stations.server'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { getDb } from '~/db/db.server'
import { MAX_VIEWS_PER_LIST } from '~/lists/list-views'
import { saveView } from '~/lists/list-views.server'
import { location, TestClient } from '../support/client'
import { format, getPage, signedIn, stationFields, toolFields, vn } from '../support/catalogs'
import { errorSummary, parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
let viewer: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	viewer = await signedIn(server, ['viewer'])
	const operator = await signedIn(server, ['operator'])
	const created = await createStation(stationSchema.parse(stationFields()), operator.actor)
	expect(created.ok).toBe(true)
	const tool = await operator.client.post('/congcu/list/new', toolFields())
	expect(tool.status).toBe(302)
	await tool.text()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

const LISTS = [
	{
		path: '/danhmuc/tram',
		key: 'stations',
		query: '?q=cau&status=active&sort=name&size=50',
		onPage3: '?q=cau&status=active&sort=name&page=3&size=50',
	},
	{
		path: '/congcu/list',
		key: 'tools',
		query: '?q=fluke&status=in_use&dir=desc&size=10',
		onPage3: '?q=fluke&status=in_use&dir=desc&page=3&size=10',
	},
] as const

/** A list page as the browser shows it (after the canonical redirect): status and parsed document. */
async function open(client: TestClient, path: string) {
	const response = await getPage(client, path)
	const html = await response.text()
	return { status: response.status, html, document: parseHtml(html) }
}

/** The column headers of the list's table, without the sort hints read to screen readers. */
function headers(html: string): string[] {
	return parseHtml(html)
		.querySelectorAll('table.catalog-table thead th')
		.map((th) => (th.querySelector('.sort-link')?.childNodes[0]?.text ?? th.text).trim())
}

/** The saved views the page links to: name and address. */
function savedViews(html: string) {
	return parseHtml(html)
		.querySelectorAll('.list-views__saved li a')
		.map((link) => ({
			name: link.text.trim(),
			href: link.getAttribute('href'),
		}))
}

async function storedViews(userId: number, key: string) {
	return getDb()
		.selectFrom('list_views')
		.select(['id', 'name', 'query'])
		.where('user_id', '=', userId)
		.where('list_key', '=', key)
		.orderBy('id')
		.execute()
}

describe('the column chooser', () => {
	const station = vn.stations.fields

	test('shows the chosen columns only, in the header, the rows and the folded second line, and the boxes say so', async () => {
		const { client } = await signedIn(server, ['viewer'])
		const all = await open(client, '/danhmuc/tram')
		expect(headers(all.html)).toEqual([
			station.code,
			station.name,
			station.type,
			station.province,
			station.status,
			station.commissionedAt,
			vn.stations.toolCount,
		])
		// The line under a name repeats the secondary columns' values (the station's type first).
		const typeCell = all.document.querySelector('tbody td.col-secondary')!.text
		expect(typeCell).not.toBe('')
		expect(all.document.querySelector('.row-detail')?.text.startsWith(typeCell)).toBe(true)

		const saved = await client.post('/danhmuc/tram?sort=name&page=1', {
			intent: 'saveColumns',
			column: ['province', 'status'],
		})
		expect(saved.status).toBe(302)
		expect(location(saved)).toBe('/danhmuc/tram?sort=name')
		await saved.text()

		const chosen = await open(client, '/danhmuc/tram?sort=name')
		expect(headers(chosen.html)).toEqual([station.code, station.name, station.province, station.status])
		const row = chosen.document.querySelector('table.catalog-table tbody tr')!
		expect(row.querySelectorAll('td')).toHaveLength(3)
		expect(row.querySelector('.row-detail')).toBeNull()
		const boxes = chosen.document.querySelectorAll('input[name="column"]')
		expect(boxes.filter((box) => box.hasAttribute('checked')).map((box) => box.getAttribute('value'))).toEqual(['province', 'status'])
		expect(chosen.html).toContain(vn.listViews.columnsSaved)

		// Another list keeps its own columns.
		expect(headers((await open(client, '/congcu/list')).html)).toHaveLength(8)

		const reset = await client.post('/danhmuc/tram', {
			intent: 'resetColumns',
		})
		expect(reset.status).toBe(302)
		await reset.text()
		const again = await open(client, '/danhmuc/tram')
		expect(headers(again.html)).toHaveLength(7)
		expect(again.html).toContain(vn.listViews.columnsReset)
	})

	test('columns and saved views follow the user to a new session after signing out', async () => {
		const account = await signedIn(server, ['viewer'])
		const saved = await account.client.post('/congcu/list', {
			intent: 'saveColumns',
			column: ['status', 'value'],
		})
		expect(saved.status).toBe(302)
		await saved.text()
		const view = await account.client.post('/congcu/list?status=in_use', { intent: 'saveView', viewName: 'Đang dùng' })
		expect(view.status).toBe(302)
		await view.text()
		const signOut = await account.client.post('/account/logout', {})
		expect(signOut.status).toBe(302)
		await signOut.text()

		const later = new TestClient(server.url)
		const signIn = await later.signIn(account.email, account.password)
		expect(signIn.status).toBe(302)
		await signIn.text()
		const page = await open(later, '/congcu/list')
		expect(page.status).toBe(200)
		expect(headers(page.html)).toEqual([vn.tools.fields.code, vn.tools.fields.name, vn.tools.fields.status, vn.tools.fields.value])
		expect(savedViews(page.html)).toEqual([{ name: 'Đang dùng', href: '/congcu/list?status=in_use' }])
	})

	test('an unknown column is refused with a message, and nothing is saved', async () => {
		const { client, user } = await signedIn(server, ['viewer'])
		const response = await client.post('/danhmuc/tram', {
			intent: 'saveColumns',
			column: ['province', 'password_hash'],
		})
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(errorSummary(html)?.items).toEqual([vn.listViews.errors.unknownColumn])
		expect(parseHtml(html).querySelector('.list-views details[open] input[name="column"]')).not.toBeNull()
		const rows = await getDb().selectFrom('list_columns').selectAll().where('user_id', '=', user.id).execute()
		expect(rows).toEqual([])
	})

	test('needs the CSRF token and the view grant', async () => {
		const noCsrf = await viewer.client.post('/danhmuc/tram', { intent: 'saveColumns', column: 'status' }, { csrf: false })
		expect(noCsrf.status).toBe(403)
		await noCsrf.text()
		const nobody = await signedIn(server, [])
		const refused = await nobody.client.post('/congcu/list', {
			intent: 'saveView',
			viewName: 'Của tôi',
		})
		expect(refused.status).toBe(403)
		await refused.text()
		expect(await storedViews(nobody.user.id, 'tools')).toEqual([])
	})

	test('an unknown or missing intent is a 400 told above the forms, and nothing is saved', async () => {
		const { client, user } = await signedIn(server, ['viewer'])
		for (const posted of [
			{ intent: 'dropTable', column: 'status', viewName: 'Của tôi' },
			{ column: 'status', viewName: 'Của tôi' },
		] as Record<string, string>[]) {
			const response = await client.post('/danhmuc/tram', posted)
			expect(response.status, JSON.stringify(posted)).toBe(400)
			const html = await response.text()
			expect(errorSummary(html)?.items).toEqual([vn.errors.badRequestBody])
			expect(parseHtml(html).querySelector('.list-views > .error-summary')).not.toBeNull()
			expect(parseHtml(html).querySelector('.list-views details[open]')).toBeNull()
		}
		expect(await getDb().selectFrom('list_columns').selectAll().where('user_id', '=', user.id).execute()).toEqual([])
		expect(await storedViews(user.id, 'stations')).toEqual([])
	})
})

describe.each(LISTS)('saved views of $path', ({ path, key, query, onPage3 }) => {
	test('saving keeps the canonical query without the page; the link applies it; delete removes it', async () => {
		const { client, user } = await signedIn(server, ['viewer'])
		const response = await client.post(`${path}${query}&page=3&junk=1`, {
			intent: 'saveView',
			viewName: '  Của tôi: đang dùng  ',
		})
		expect(response.status).toBe(302)
		expect(location(response)).toBe(`${path}${onPage3}`)
		await response.text()
		const [stored] = await storedViews(user.id, key)
		expect(stored).toMatchObject({ name: 'Của tôi: đang dùng', query })

		const page = await open(client, path)
		expect(page.html).toContain(format(vn.listViews.viewSaved, { name: 'Của tôi: đang dùng' }))
		expect(savedViews(page.html)).toEqual([{ name: 'Của tôi: đang dùng', href: `${path}${query}` }])
		const applied = await open(client, `${path}${query}`)
		expect(applied.status).toBe(200)
		expect(applied.document.querySelector('.list-views__saved a[aria-current="page"]')?.text).toBe('Của tôi: đang dùng')
		expect(applied.document.querySelector('#list-q')?.getAttribute('value')).toBe(new URLSearchParams(query).get('q'))

		const deleted = await client.post(`${path}${query}`, {
			intent: 'deleteView',
			view: String(stored!.id),
		})
		expect(deleted.status).toBe(302)
		expect(location(deleted)).toBe(`${path}${query}`)
		await deleted.text()
		expect(await storedViews(user.id, key)).toEqual([])
		const after = await open(client, path)
		expect(savedViews(after.html)).toEqual([])
		expect(after.html).toContain(vn.listViews.viewDeleted)
	})

	test.each([
		['', vn.validation.required],
		['   ', vn.validation.required],
		['x'.repeat(61), format(vn.validation.tooLong, { max: 60 })],
		['tab\there', vn.catalog.errors.controlCharacters],
	])('the name %j is refused with a message, the typed name kept', async (name, message) => {
		const { client, user } = await signedIn(server, ['viewer'])
		const response = await client.post(path, {
			intent: 'saveView',
			viewName: name,
		})
		expect(response.status).toBe(400)
		const html = await response.text()
		const field = parseHtml(html).querySelector('#field-viewName')!
		expect(field.getAttribute('aria-invalid')).toBe('true')
		expect(parseHtml(html).querySelector('#field-viewName-error')?.text).toBe(message)
		expect(field.getAttribute('value') ?? '').toBe(name)
		expect(errorSummary(html)?.items).toEqual([
			format(vn.validation.summaryItem, {
				label: vn.listViews.viewName,
				message,
			}),
		])
		expect(await storedViews(user.id, key)).toEqual([])
	})

	test('a name the user already gave a view of this list (any case) is refused; another list or user may use it', async () => {
		const { client, user } = await signedIn(server, ['viewer'])
		const first = await client.post(path, {
			intent: 'saveView',
			viewName: 'Hà Nội',
		})
		expect(first.status).toBe(302)
		await first.text()
		const again = await client.post(`${path}?q=khac`, {
			intent: 'saveView',
			viewName: 'HÀ NỘI',
		})
		expect(again.status).toBe(409)
		const html = await again.text()
		expect(parseHtml(html).querySelector('#field-viewName-error')?.text).toBe(vn.listViews.errors.nameTaken)
		expect(parseHtml(html).querySelector('#field-viewName')?.getAttribute('value')).toBe('HÀ NỘI')
		expect((await storedViews(user.id, key)).map((view) => view.name)).toEqual(['Hà Nội'])

		const otherList = LISTS.find((list) => list.key !== key)!
		const elsewhere = await client.post(otherList.path, {
			intent: 'saveView',
			viewName: 'Hà Nội',
		})
		expect(elsewhere.status).toBe(302)
		await elsewhere.text()
		const other = await viewer.client.post(path, {
			intent: 'saveView',
			viewName: 'Hà Nội',
		})
		expect(other.status).toBe(302)
		await other.text()
	})

	test(`at most ${MAX_VIEWS_PER_LIST} views per list, then a clear refusal`, async () => {
		const { client, user } = await signedIn(server, ['viewer'])
		for (let n = 1; n <= MAX_VIEWS_PER_LIST; n++)
			expect(
				(
					await saveView(user.id, key, {
						name: `View ${n}`,
						query: `?q=v${n}`,
					})
				).ok,
			).toBe(true)
		const page = await open(client, path)
		expect(savedViews(page.html)).toHaveLength(MAX_VIEWS_PER_LIST)
		const response = await client.post(path, {
			intent: 'saveView',
			viewName: 'One more',
		})
		expect(response.status).toBe(409)
		const html = await response.text()
		expect(parseHtml(html).querySelector('#field-viewName-error')?.text).toBe(
			format(vn.listViews.errors.tooMany, { max: MAX_VIEWS_PER_LIST }),
		)
		expect(await storedViews(user.id, key)).toHaveLength(MAX_VIEWS_PER_LIST)
	})

	test("a user neither sees nor deletes another user's views", async () => {
		const owner = await signedIn(server, ['viewer'])
		const other = await signedIn(server, ['operator'])
		const saved = await saveView(owner.user.id, key, {
			name: 'Riêng tư',
			query: '?q=secret',
		})
		if (!saved.ok) throw new Error(saved.reason)
		const page = await open(other.client, path)
		expect(page.html).not.toContain('Riêng tư')
		expect(savedViews(page.html)).toEqual([])

		const response = await other.client.post(path, {
			intent: 'deleteView',
			view: String(saved.id),
		})
		expect(response.status).toBe(404)
		expect(errorSummary(await response.text())?.items).toEqual([vn.listViews.errors.viewNotFound])
		expect(await storedViews(owner.user.id, key)).toHaveLength(1)

		for (const view of ['0', '-1', 'abc', '99999999999999999999']) {
			const malformed = await other.client.post(path, {
				intent: 'deleteView',
				view,
			})
			expect(malformed.status).toBe(404)
			await malformed.text()
		}
	})

	test('a stale or hand-made stored query still opens a valid view', async () => {
		const { client, user } = await signedIn(server, ['viewer'])
		for (const [name, query] of [
			['Cũ', '?sort=gone&dir=up&size=7&status=nope&page=-4&q=%00%00ab'],
			['Lạ', '//evil.example/?q=x'],
			['Rác', '%%%&&&==?q'],
		] as const) {
			expect((await saveView(user.id, key, { name, query })).ok).toBe(true)
		}
		const page = await open(client, path)
		expect(page.status).toBe(200)
		const links = savedViews(page.html)
		expect(links.map((link) => link.name)).toEqual(['Cũ', 'Lạ', 'Rác'])
		for (const link of links) {
			expect(link.href!.startsWith(`${path}`)).toBe(true)
			expect(link.href).not.toContain('//')
			const applied = await client.get(link.href!)
			expect(applied.status).toBe(200)
			await applied.text()
		}
		expect(links[0]!.href).toBe(`${path}?q=ab`)
	})
})
