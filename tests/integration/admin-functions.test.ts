import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { location } from '../support/client'
import { fieldError, fieldValue, format, signedIn, vn } from '../support/catalogs'
import { errorSummary, hrefs, parseHtml } from '../support/html'
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

async function fn(code: string) {
	return getDb().selectFrom('functions').selectAll().where('code', '=', code).executeTakeFirstOrThrow()
}

let sequence = 0
function fields(overrides: Record<string, string> = {}): Record<string, string> {
	sequence += 1
	return {
		intent: 'update',
		code: `TEST_FN_${Date.now() % 100000}_${sequence}`,
		parentId: '',
		sortOrder: '50',
		icon: 'bx-box',
		path: '/kho',
		param: '',
		badgeText: '',
		badgeVariant: '',
		enabled: 'on',
		label_vn: 'Kho hàng',
		label_en: 'Stores',
		...overrides,
	}
}

/** The menu labels the JSON menu API gives the admin (flattened). */
async function menuLabels(): Promise<string[]> {
	const body = (await (await admin.client.get('/api/QuanTri/FunctionGetByUser')).json()) as {
		data: { Description: string; ListChildrent: unknown[] }[]
	}
	const labels: string[] = []
	const walk = (items: { Description: string; ListChildrent: unknown[] }[]) => {
		for (const item of items) {
			labels.push(item.Description)
			walk(item.ListChildrent as typeof items)
		}
	}
	walk(body.data)
	return labels
}

describe('functions', () => {
	test('the tree lists functions in menu order, children indented', async () => {
		const html = await (await admin.client.get('/admin/functions')).text()
		expect(html.indexOf('(QUANTRI)')).toBeLessThan(html.indexOf('(QUANTRI_USERS)'))
		expect(html.indexOf('(DASHBOARD)')).toBeLessThan(html.indexOf('(DANHMUC)'))
		expect(html).toContain('class="admin-depth-1"')
		// Each built-in function is described, in the reader's language.
		const headers = parseHtml(html).querySelectorAll('tbody th')
		for (const code of ['DASHBOARD', 'DANHMUC_TRAM', 'QUANTRI_AUDIT'] as const) {
			const header = headers.find((candidate) => candidate.text.includes(`(${code})`))
			expect(header?.querySelector('div')?.text, code).toBe(vn.functionDescriptions[code])
		}
	})

	test('a new function with a label override appears in the menu on the next request, audited and stamped', async () => {
		const before = Number(
			(
				await getDb()
					.selectFrom('functions')
					.select((eb) => eb.fn.max('updated_at').as('m'))
					.executeTakeFirstOrThrow()
			).m,
		)
		const parent = await fn('QUANTRI')
		const input = fields({ parentId: String(parent.id), label_vn: 'Kho hàng mới' })
		const response = await admin.client.post('/admin/functions/new', input)
		expect(response.status).toBe(302)
		const row = await fn(input.code!)
		expect(location(response)).toBe(`/admin/functions/${row.id}`)
		expect(Number(row.updated_at)).toBeGreaterThan(before)
		expect(JSON.parse(row.labels!)).toEqual({ vn: 'Kho hàng mới', en: 'Stores' })
		expect(await menuLabels()).toContain('Kho hàng mới')
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('action')
			.where('entity', '=', 'function')
			.where('entity_id', '=', String(row.id))
			.execute()
		expect(audit.map((entry) => entry.action)).toEqual(['function.created'])

		// Hiding it drops it from the menu at once.
		const page = await (await admin.client.get(`/admin/functions/${row.id}`)).text()
		expect(fieldValue(page, 'label_vn')).toBe('Kho hàng mới')
		const hidden = await admin.client.post(`/admin/functions/${row.id}`, { ...input, enabled: '' })
		expect(hidden.status).toBe(302)
		expect((await fn(input.code!)).enabled).toBe(0)
		expect(await menuLabels()).not.toContain('Kho hàng mới')

		// The audit log says what was set and what changed; a save that changes nothing writes nothing.
		const hiddenAt = (await fn(input.code!)).updated_at
		expect((await admin.client.post(`/admin/functions/${row.id}`, { ...input, enabled: '' })).status).toBe(302)
		expect((await fn(input.code!)).updated_at).toBe(hiddenAt)
		const entries = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'details'])
			.where('entity', '=', 'function')
			.where('entity_id', '=', String(row.id))
			.orderBy('id')
			.execute()
		const [created, updated, ...more] = entries.map((entry) => ({ action: entry.action, ...JSON.parse(entry.details!) }))
		expect(more).toEqual([])
		expect(created).toMatchObject({ action: 'function.created', code: input.code })
		expect(created.changes).toMatchObject({ code: { from: '', to: input.code }, parent_id: { from: '', to: String(parent.id) } })
		expect(created.changes).not.toHaveProperty('param')
		expect(updated).toEqual({ action: 'function.updated', code: input.code, changes: { enabled: { from: '1', to: '0' } } })
	})

	test('bad input answers 400 with the values kept; a taken code, a cycle and a fourth level are refused', async () => {
		const bad = await admin.client.post(
			'/admin/functions/new',
			fields({ code: 'lower case', icon: 'not an icon', path: 'no-slash', sortOrder: 'x', label_vn: 'Giữ lại' }),
		)
		expect(bad.status).toBe(400)
		const html = await bad.text()
		expect(fieldError(html, 'code')).toBe(vn.admin.functions.errors.codeFormat)
		expect(fieldError(html, 'icon')).toBe(vn.admin.functions.errors.iconFormat)
		expect(fieldError(html, 'path')).toBe(vn.admin.functions.errors.pathFormat)
		expect(fieldValue(html, 'label_vn')).toBe('Giữ lại')

		const taken = await admin.client.post('/admin/functions/new', fields({ code: 'DASHBOARD' }))
		expect(taken.status).toBe(409)
		expect(fieldError(await taken.text(), 'code')).toBe(vn.admin.functions.errors.codeTaken)

		const quantri = await fn('QUANTRI')
		const users = await fn('QUANTRI_USERS')
		const third = fields({ parentId: String(users.id) })
		expect((await admin.client.post('/admin/functions/new', third)).status).toBe(302)
		const thirdRow = await fn(third.code!)
		const fourth = await admin.client.post('/admin/functions/new', fields({ parentId: String(thirdRow.id) }))
		expect(fourth.status).toBe(409)
		expect(fieldError(await fourth.text(), 'parentId')).toBe(format(vn.admin.functions.errors.tooDeep, { max: 3 }))

		const cycle = await admin.client.post(`/admin/functions/${quantri.id}`, { ...fields({ code: 'QUANTRI', parentId: String(users.id) }) })
		expect(cycle.status).toBe(409)
		expect(fieldError(await cycle.text(), 'parentId')).toBe(vn.admin.functions.errors.parentCycle)

		const renamed = await admin.client.post(
			`/admin/functions/${users.id}`,
			fields({ code: 'QUANTRI_PEOPLE', parentId: String(quantri.id), path: '/admin/users' }),
		)
		expect(renamed.status).toBe(409)
		expect((await fn('QUANTRI_USERS')).code).toBe('QUANTRI_USERS')
	})

	describe('a path and a parameter must keep the link on this site', () => {
		const pathFormat = vn.admin.functions.errors.pathFormat
		const paramFormat = vn.admin.functions.errors.paramFormat
		test.each([
			['a protocol-relative path', { path: '//evil.example/x' }, 'path', pathFormat],
			['a path of three slashes', { path: '///evil.example' }, 'path', pathFormat],
			['a path with // inside', { path: '/kho//evil.example' }, 'path', pathFormat],
			['a path with encoded slashes', { path: '/%2F%2Fevil.example' }, 'path', pathFormat],
			['a path with an encoded backslash', { path: '/%5Cevil.example' }, 'path', pathFormat],
			['a path with a backslash', { path: '/\\evil.example' }, 'path', pathFormat],
			['a path with a scheme', { path: 'https://evil.example/' }, 'path', pathFormat],
			['a path with an encoded tab', { path: '/%09/evil.example' }, 'path', pathFormat],
			['a path with a parent segment', { path: '/kho/../..//evil.example' }, 'path', pathFormat],
			['a path and a parameter that make //', { path: '/', param: '/evil.example' }, 'param', paramFormat],
			['a sub-path parameter of two slashes', { param: '//evil.example' }, 'param', paramFormat],
			['a sub-path parameter with encoded slashes', { param: '/%2F%2Fevil.example' }, 'param', paramFormat],
			['a sub-path parameter with an encoded backslash', { param: '/%5Cevil.example' }, 'param', paramFormat],
			['a sub-path parameter with a backslash', { param: '/\\evil.example' }, 'param', paramFormat],
			['a parameter with a scheme', { param: 'javascript:alert(1)' }, 'param', paramFormat],
			['a query parameter holding another address', { param: 'next=//evil.example' }, 'param', paramFormat],
			['a query parameter with an encoded tab', { param: 'status=%09active' }, 'param', paramFormat],
			['a query parameter with an encoded line break', { param: 'q=%0d%0aSet-Cookie:x' }, 'param', paramFormat],
			['a query parameter with a backslash', { param: 'x=%5C' }, 'param', paramFormat],
		])('%s answers 400 with the translated error and the values kept', async (_name, overrides, field, message) => {
			const input = fields({ label_vn: 'Giữ lại', ...overrides })
			const response = await admin.client.post('/admin/functions/new', input)
			const html = await response.text()
			expect(response.status).toBe(400)
			expect(fieldError(html, field)).toBe(message)
			expect(fieldValue(html, field)).toBe(overrides[field as keyof typeof overrides])
			expect(fieldValue(html, 'label_vn')).toBe('Giữ lại')
			expect(await getDb().selectFrom('functions').select('id').where('code', '=', input.code!).executeTakeFirst()).toBeUndefined()
		})

		test('a sub-path or a query parameter of this site is kept and linked', async () => {
			const query = fields({ param: 'status=active' })
			const subPath = fields({ param: '/active' })
			for (const input of [query, subPath]) expect((await admin.client.post('/admin/functions/new', input)).status).toBe(302)
			const links = hrefs(await (await admin.client.get('/dashboard')).text(), 'a[href^="/kho"]')
			expect(links).toEqual(expect.arrayContaining(['/kho?status=active', '/kho/active']))
			await getDb().deleteFrom('functions').where('code', 'in', [query.code!, subPath.code!]).execute()
		})

		test('the edit form refuses the same values and changes nothing', async () => {
			const created = fields()
			expect((await admin.client.post('/admin/functions/new', created)).status).toBe(302)
			const row = await fn(created.code!)
			const response = await admin.client.post(`/admin/functions/${row.id}`, { ...created, path: '/', param: '/%2F%2Fevil.example' })
			expect(response.status).toBe(400)
			expect(fieldError(await response.text(), 'param')).toBe(paramFormat)
			expect(await fn(created.code!)).toMatchObject({ path: '/kho', param: null })
			await getDb().deleteFrom('functions').where('id', '=', row.id).execute()
		})

		test('rows stored before the rule (or by hand) give no off-site link, redirect or API path', async () => {
			const now = Date.now()
			const row = (code: string, sortOrder: number, path: string, param: string | null) => ({
				code,
				parent_id: null,
				sort_order: sortOrder,
				label_key: null,
				labels: JSON.stringify({ vn: code }),
				icon: null,
				path,
				param,
				is_title: 0,
				is_hidden: 0,
				badge_text: null,
				badge_variant: null,
				enabled: 1,
				created_at: now,
				updated_at: now,
			})
			const bad = [
				row('BAD_SLASHES', -50, '//evil.example/x', null),
				row('BAD_JOINED', -40, '/', '/evil.example'),
				row('BAD_ENCODED', -30, '/%2F%2Fevil.example', null),
				row('BAD_BACKSLASH', -20, '/%5Cevil.example', null),
				row('BAD_QUERY', -10, '/kho', 'q=%0d%0a'),
			]
			const inserted = await getDb().insertInto('functions').values(bad).returning('id').execute()
			try {
				// `/` goes to the first entry that is a page of this site (these come first in the menu).
				const landing = await admin.client.get('/')
				expect(landing.status).toBe(302)
				expect(location(landing)).toBe('/dashboard')

				// The menu (the mega menu is read from it in the browser) shows them without a link; every menu link stays
				// on the site, and no link of the page names the other site.
				const page = await admin.client.get('/dashboard')
				expect(page.status).toBe(200)
				const html = await page.text()
				const menuLinks = hrefs(html, 'nav a[href]')
				expect(menuLinks).toContain('/dashboard')
				for (const href of menuLinks) expect(new URL(href, 'http://portal.test/dashboard').origin, href).toBe('http://portal.test')
				expect(hrefs(html, 'a[href]').filter((href) => /evil|%5C|%0d/i.test(href))).toEqual([])
				expect(html).toContain('BAD_SLASHES')

				// The search over the menu finds them, without a link.
				const search = await (await admin.client.get('/search?q=bad_')).text()
				expect(hrefs(search, 'main a[href]').filter((href) => /evil|%5C|%0d/i.test(href))).toEqual([])

				// The API gives no path for the old client to follow.
				const body = (await (await admin.client.get('/api/QuanTri/FunctionGetByUser')).json()) as {
					data: { Description: string; Path: string | null; Param: string | null }[]
				}
				for (const code of bad.map((one) => one.code))
					expect(
						body.data.find((item) => item.Description === code),
						code,
					).toMatchObject({ Path: null, Param: null })
			} finally {
				await getDb()
					.deleteFrom('functions')
					.where(
						'id',
						'in',
						inserted.map((one) => one.id),
					)
					.execute()
			}
		})
	})

	test('moving a function up and down reorders its siblings and moves the stamp', async () => {
		const roles = await fn('QUANTRI_ROLES')
		const usersBefore = await fn('QUANTRI_USERS')
		const stamp = Number(
			(
				await getDb()
					.selectFrom('functions')
					.select((eb) => eb.fn.max('updated_at').as('m'))
					.executeTakeFirstOrThrow()
			).m,
		)
		const up = await admin.client.post('/admin/functions', { intent: 'up', id: String(roles.id) })
		expect(up.status).toBe(302)
		const rolesAfter = await fn('QUANTRI_ROLES')
		const usersAfter = await fn('QUANTRI_USERS')
		expect(rolesAfter.sort_order).toBeLessThan(usersAfter.sort_order)
		expect(Number(rolesAfter.updated_at)).toBeGreaterThan(stamp)
		const html = await (await admin.client.get('/admin/functions')).text()
		expect(html.indexOf('(QUANTRI_ROLES)')).toBeLessThan(html.indexOf('(QUANTRI_USERS)'))
		expect((await admin.client.post('/admin/functions', { intent: 'down', id: String(roles.id) })).status).toBe(302)
		for (const malformed of [
			{ intent: 'sideways', id: String(roles.id) },
			{ intent: 'up', id: 'roles' },
			{ intent: 'up', id: '' },
		] as Record<string, string>[]) {
			const refused = await admin.client.post('/admin/functions', malformed)
			expect(refused.status, JSON.stringify(malformed)).toBe(400)
			await refused.text()
		}
		expect((await fn('QUANTRI_ROLES')).sort_order).toBeGreaterThan((await fn('QUANTRI_USERS')).sort_order)
		expect(usersBefore.code).toBe('QUANTRI_USERS')
	})

	test('a move of no known intent is 400 with the message and no function gone is 404: nothing moves', async () => {
		const orders = async () => getDb().selectFrom('functions').select(['id', 'sort_order', 'updated_at']).orderBy('id').execute()
		const moves = async () => (await getDb().selectFrom('audit_log').select('id').where('action', '=', 'function.moved').execute()).length
		const roles = await fn('QUANTRI_ROLES')
		const [before, movedBefore] = [await orders(), await moves()]
		for (const posted of [{ intent: 'sideways', id: String(roles.id) }, { id: String(roles.id) }, { intent: 'up', id: 'x' }]) {
			const refused = await admin.client.post('/admin/functions', posted as Record<string, string>)
			expect(refused.status, JSON.stringify(posted)).toBe(400)
			expect(errorSummary(await refused.text())?.items, JSON.stringify(posted)).toEqual([vn.errors.badRequestBody])
		}
		const gone = await admin.client.post('/admin/functions', { intent: 'down', id: '2147483647' })
		expect(gone.status).toBe(404)
		await gone.text()
		expect(await orders()).toEqual(before)
		expect(await moves()).toBe(movedBefore)
	})

	test('a viewer gets 403 on every function page and form', async () => {
		const dashboard = await fn('DASHBOARD')
		for (const path of ['/admin/functions', '/admin/functions/new', `/admin/functions/${dashboard.id}`])
			expect((await viewer.client.get(path)).status).toBe(403)
		expect((await viewer.client.post('/admin/functions', { intent: 'up', id: String(dashboard.id) })).status).toBe(403)
		expect((await viewer.client.post('/admin/functions/new', fields())).status).toBe(403)
		expect((await viewer.client.post(`/admin/functions/${dashboard.id}`, fields({ code: 'DASHBOARD' }))).status).toBe(403)
	})
})
