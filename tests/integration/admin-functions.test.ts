import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { location } from '../support/client'
import { fieldError, fieldValue, format, signedIn, vn } from '../support/catalogs'
import { parseHtml } from '../support/html'
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
	const body = (await (await admin.client.get('/api/QuanTri/FunctionGetByUser')).json()) as { data: { Description: string; ListChildrent: unknown[] }[] }
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
		const before = Number((await getDb().selectFrom('functions').select((eb) => eb.fn.max('updated_at').as('m')).executeTakeFirstOrThrow()).m)
		const parent = await fn('QUANTRI')
		const input = fields({ parentId: String(parent.id), label_vn: 'Kho hàng mới' })
		const response = await admin.client.post('/admin/functions/new', input)
		expect(response.status).toBe(302)
		const row = await fn(input.code!)
		expect(location(response)).toBe(`/admin/functions/${row.id}`)
		expect(Number(row.updated_at)).toBeGreaterThan(before)
		expect(JSON.parse(row.labels!)).toEqual({ vn: 'Kho hàng mới', en: 'Stores' })
		expect(await menuLabels()).toContain('Kho hàng mới')
		const audit = await getDb().selectFrom('audit_log').select('action').where('entity', '=', 'function').where('entity_id', '=', String(row.id)).execute()
		expect(audit.map((entry) => entry.action)).toEqual(['function.created'])

		// Hiding it drops it from the menu at once.
		const page = await (await admin.client.get(`/admin/functions/${row.id}`)).text()
		expect(fieldValue(page, 'label_vn')).toBe('Kho hàng mới')
		const hidden = await admin.client.post(`/admin/functions/${row.id}`, { ...input, enabled: '' })
		expect(hidden.status).toBe(302)
		expect((await fn(input.code!)).enabled).toBe(0)
		expect(await menuLabels()).not.toContain('Kho hàng mới')
	})

	test('bad input answers 400 with the values kept; a taken code, a cycle and a fourth level are refused', async () => {
		const bad = await admin.client.post('/admin/functions/new', fields({ code: 'lower case', icon: 'not an icon', path: 'no-slash', sortOrder: 'x', label_vn: 'Giữ lại' }))
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

		const renamed = await admin.client.post(`/admin/functions/${users.id}`, fields({ code: 'QUANTRI_PEOPLE', parentId: String(quantri.id), path: '/admin/users' }))
		expect(renamed.status).toBe(409)
		expect((await fn('QUANTRI_USERS')).code).toBe('QUANTRI_USERS')
	})

	test('moving a function up and down reorders its siblings and moves the stamp', async () => {
		const roles = await fn('QUANTRI_ROLES')
		const usersBefore = await fn('QUANTRI_USERS')
		const stamp = Number((await getDb().selectFrom('functions').select((eb) => eb.fn.max('updated_at').as('m')).executeTakeFirstOrThrow()).m)
		const up = await admin.client.post('/admin/functions', { intent: 'up', id: String(roles.id) })
		expect(up.status).toBe(302)
		const rolesAfter = await fn('QUANTRI_ROLES')
		const usersAfter = await fn('QUANTRI_USERS')
		expect(rolesAfter.sort_order).toBeLessThan(usersAfter.sort_order)
		expect(Number(rolesAfter.updated_at)).toBeGreaterThan(stamp)
		const html = await (await admin.client.get('/admin/functions')).text()
		expect(html.indexOf('(QUANTRI_ROLES)')).toBeLessThan(html.indexOf('(QUANTRI_USERS)'))
		expect((await admin.client.post('/admin/functions', { intent: 'down', id: String(roles.id) })).status).toBe(302)
		expect((await fn('QUANTRI_ROLES')).sort_order).toBeGreaterThan((await fn('QUANTRI_USERS')).sort_order)
		expect(usersBefore.code).toBe('QUANTRI_USERS')
	})

	test('a viewer gets 403 on every function page and form', async () => {
		const dashboard = await fn('DASHBOARD')
		for (const path of ['/admin/functions', '/admin/functions/new', `/admin/functions/${dashboard.id}`]) expect((await viewer.client.get(path)).status).toBe(403)
		expect((await viewer.client.post('/admin/functions', { intent: 'up', id: String(dashboard.id) })).status).toBe(403)
		expect((await viewer.client.post('/admin/functions/new', fields())).status).toBe(403)
		expect((await viewer.client.post(`/admin/functions/${dashboard.id}`, fields({ code: 'DASHBOARD' }))).status).toBe(403)
	})
})
