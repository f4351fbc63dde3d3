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
		const confirm = await admin.client.get(`/admin/roles/${id}?confirm=delete`)
		expect(confirm.status).toBe(200)
		const deleted = await admin.client.post(`/admin/roles/${id}`, { intent: 'delete' })
		expect(location(deleted)).toBe('/admin/roles')
		expect(await getDb().selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeUndefined()
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('action')
			.where('entity', '=', 'role')
			.where('entity_id', '=', String(id))
			.orderBy('id')
			.execute()
		expect(audit.map((entry) => entry.action)).toEqual(['role.created', 'role.updated', 'role.deleted'])
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
		const saved = await admin.client.post(`/admin/roles/${adminId}`, { intent: 'grants', grant: `${await functionId('DASHBOARD')}:view` })
		expect(saved.status).toBe(409)
		expect(alerts(await saved.text())).toContain(vn.admin.roles.errors.allAccess)
		expect(await getDb().selectFrom('roles').select('code').where('code', 'in', ['admin', 'operator']).execute()).toHaveLength(2)
	})

	test('the matrix replaces the grants at once; holders see the change on their next request', async () => {
		const { code, id } = await createRole()
		const holder = await signedIn(server, [code])
		expect((await holder.client.get('/danhmuc/tram')).status).toBe(403)

		const page = await (await admin.client.get(`/admin/roles/${id}`)).text()
		// Tree order: a section, then its children, indented.
		expect(page.indexOf('(DANHMUC)')).toBeLessThan(page.indexOf('(DANHMUC_TRAM)'))
		const tramHeader = parseHtml(page)
			.querySelectorAll('th[scope="row"]')
			.find((cell) => cell.querySelector('span')?.text === '(DANHMUC_TRAM)')
		expect(tramHeader?.classList.contains('admin-depth-1')).toBe(true)
		const tram = await functionId('DANHMUC_TRAM')
		const danhmuc = await functionId('DANHMUC')
		const body = new URLSearchParams({ intent: 'grants', csrf: await admin.client.csrfToken() })
		body.append('grant', `${danhmuc}:view`)
		body.append('grant', `${tram}:view`)
		body.append('grant', `${tram}:create`)
		const saved = await admin.client.request(`/admin/roles/${id}`, {
			method: 'POST',
			body,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		})
		expect(saved.status).toBe(302)
		const grants = await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', id).execute()
		expect(grants.map((grant) => `${grant.function_id}:${grant.action}`).sort()).toEqual(
			[`${danhmuc}:view`, `${tram}:create`, `${tram}:view`].sort(),
		)
		expect((await holder.client.get('/danhmuc/tram')).status).toBe(200)
		const checkedPage = await (await admin.client.get(`/admin/roles/${id}`)).text()
		const grantBox = (value: string) => parseHtml(checkedPage).querySelector(`input[name="grant"][value="${value}"]`)
		expect(grantBox(`${tram}:create`)?.hasAttribute('checked')).toBe(true)
		expect(grantBox(`${tram}:delete`)?.hasAttribute('checked')).toBe(false)

		// Saving with nothing ticked removes every grant.
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'grants' })).status).toBe(302)
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

	test('a malformed or unknown grant is refused and nothing is written', async () => {
		const { id } = await createRole()
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'grants', grant: '1:fly' })).status).toBe(400)
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'grants', grant: '99999:view' })).status).toBe(400)
		expect(await getDb().selectFrom('role_grants').select('action').where('role_id', '=', id).execute()).toEqual([])
	})

	test('a role in use can be deleted: its holders lose it', async () => {
		const { code, id } = await createRole()
		const holder = await createTestUser({ roles: [code] })
		expect((await admin.client.post(`/admin/roles/${id}`, { intent: 'delete' })).status).toBe(302)
		expect(await getDb().selectFrom('user_roles').select('role_id').where('user_id', '=', holder.user.id).execute()).toEqual([])
	})

	test('a viewer gets 403 on every role page and form', async () => {
		const { id } = await createRole()
		for (const path of ['/admin/roles', '/admin/roles/new', `/admin/roles/${id}`]) expect((await viewer.client.get(path)).status).toBe(403)
		for (const intent of ['update', 'grants', 'delete'])
			expect((await viewer.client.post(`/admin/roles/${id}`, { intent, code: 'x', name: 'x' })).status).toBe(403)
		expect((await viewer.client.post('/admin/roles/new', { intent: 'update', code: 'xyz', name: 'x' })).status).toBe(403)
		expect(await getDb().selectFrom('roles').select('id').where('id', '=', id).executeTakeFirst()).toBeDefined()
	})
})
