import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { en } from '~/i18n/messages'
import { getDb } from '~/db/db.server'
import { assignableRoleCodes, firstUnassignableRole } from '~/permissions/delegation.server'
import { toEmail } from '~/users/email.server'
import { TestClient, apiToken, location } from '../support/client'
import { parseHtml } from '../support/html'
import { runCli } from '../support/cli'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'
import { queriesDuring } from '../support/queries'

/**
 * The delegation rule: nobody grants, assigns, resets or reaches more than they hold themselves. Each
 * refusal is a 403 with the reason in the user's language, is audited, and changes nothing.
 */
let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function functionId(code: string) {
	const row = await getDb().selectFrom('functions').select('id').where('code', '=', code).executeTakeFirstOrThrow()
	return Number(row.id)
}

/** A custom role granting `actions` on each function code. */
async function createRole(code: string, grants: Record<string, string[]>) {
	const now = Date.now()
	const role = await getDb()
		.insertInto('roles')
		.values({ code, name: code, description: '', is_builtin: 0, all_access: 0, created_at: now, updated_at: now })
		.returning('id')
		.executeTakeFirstOrThrow()
	for (const [fn, actions] of Object.entries(grants)) {
		const id = await functionId(fn)
		await getDb()
			.insertInto('role_grants')
			.values(actions.map((action) => ({ role_id: role.id, function_id: id, action })))
			.execute()
	}
	return Number(role.id)
}

async function signedIn(roles: string[]) {
	const account = await createTestUser({ roles })
	const client = new TestClient(server.url)
	client.cookies.set('lang', 'en')
	const response = await client.signIn(account.email, account.password)
	await response.text()
	expect(response.status).toBe(302)
	return { ...account, client }
}

async function rolesOf(userId: number) {
	const rows = await getDb()
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.select('roles.code')
		.where('user_roles.user_id', '=', userId)
		.execute()
	return rows.map((row) => row.code).sort()
}

async function refusals(entityId: number) {
	return getDb()
		.selectFrom('audit_log')
		.select(['action', 'details'])
		.where('action', '=', 'delegation.refused')
		.where('entity_id', '=', String(entityId))
		.execute()
}

function alertText(html: string) {
	return parseHtml(html)
		.querySelectorAll('[role="alert"]')
		.map((alert) => alert.text.trim())
		.join(' ')
}

let userAdminRole: string
let roleAdminRole: string

beforeAll(async () => {
	userAdminRole = `useradmin_${Date.now()}`
	await createRole(userAdminRole, { QUANTRI: ['view'], QUANTRI_USERS: ['view', 'create', 'update', 'delete'] })
	roleAdminRole = `roleadmin_${Date.now()}`
	await createRole(roleAdminRole, { QUANTRI: ['view'], QUANTRI_ROLES: ['view', 'update'], DASHBOARD: ['view'] })
})

describe('a delegated user administrator (QUANTRI_USERS only, and the viewer role)', () => {
	test('cannot give themselves the admin role: 403, the reason, audited, nothing changed', async () => {
		const actor = await signedIn(['viewer', userAdminRole])
		const response = await actor.client.post(`/admin/users/${actor.user.id}`, { intent: 'update', displayName: 'Changed', roles: 'admin' })
		expect(response.status).toBe(403)
		expect(alertText(await response.text())).toContain(en.admin.delegation.roleBeyondActor)
		expect(await rolesOf(actor.user.id)).toEqual([userAdminRole, 'viewer'].sort())
		const stored = await getDb().selectFrom('users').select('display_name').where('id', '=', actor.user.id).executeTakeFirstOrThrow()
		expect(stored.display_name).not.toBe('Changed')
		expect(await refusals(actor.user.id)).toHaveLength(1)
	})

	test('cannot give anyone else a role beyond their own, nor create a user with it', async () => {
		const actor = await signedIn(['viewer', userAdminRole])
		const someone = await createTestUser({ roles: ['viewer'] })
		const update = await actor.client.post(`/admin/users/${someone.user.id}`, { intent: 'update', roles: 'operator' })
		await update.text()
		expect(update.status).toBe(403)
		expect(await rolesOf(someone.user.id)).toEqual(['viewer'])
		const create = await actor.client.post('/admin/users/new', { email: 'escalated@example.com', roles: 'admin' })
		expect(create.status).toBe(403)
		expect(alertText(await create.text())).toContain(en.admin.delegation.roleBeyondActor)
		expect(
			await getDb().selectFrom('users').select('id').where('email', '=', toEmail('escalated@example.com')).executeTakeFirst(),
		).toBeUndefined()
	})

	test('may assign the roles they hold all the grants of', async () => {
		const actor = await signedIn(['viewer', userAdminRole])
		const someone = await createTestUser({ roles: [] })
		const response = await actor.client.post(`/admin/users/${someone.user.id}`, { intent: 'update', roles: 'viewer' })
		await response.text()
		expect(response.status).toBe(302)
		expect(await rolesOf(someone.user.id)).toEqual(['viewer'])
	})

	test('cannot reset, lock, sign out or delete an administrator', async () => {
		const actor = await signedIn(['viewer', userAdminRole])
		const admin = await createTestUser({ roles: ['admin'] })
		const before = await getDb()
			.selectFrom('users')
			.select(['password_hash', 'locked', 'must_change_password'])
			.where('id', '=', admin.user.id)
			.executeTakeFirstOrThrow()
		const adminBrowser = new TestClient(server.url)
		await (await adminBrowser.signIn(admin.email, admin.password)).text()
		for (const intent of ['resetPassword', 'lock', 'revokeSessions', 'delete']) {
			const response = await actor.client.post(`/admin/users/${admin.user.id}`, { intent, password: '' })
			expect({ intent, status: response.status }).toEqual({ intent, status: 403 })
			expect(alertText(await response.text())).toContain(en.admin.delegation.userBeyondActor)
		}
		const after = await getDb()
			.selectFrom('users')
			.select(['password_hash', 'locked', 'must_change_password'])
			.where('id', '=', admin.user.id)
			.executeTakeFirstOrThrow()
		expect(after).toEqual(before)
		expect((await adminBrowser.get('/dashboard')).status).toBe(200)
		expect(await refusals(admin.user.id)).toHaveLength(4)
	})

	test('the user page shows roles they may not assign as disabled, with the reason', async () => {
		const actor = await signedIn(['viewer', userAdminRole])
		const someone = await createTestUser({ roles: ['viewer'] })
		const page = parseHtml(await (await actor.client.get(`/admin/users/${someone.user.id}`)).text())
		const admin = page.querySelector('input[name="roles"][value="admin"]')
		expect(admin?.hasAttribute('disabled')).toBe(true)
		expect(page.querySelector(`#${admin?.getAttribute('aria-describedby')}`)?.text).toBe(en.admin.delegation.roleNotAssignable)
		expect(page.querySelector('input[name="roles"][value="viewer"]')?.hasAttribute('disabled')).toBe(false)
	})

	test('the roles they may assign are read in a few queries, however many roles there are', async () => {
		const actor = await createTestUser({ roles: ['viewer', userAdminRole] })
		const admin = await createTestUser({ roles: ['admin'] })
		for (let index = 0; index < 12; index += 1)
			await createRole(`many-roles-${index}-${Date.now()}`, index % 2 === 0 ? {} : { QUANTRI_ROLES: ['view'] })
		const { result: assignable, statements } = await queriesDuring(() => assignableRoleCodes(getDb(), actor.user.id))
		// The actor's holding (three), the roles, and every role's holding (two).
		expect(statements.length).toBeLessThanOrEqual(6)
		const roles = await getDb().selectFrom('roles').select('code').execute()
		expect(roles.length).toBeGreaterThan(12)
		// Their own roles, roles of no grants, never admin nor a role with grants they lack.
		expect(assignable.has('viewer')).toBe(true)
		expect(assignable.has(userAdminRole)).toBe(true)
		expect(assignable.has('admin')).toBe(false)
		expect([...assignable].filter((code) => code.startsWith('many-roles-')).length).toBe(6)
		expect(await firstUnassignableRole(getDb(), actor.user.id, ['viewer', 'admin'])).toBe('admin')
		expect(await firstUnassignableRole(getDb(), actor.user.id, ['viewer', userAdminRole])).toBeNull()
		// All access assigns every role without reading any grant.
		expect((await assignableRoleCodes(getDb(), admin.user.id)).size).toBe(roles.length)
	})

	test('the JSON API obeys the same rule', async () => {
		const actor = await createTestUser({ roles: ['viewer', userAdminRole] })
		const admin = await createTestUser({ roles: ['admin'] })
		const token = await apiToken(server.url, actor.email, actor.password)
		const response = await fetch(new URL(`/api/users/${admin.user.id}`, server.url), {
			method: 'DELETE',
			headers: { Authorization: `Bearer ${token}`, Cookie: 'lang=en' },
		})
		expect(response.status).toBe(403)
		expect(await response.json()).toEqual({ message: en.admin.delegation.userBeyondActor })
		expect(await getDb().selectFrom('users').select('id').where('id', '=', admin.user.id).executeTakeFirst()).toBeDefined()
		expect(await refusals(admin.user.id)).toHaveLength(1)
	})
})

describe('a delegated user administrator in one province (decision 0054)', () => {
	const inAnGiang = (role: string) => new Map([[role, ['an-giang' as const]]])
	const scopeOf = async (userId: number) =>
		(await getDb().selectFrom('user_role_scopes').select(['province']).where('user_id', '=', userId).orderBy('province').execute()).map(
			(row) => row.province,
		)

	test('assigns roles within their provinces only, and manages only users all of whose roles lie there: 403 with the reason, audited, by page', async () => {
		const account = await createTestUser({ roles: ['viewer', userAdminRole], scopes: inAnGiang(userAdminRole) })
		const actor = new TestClient(server.url)
		actor.cookies.set('lang', 'en')
		await (await actor.signIn(account.email, account.password)).text()
		const local = await createTestUser({ roles: ['viewer'], scopes: inAnGiang('viewer') })
		const within = await actor.post(`/admin/users/${local.user.id}`, {
			intent: 'update',
			roles: 'viewer',
			'scope-viewer': 'some',
			'provinces-viewer': 'an-giang',
			displayName: 'Trong tỉnh',
		})
		await within.text()
		expect(within.status).toBe(302)

		const everywhere = await actor.post(`/admin/users/${local.user.id}`, {
			intent: 'update',
			roles: 'viewer',
			'scope-viewer': 'all',
			displayName: 'Khắp nơi',
		})
		expect(alertText(await everywhere.text())).toContain(en.admin.delegation.scopeBeyondActor)
		expect(everywhere.status).toBe(403)
		const elsewhere = await actor.post(`/admin/users/${local.user.id}`, {
			intent: 'update',
			roles: 'viewer',
			'scope-viewer': 'some',
			'provinces-viewer': ['an-giang', 'ha-noi'],
		})
		await elsewhere.text()
		expect(elsewhere.status).toBe(403)
		expect(await scopeOf(local.user.id)).toEqual(['an-giang'])
		const created = await actor.post('/admin/users/new', { email: 'scoped-escalated@example.com', roles: 'viewer', 'scope-viewer': 'all' })
		expect(alertText(await created.text())).toContain(en.admin.delegation.scopeBeyondActor)
		expect(created.status).toBe(403)
		expect(
			await getDb().selectFrom('users').select('id').where('email', '=', toEmail('scoped-escalated@example.com')).executeTakeFirst(),
		).toBeUndefined()

		const outsider = await createTestUser({ roles: ['viewer'], scopes: new Map([['viewer', ['ha-noi' as const]]]) })
		for (const intent of ['lock', 'update']) {
			const response = await actor.post(`/admin/users/${outsider.user.id}`, {
				intent,
				roles: 'viewer',
				'scope-viewer': 'some',
				'provinces-viewer': 'an-giang',
			})
			expect(alertText(await response.text())).toContain(en.admin.delegation.userBeyondScope)
			expect(response.status).toBe(403)
		}
		expect(await scopeOf(outsider.user.id)).toEqual(['ha-noi'])
		expect((await refusals(local.user.id)).map((entry) => JSON.parse(entry.details!).reason)).toEqual([
			'scopeBeyondActor',
			'scopeBeyondActor',
		])
		expect(await refusals(outsider.user.id)).toHaveLength(2)
	})

	test('the JSON API refuses a user outside their provinces the same way', async () => {
		const actor = await createTestUser({ roles: ['viewer', userAdminRole], scopes: inAnGiang(userAdminRole) })
		const outsider = await createTestUser({ roles: ['viewer'] })
		const token = await apiToken(server.url, actor.email, actor.password)
		const response = await fetch(new URL(`/api/users/${outsider.user.id}`, server.url), {
			method: 'DELETE',
			headers: { Authorization: `Bearer ${token}`, Cookie: 'lang=en' },
		})
		expect(await response.json()).toEqual({ message: en.admin.delegation.userBeyondScope })
		expect(response.status).toBe(403)
		expect(await getDb().selectFrom('users').select('id').where('id', '=', outsider.user.id).executeTakeFirst()).toBeDefined()
		expect(await refusals(outsider.user.id)).toHaveLength(1)
	})
})

describe('a delegated role administrator (QUANTRI_ROLES update, and the dashboard)', () => {
	test('cannot add to a role an action they do not hold', async () => {
		const actor = await signedIn([roleAdminRole])
		const target = await createRole(`target_${Date.now()}`, { DASHBOARD: ['view'] })
		const catalogs = await functionId('DANHMUC_TRAM')
		const response = await actor.client.post(`/admin/roles/${target}`, {
			intent: 'grants',
			group: String(await functionId('DANHMUC')),
			grant: `${catalogs}:delete`,
		})
		expect(response.status).toBe(403)
		expect(alertText(await response.text())).toContain(en.admin.delegation.grantBeyondActor)
		const grants = await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', target).execute()
		expect(grants).toEqual([{ function_id: await functionId('DASHBOARD'), action: 'view' }])
		expect(await refusals(target)).toHaveLength(1)
	})

	test('cannot edit their own role or a built-in one', async () => {
		const actor = await signedIn([roleAdminRole])
		const own = Number((await getDb().selectFrom('roles').select('id').where('code', '=', roleAdminRole).executeTakeFirstOrThrow()).id)
		const dashboard = await functionId('DASHBOARD')
		const ownRole = await actor.client.post(`/admin/roles/${own}`, {
			intent: 'grants',
			group: String(dashboard),
			grant: `${dashboard}:view`,
		})
		expect(ownRole.status).toBe(403)
		expect(alertText(await ownRole.text())).toContain(en.admin.delegation.ownRole)
		const operator = Number((await getDb().selectFrom('roles').select('id').where('code', '=', 'operator').executeTakeFirstOrThrow()).id)
		const before = await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', operator).execute()
		const builtin = await actor.client.post(`/admin/roles/${operator}`, {
			intent: 'grants',
			group: String(dashboard),
			grant: `${dashboard}:view`,
		})
		expect(builtin.status).toBe(403)
		expect(alertText(await builtin.text())).toContain(en.admin.delegation.builtinRole)
		expect(await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', operator).execute()).toEqual(
			before,
		)
	})

	test('saving a role keeps the grants they do not hold, which the page shows disabled', async () => {
		const actor = await signedIn([roleAdminRole])
		const target = await createRole(`mixed_${Date.now()}`, { DANHMUC_TRAM: ['view', 'delete'] })
		const dashboard = await functionId('DASHBOARD')
		const stations = await functionId('DANHMUC_TRAM')
		const catalogs = await functionId('DANHMUC')
		const page = parseHtml(await (await actor.client.get(`/admin/roles/${target}?group=${catalogs}`)).text())
		expect(page.querySelector(`input[name="grant"][value="${stations}:delete"]`)?.hasAttribute('disabled')).toBe(true)
		const dashboardPage = parseHtml(await (await actor.client.get(`/admin/roles/${target}?group=${dashboard}`)).text())
		expect(dashboardPage.querySelector(`input[name="grant"][value="${dashboard}:view"]`)?.hasAttribute('disabled')).toBe(false)
		// The catalogs' group saved with nothing ticked (the disabled boxes are not posted) keeps them.
		for (const [group, grant] of [
			[catalogs, []],
			[dashboard, [`${dashboard}:view`]],
		] as const) {
			const response = await actor.client.post(`/admin/roles/${target}`, { intent: 'grants', group: String(group), grant })
			await response.text()
			expect(response.status).toBe(302)
		}
		const grants = await getDb().selectFrom('role_grants').select(['function_id', 'action']).where('role_id', '=', target).execute()
		expect(grants.map((g) => `${g.function_id}:${g.action}`).sort()).toEqual(
			[`${dashboard}:view`, `${stations}:delete`, `${stations}:view`].sort(),
		)
	})
})

describe('the command line keeps one administrator', () => {
	const cli = runCli
	test('locking or demoting the last active administrator takes --force', async () => {
		await getDb().updateTable('users').set({ locked: 1 }).execute()
		const admin = await createTestUser({ roles: ['admin'] })
		const lock = await cli('users:lock', '--email', admin.email)
		expect(lock.code).not.toBe(0)
		expect(lock.stderr).toContain('last active administrator')
		const demote = await cli('users:set-roles', '--email', admin.email, '--roles', 'viewer')
		expect(demote.code).not.toBe(0)
		expect(await rolesOf(admin.user.id)).toEqual(['admin'])
		expect((await getDb().selectFrom('users').select('locked').where('id', '=', admin.user.id).executeTakeFirstOrThrow()).locked).toBe(0)

		const forced = await cli('users:lock', '--email', admin.email, '--force')
		expect(forced.code).toBe(0)
		expect((await getDb().selectFrom('users').select('locked').where('id', '=', admin.user.id).executeTakeFirstOrThrow()).locked).toBe(1)
		expect(location(await new TestClient(server.url).signIn(admin.email, admin.password))).toBeNull()
	}, 120_000) // four CLI starts: each compiles the app with tsx
})
