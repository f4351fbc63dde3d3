import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { location } from '../support/client'
import { alerts, fieldError, fieldValue, signedIn, uniqueCode, vn } from '../support/catalogs'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

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

function roleCode() {
	return uniqueCode('r').toLowerCase()
}

async function functionId(code: string) {
	return Number((await getDb().selectFrom('functions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id)
}

async function roleId(code: string) {
	return Number((await getDb().selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id)
}

async function createRole(code = roleCode()) {
	const response = await admin.client.post('/admin/roles/new', { intent: 'update', code, name: 'Kế toán', description: 'Phòng kế toán' })
	expect(response.status).toBe(302)
	return { code, id: Number(location(response)!.split('/').pop()) }
}

describe('roles', () => {
	test('the list shows the built-in roles, admin as all functions', async () => {
		const html = await (await admin.client.get('/admin/roles')).text()
		for (const code of ['admin', 'operator', 'viewer']) expect(html).toContain(`>${code}</a>`)
		expect(html).toContain(vn.admin.roles.allFunctions)
		expect(html).toContain('<caption')
		// Each built-in role is described, in the reader's language.
		const rows = parseHtml(html).querySelectorAll('tbody tr')
		for (const code of ['admin', 'operator', 'viewer'] as const) {
			const row = rows.find((candidate) => candidate.querySelector('th a')?.text === code)
			expect(row?.querySelectorAll('td')[1]?.text, code).toBe(vn.roleDescriptions[code])
		}
	})

	test('create, edit and delete a role, audited', async () => {
		const { code, id } = await createRole()
		const page = await (await admin.client.get(`/admin/roles/${id}`)).text()
		expect(fieldValue(page, 'name')).toBe('Kế toán')
		const renamed = await admin.client.post(`/admin/roles/${id}`, { intent: 'update', code, name: 'Kế toán trưởng', description: '' })
		expect(renamed.status).toBe(302)
		const row = await getDb().selectFrom('roles').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
		expect(row).toMatchObject({ name: 'Kế toán trưởng', description: '', is_builtin: 0 })
		// Saving the same values again writes nothing and audits nothing.
		const same = await admin.client.post(`/admin/roles/${id}`, { intent: 'update', code, name: 'Kế toán trưởng', description: '' })
		expect(same.status).toBe(302)
		expect((await getDb().selectFrom('roles').select('updated_at').where('id', '=', id).executeTakeFirstOrThrow()).updated_at).toBe(
			row.updated_at,
		)
		const confirm = await admin.client.get(`/admin/roles/${id}?intent=delete`)
		expect(confirm.status).toBe(200)
		const deleted = await admin.client.post(`/admin/roles/${id}`, { intent: 'delete' })
		expect(location(deleted)).toBe('/admin/roles')
		expect(await getDb().selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'details'])
			.where('entity', '=', 'role')
			.where('entity_id', '=', String(id))
			.orderBy('id')
			.execute()
		expect(audit.map((entry) => entry.action)).toEqual(['role.created', 'role.updated', 'role.deleted'])
		expect(JSON.parse(audit[1]!.details!)).toEqual({
			code,
			changes: { name: { from: 'Kế toán', to: 'Kế toán trưởng' }, description: { from: 'Phòng kế toán', to: '' } },
		})
	})

	test('bad input answers 400 with the values kept; a taken code 409', async () => {
		const bad = await admin.client.post('/admin/roles/new', { intent: 'update', code: 'Has Spaces', name: '', description: 'Giữ lại' })
		expect(bad.status).toBe(400)
		const html = await bad.text()
		expect(fieldError(html, 'code')).toBe(vn.admin.roles.errors.codeFormat)
		expect(fieldError(html, 'name')).toBe(vn.validation.required)
		expect(fieldValue(html, 'description')).toBe('Giữ lại')
		const taken = await admin.client.post('/admin/roles/new', { intent: 'update', code: 'operator', name: 'x', description: '' })
		expect(taken.status).toBe(409)
		expect(fieldError(await taken.text(), 'code')).toBe(vn.admin.roles.errors.codeTaken)
	})

	test("built-in roles cannot be edited or deleted; admin's matrix cannot be saved", async () => {
		const adminId = await roleId('admin')
		const operatorId = await roleId('operator')
		expect((await admin.client.post(`/admin/roles/${operatorId}`, { intent: 'delete' })).status).toBe(409)
		expect(
			(await admin.client.post(`/admin/roles/${operatorId}`, { intent: 'update', code: 'operator2', name: 'x', description: '' })).status,
		).toBe(409)
		const page = await (await admin.client.get(`/admin/roles/${adminId}`)).text()
		expect(page).toContain(vn.admin.roles.allFunctionsNote)
		expect(page).not.toContain('name="grant"')
		const dashboard = await functionId('DASHBOARD')
		const saved = await admin.client.post(`/admin/roles/${adminId}`, {
			intent: 'grants',
			group: String(dashboard),
			grant: `${dashboard}:view`,
		})
		expect(saved.status).toBe(409)
		expect(alerts(await saved.text())).toContain(vn.admin.roles.errors.allAccess)
		expect(await getDb().selectFrom('roles').select('code').where('code', 'in', ['admin', 'operator']).execute()).toHaveLength(2)
	})

	test("the matrix replaces the group's grants at once; holders see the change on their next request", async () => {
		const { code, id } = await createRole()
		const holder = await signedIn(server, [code])
		expect((await holder.client.get('/danhmuc/tram')).status).toBe(403)

		const tram = await functionId('DANHMUC_TRAM')
		const danhmuc = await functionId('DANHMUC')
		const page = await (await admin.client.get(`/admin/roles/${id}?group=${danhmuc}`)).text()
		// Tree order: a section, then its children, indented.
		expect(page.indexOf('(DANHMUC)')).toBeLessThan(page.indexOf('(DANHMUC_TRAM)'))
		const tramHeader = parseHtml(page)
			.querySelectorAll('th[scope="row"]')
			.find((cell) => cell.querySelector('span')?.text === '(DANHMUC_TRAM)')
		expect(tramHeader?.classList.contains('admin-depth-1')).toBe(true)
		const body = new URLSearchParams({ intent: 'grants', group: String(danhmuc), csrf: await admin.client.csrfToken() })
		body.append('grant', `${danhmuc}:view`)
		body.append('grant', `${tram}:view`)
		body.append('grant', `${tram}:create`)
		const saved = await admin.client.request(`/admin/roles/${id}`, {
			method: 'POST',
			body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		})
		expect(saved.status).toBe(302)
		expect(location(saved)).toBe(`/admin/roles/${id}?group=${danhmuc}`)
		const grants = await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', id).execute()
		expect(grants.map((grant) => `${grant.function_id}:${grant.action}`).sort()).toEqual(
			[`${danhmuc}:view`, `${tram}:create`, `${tram}:view`].sort(),
		)
		expect((await holder.client.get('/danhmuc/tram')).status).toBe(200)
		// The role's page opens on the first group it holds anything in.
		const checkedPage = await (await admin.client.get(`/admin/roles/${id}`)).text()
		const grantBox = (value: string) => parseHtml(checkedPage).querySelector(`input[name="grant"][value="${value}"]`)
		expect(grantBox(`${tram}:create`)?.hasAttribute('checked')).toBe(true)
		expect(grantBox(`${tram}:delete`)?.hasAttribute('checked')).toBe(false)

		// Saving the group with nothing ticked removes its every grant.
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'grants', group: String(danhmuc) })).status).toBe(302)
		expect(await getDb().selectFrom('role_grants').select('action').where('role_id', '=', id).execute()).toEqual([])
		expect((await holder.client.get('/danhmuc/tram')).status).toBe(403)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'details'])
			.where('entity', '=', 'role')
			.where('entity_id', '=', String(id))
			.where('action', '=', 'role.grantsChanged')
			.orderBy('id')
			.execute()
		expect(JSON.parse(audit[0]!.details!)).toMatchObject({ added: expect.arrayContaining(['DANHMUC_TRAM:create']) })
		expect(JSON.parse(audit[1]!.details!)).toMatchObject({ removed: expect.arrayContaining(['DANHMUC_TRAM:view']) })
	})

	test("saving one group leaves the other groups' grants as they are; the audit names the group", async () => {
		const { id } = await createRole()
		const [dashboard, danhmuc, tram, quantri, audit] = await Promise.all(
			['DASHBOARD', 'DANHMUC', 'DANHMUC_TRAM', 'QUANTRI', 'QUANTRI_AUDIT'].map(functionId),
		)
		const save = (group: number, grants: string[]) =>
			admin.client.post(`/admin/roles/${id}`, { intent: 'grants', group: String(group), grant: grants })
		expect((await save(dashboard!, [`${dashboard}:view`])).status).toBe(302)
		expect((await save(quantri!, [`${quantri}:view`, `${audit}:view`, `${audit}:export`])).status).toBe(302)
		expect((await save(danhmuc!, [`${tram}:view`])).status).toBe(302)
		// The group saved again: one grant taken away, one added; the others' stay.
		expect((await save(quantri!, [`${quantri}:view`, `${audit}:view`])).status).toBe(302)
		const grants = await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', id).execute()
		expect(grants.map((grant) => `${grant.function_id}:${grant.action}`).sort()).toEqual(
			[`${dashboard}:view`, `${quantri}:view`, `${audit}:view`, `${tram}:view`].sort(),
		)
		const last = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('entity', '=', 'role')
			.where('entity_id', '=', String(id))
			.where('action', '=', 'role.grantsChanged')
			.orderBy('id', 'desc')
			.executeTakeFirstOrThrow()
		expect(JSON.parse(last.details!)).toEqual({ code: expect.any(String), group: 'QUANTRI', added: [], removed: ['QUANTRI_AUDIT:export'] })
	})

	test('a malformed or unknown grant is refused and nothing is written', async () => {
		const { id } = await createRole()
		const group = String(await functionId('DASHBOARD'))
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'grants', group, grant: '1:fly' })).status).toBe(400)
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'grants', group, grant: '99999:view' })).status).toBe(400)
		expect(await getDb().selectFrom('role_grants').select('action').where('role_id', '=', id).execute()).toEqual([])
	})

	test('an unknown or malformed group, or a function outside the posted group, answers 400 with the boxes kept; nothing is written', async () => {
		const { id } = await createRole()
		const [dashboard, danhmuc, tram] = await Promise.all(['DASHBOARD', 'DANHMUC', 'DANHMUC_TRAM'].map(functionId))
		for (const [group, message] of [
			['99999', vn.admin.roles.errors.badGroup],
			['abc', vn.admin.roles.errors.badGroup],
			// Not a top-level function: no group.
			[String(tram), vn.admin.roles.errors.badGroup],
			[String(dashboard), vn.admin.roles.errors.badGrant],
		] as const) {
			const refused = await admin.client.post(`/admin/roles/${id}?group=${danhmuc}`, { intent: 'grants', group, grant: `${tram}:view` })
			expect(refused.status, `group ${group}`).toBe(400)
			const html = await refused.text()
			expect(alerts(html), `group ${group}`).toContain(message)
			expect(parseHtml(html).querySelector(`input[name="grant"][value="${tram}:view"]`)?.hasAttribute('checked'), `group ${group}`).toBe(
				true,
			)
		}
		const missing = await admin.client.post(`/admin/roles/${id}`, { intent: 'grants', grant: `${tram}:view` })
		expect(missing.status).toBe(400)
		expect(alerts(await missing.text())).toContain(vn.admin.roles.errors.badGroup)
		expect(await getDb().selectFrom('role_grants').select('action').where('role_id', '=', id).execute()).toEqual([])
	})

	test('the page lists the groups with what the role holds in each, and the matrix of one group only; the menu preview has a page of its own', async () => {
		const { id } = await createRole()
		const [danhmuc, tram, quantri, audit] = await Promise.all(['DANHMUC', 'DANHMUC_TRAM', 'QUANTRI', 'QUANTRI_AUDIT'].map(functionId))
		const saved = await admin.client.post(`/admin/roles/${id}`, {
			intent: 'grants',
			group: String(quantri),
			grant: [`${audit}:view`, `${audit}:export`],
		})
		expect(saved.status).toBe(302)
		const functions = await getDb().selectFrom('functions').select(['id', 'parent_id']).execute()
		const topLevel = functions.filter((fn) => fn.parent_id === null).map((fn) => Number(fn.id))
		// A group: a top-level function and everything under it (the built-in tree is two levels deep).
		const inGroup = (group: number) =>
			new Set(functions.filter((fn) => Number(fn.id) === group || Number(fn.parent_id) === group).map((fn) => Number(fn.id)))
		const shownFunctions = (html: string) =>
			new Set(
				parseHtml(html)
					.querySelectorAll('input[name="grant"]')
					.map((box) => Number(box.getAttribute('value')!.split(':')[0])),
			)

		// Without a group: the first the role holds anything in, QUANTRI.
		const page = await (await admin.client.get(`/admin/roles/${id}`)).text()
		const groups = parseHtml(page).querySelector(`nav[aria-label="${vn.admin.roles.groups}"]`)!
		const links = groups.querySelectorAll('a')
		expect(links.map((link) => Number(new URL(link.getAttribute('href')!, 'http://portal.test').searchParams.get('group'))).sort()).toEqual(
			topLevel.sort(),
		)
		const current = links.filter((link) => link.getAttribute('aria-current') === 'page')
		expect(current.map((link) => link.getAttribute('href'))).toEqual([`/admin/roles/${id}?group=${quantri}`])
		expect(current[0]!.querySelector('.admin-matrix-groups__count')?.text).toBe(`1/${inGroup(quantri!).size} chức năng · 2 quyền`)
		expect(shownFunctions(page)).toEqual(inGroup(quantri!))
		expect(parseHtml(page).querySelector('input[name="group"]')?.getAttribute('value')).toBe(String(quantri))
		expect(parseHtml(page).querySelector('form[aria-labelledby="matrix-heading"]')?.getAttribute('action')).toBe(
			`/admin/roles/${id}?group=${quantri}`,
		)
		expect(parseHtml(page).querySelector('.menu-preview')).toBeNull()

		const catalogs = await (await admin.client.get(`/admin/roles/${id}?group=${danhmuc}`)).text()
		expect(shownFunctions(catalogs)).toEqual(inGroup(danhmuc!))
		expect(shownFunctions(catalogs).has(tram!)).toBe(true)
		for (const bad of ['99999', 'abc', String(tram)]) {
			const response = await admin.client.get(`/admin/roles/${id}?group=${bad}`)
			await response.arrayBuffer()
			expect(response.status, bad).toBe(404)
		}

		expect(parseHtml(page).querySelectorAll(`a[href="/admin/roles/${id}/menu"]`)).toHaveLength(1)
		const menu = await admin.client.get(`/admin/roles/${id}/menu`)
		expect(menu.status).toBe(200)
		const preview = parseHtml(await menu.text()).querySelector('nav.menu-preview')
		expect(preview?.querySelectorAll('a').map((link) => link.getAttribute('href'))).toEqual(['/admin/audit'])
		const unknown = await admin.client.get('/admin/roles/99999/menu')
		await unknown.arrayBuffer()
		expect(unknown.status).toBe(404)
	})

	test('a role in use can be deleted: its holders lose it', async () => {
		const { code, id } = await createRole()
		const holder = await createTestUser({ roles: [code] })
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'delete' })).status).toBe(302)
		expect(await getDb().selectFrom('user_roles').select('role_id').where('user_id', '=', holder.user.id).execute()).toEqual([])
	})

	test('a viewer gets 403 on every role page and form', async () => {
		const { id } = await createRole()
		for (const path of ['/admin/roles', '/admin/roles/new', `/admin/roles/${id}`, `/admin/roles/${id}/menu`])
			expect((await viewer.client.get(path)).status).toBe(403)
		for (const intent of ['update', 'grants', 'delete'])
			expect((await viewer.client.post(`/admin/roles/${id}`, { intent, code: 'x', name: 'x' })).status).toBe(403)
		expect((await viewer.client.post('/admin/roles/new', { intent: 'update', code: 'xyz', name: 'x' })).status).toBe(403)
		expect(await getDb().selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined()
	})
})
