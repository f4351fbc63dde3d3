import { afterAll, beforeAll, describe, expect, onTestFinished, test } from 'vitest'
import { sql } from 'kysely'
import { getDatabase, getDb } from '~/db/db.server'
import { listAdminUsers, userListSource } from '~/admin/user-list.server'
import { USER_LIST } from '~/admin/users'
import { parseListState } from '~/lists/list-query'
import { pageIdsQuery } from '~/lists/list.server'
import { planOf } from '../support/query-plan'
import { queriesDuring } from '../support/queries'
import { updateProfile } from '~/users/users.server'
import { toEmail, type Email } from '~/users/email.server'
import { TestClient, location } from '../support/client'
import { alerts, escapeHtml, fieldError, fieldValue, format, getPage, signedIn, vn } from '../support/catalogs'
import { parseHtml, rowHeaderLinks } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'
import { runCli } from '../support/cli'
import { demoStaff, demoStaffRoles } from '~/users/demo-staff'

const STAFF_PASSWORD = 'Demo-Staff-2026!'
/** A LIKE pattern over the demo staff's addresses (not itself an address). */
const STAFF_EMAILS = 'staff-%@example.com' as Email

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

function userRow(id: number) {
	return getDb().selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
}

async function rolesOf(id: number) {
	const rows = await getDb()
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.select('roles.code')
		.where('user_roles.user_id', '=', id)
		.orderBy('roles.code')
		.execute()
	return rows.map((row) => row.code)
}

async function auditActions(id: number) {
	const rows = await getDb()
		.selectFrom('audit_log')
		.select(['action', 'details'])
		.where('entity', '=', 'user')
		.where('entity_id', '=', String(id))
		.where('action', 'like', 'user.%')
		.orderBy('id')
		.execute()
	return rows
}

/** The emails a user list page shows (its row headers). */
function listed(html: string): string[] {
	return rowHeaderLinks(html)
}

/** The generated password the page shows once (an error when it shows none). */
function shownPassword(html: string): string {
	const password = parseHtml(html).querySelector('code.admin-password')?.text
	if (!password) throw new Error('the page shows no generated password')
	return password
}

async function sessionCount(id: number) {
	const row = await getDb()
		.selectFrom('sessions')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('user_id', '=', id)
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

/** A signed-in client of a fresh account with `roles`. */
async function member(roles: string[] = ['viewer']) {
	return signedIn(server, roles)
}

describe('the user list', () => {
	test.each([
		['sort=lastSignIn&dir=desc', 'last_sign_in_at'],
		['sort=name', 'display_name'],
		['sort=createdAt', 'created_at'],
	])('%s reads the page from the users_%s_sort index in order, not by sorting every account', async (query, column) => {
		const state = parseListState(new URLSearchParams(query), USER_LIST)
		const ids = pageIdsQuery(getDatabase().dialect, await userListSource(state), state.dir, 0, 26)
		if (getDatabase().dialect === 'sqlite') {
			const plan = await planOf(ids)
			expect(plan).toContain(`USING COVERING INDEX users_${column}_sort`)
			expect(plan).not.toContain('TEMP B-TREE')
		} else {
			// A test's few accounts are cheaper to sort: asked to read an index alone, PostgreSQL reads this one in order.
			const plan = await planOf(ids, { indexOnly: true })
			expect(plan).toMatch(new RegExp(`Index Only Scan (Backward )?using users_${column}_sort`))
			expect(plan).not.toMatch(/Sort|Seq Scan/)
		}
	})

	test("a role's members: counted from its assignments alone, and a page read in list order or from the role's assignments, whichever the count shows cheaper", async () => {
		const db = getDb()
		const now = Date.now()
		const created: number[] = []
		const roleOf = async (code: string, members: number) => {
			const role = await db
				.insertInto('roles')
				.values({ code, name: code, description: '', is_builtin: 0, all_access: 0, created_at: now, updated_at: now })
				.returning('id')
				.executeTakeFirstOrThrow()
			created.push(role.id)
			const users = await db.selectFrom('users').select('id').orderBy('id').limit(members).execute()
			await db
				.insertInto('user_roles')
				.values(users.map((user) => ({ user_id: user.id, role_id: role.id })))
				.execute()
		}
		const suffix = Math.random().toString(36).slice(2, 8)
		const accounts = Number(
			(
				await db
					.selectFrom('users')
					.select((eb) => eb.fn.countAll<number>().as('n'))
					.executeTakeFirstOrThrow()
			).n,
		)
		// Held by every account (a page in list order costs its rows), and by one (in order it would cost every account).
		await roleOf(`everyone-${suffix}`, accounts)
		await roleOf(`one-${suffix}`, 1)
		// The other tests of this file count the roles of accounts: gone when this one ends.
		onTestFinished(async () => {
			await db.deleteFrom('user_roles').where('role_id', 'in', created).execute()
			await db.deleteFrom('roles').where('id', 'in', created).execute()
		})
		const pageQueries = async (query: string) => {
			const { result: listed, statements } = await queriesDuring(() =>
				listAdminUsers(parseListState(new URLSearchParams(query), USER_LIST)),
			)
			return { listed, pages: statements.filter((text) => /\blimit\b/i.test(text) && /from "users"/.test(text)) }
		}

		const everyone = await pageQueries(`role=everyone-${suffix}`)
		const deep = await pageQueries(`role=everyone-${suffix}&page=${Math.ceil(accounts / 25)}`)
		const one = await pageQueries(`role=one-${suffix}`)
		expect(everyone.listed.total).toBe(accounts)
		expect(everyone.listed.rows).toHaveLength(Math.min(25, accounts))
		expect(deep.listed.rows).toHaveLength(accounts - (Math.ceil(accounts / 25) - 1) * 25)
		expect(one.listed.total).toBe(1)

		const source = await userListSource(parseListState(new URLSearchParams(`role=everyone-${suffix}`), USER_LIST))
		// The count reads the role's assignments, not the accounts.
		expect(await planOf(source.counted!.select((eb) => eb.fn.countAll().as('n')))).not.toMatch(/\b(SCAN|SEARCH) users\b|on users\b/)
		if (getDatabase().dialect === 'sqlite') {
			const inOrder = await planOf(pageIdsQuery('sqlite', source, 'asc', 0, 26))
			expect(inOrder).toMatch(/SCAN users USING COVERING INDEX sqlite_autoindex_users_\d/)
			expect(inOrder).not.toContain('TEMP B-TREE')
		}
		// On both databases: a common role's page in list order, a rare one's from its assignments.
		expect(everyone.pages).toEqual([expect.stringContaining('exists (select 1 as "one" from "user_roles"')])
		expect(one.pages).toEqual([expect.stringContaining('"users"."id" in (select "user_roles"."user_id"')])
		// Every account holds the role: its first page is the accounts' first page.
		const first = await db.selectFrom('users').select('email').orderBy('email_normalized').orderBy('id').limit(25).execute()
		expect(everyone.listed.rows.map((row) => row.email)).toEqual(first.map((row) => row.email))
	})

	test('finds users by name without accents, filters by role and state, sorts and pages', async () => {
		const target = await createTestUser({ roles: ['operator'], prefix: 'liststaff' })
		await updateProfile(target.user.id, { displayName: 'Nguyễn Thị Hằng' })
		const html = await (await getPage(admin.client, '/admin/users?q=nguyen+hang')).text()
		expect(listed(html)).toEqual([target.email])

		const byRole = await (await getPage(admin.client, '/admin/users?role=operator&size=100')).text()
		expect(listed(byRole)).toContain(target.email)
		expect(listed(byRole)).not.toContain(viewer.email)

		await getDb().updateTable('users').set({ locked: 1 }).where('id', '=', target.user.id).execute()
		const locked = await (await getPage(admin.client, '/admin/users?state=locked&size=100')).text()
		expect(listed(locked)).toEqual([target.email])
		await getDb().updateTable('users').set({ locked: 0 }).where('id', '=', target.user.id).execute()

		const sorted = await (await getPage(admin.client, '/admin/users?sort=email&dir=desc&size=10')).text()
		expect(sorted).toContain('aria-sort="descending"')
		const emails = listed(sorted)
		expect(emails).toEqual([...emails].sort().reverse())
		expect(sorted).toContain('<caption')
	})

	test('a search that matches nobody says so', async () => {
		const html = await (await getPage(admin.client, '/admin/users?q=zzzznobody')).text()
		expect(html).toContain(vn.list.noMatchTitle)
	})

	test('the search follows every change of an email or a name: by an administrator, by the user, of the email', async () => {
		const target = await signedIn(server, ['viewer'])
		const found = async (query: string) => listed(await (await getPage(admin.client, `/admin/users?q=${encodeURIComponent(query)}`)).text())
		expect(await found(target.email)).toEqual([target.email])

		const edited = await admin.client.post(`/admin/users/${target.user.id}`, {
			intent: 'update',
			displayName: 'Đoàn Văn Quý',
			firstName: 'Quý',
			lastName: 'Đoàn',
			roles: ['viewer'],
		})
		await edited.text()
		expect(edited.status).toBe(302)
		expect(await found('doan van quy')).toEqual([target.email])

		const profile = await target.client.post('/contacts/profile', {
			intent: 'profile',
			displayName: 'Lưu Ánh Dương',
			firstName: 'Dương',
			lastName: 'Lưu',
		})
		await profile.text()
		expect(profile.status).toBe(302)
		expect(await found('luu anh duong')).toEqual([target.email])
		expect(await found('doan van quy')).toEqual([])

		const email = toEmail(`renamed-${target.user.id}-${Date.now()}@example.com`)
		const changed = await admin.client.post(`/admin/users/${target.user.id}`, { intent: 'changeEmail', email })
		await changed.text()
		expect(changed.status).toBe(302)
		expect(await found(`renamed-${target.user.id}`)).toEqual([email])
		expect(await found(target.email)).toEqual([])
	})

	test('a search matching more accounts than a statement may bind values (SQLite 32,766, PostgreSQL 65,535) answers its first page', async () => {
		const crowd = 66_000
		const rows =
			getDatabase().dialect === 'sqlite'
				? sql`with recursive n(i) as (select 1 union all select i + 1 from n where i < ${crowd}) select i from n`
				: sql`select generate_series(1, ${crowd}) as i`
		const email = sql`'crowd-' || i || '@example.com'`
		// Left in place: the tests below find their users by id or by their own email, and deleting this many
		// accounts one cascade at a time would cost PostgreSQL seconds.
		await sql`insert into users (email, email_normalized, display_name, first_name, last_name, search_text, created_at, updated_at)
			select ${email}, ${email}, 'Đám đông', '', '', ${email} || ' dam dong', 0, 0 from (${rows}) as numbers`.execute(getDb())
		const response = await getPage(admin.client, '/admin/users?q=crowd+dong')
		const html = await response.text()
		expect(response.status).toBe(200)
		expect(listed(html)).toHaveLength(25)
		expect(listed(html).every((address) => address.startsWith('crowd-'))).toBe(true)
	})
})

describe('demo staff for volume', () => {
	test('db:seed-demo --users N adds that many staff over 40 roles, some regional, some never signed in; a second run adds none', async () => {
		const count = 240
		const seeded = await runCli('db:seed-demo', '--stations', '0', '--users', String(count), '--password', STAFF_PASSWORD)
		expect(seeded.stderr).toBe('')
		expect(seeded.code).toBe(0)
		expect(seeded.stdout).toContain(`Created ${count} demo staff`)

		// The history ends at the seed's own time; who signed in when, relative to it, is the same at any time.
		const expected = [...demoStaff(count, Date.UTC(2026, 0, 1))]
		const staff = await getDb()
			.selectFrom('users')
			.select(['id', 'email', 'display_name', 'last_sign_in_at'])
			.where('email', 'like', STAFF_EMAILS)
			.orderBy('email')
			.execute()
		expect(staff.map((user) => user.email)).toEqual(expected.map((member) => member.email))
		expect(staff.map((user) => user.display_name)).toEqual(expected.map((member) => member.displayName))
		expect(staff.filter((user) => Number(user.last_sign_in_at) === 0)).toHaveLength(
			expected.filter((member) => member.lastSignInAt === 0).length,
		)

		const held = await getDb()
			.selectFrom('user_roles')
			.innerJoin('roles', 'roles.id', 'user_roles.role_id')
			.innerJoin('users', 'users.id', 'user_roles.user_id')
			.select(['roles.code', (eb) => eb.fn.countAll<number | string>().as('n')])
			.where('users.email', 'like', STAFF_EMAILS)
			.groupBy('roles.code')
			.execute()
		const expectedHeld = new Map<string, number>()
		for (const member of expected)
			for (const { roleCode } of member.assignments) expectedHeld.set(roleCode, (expectedHeld.get(roleCode) ?? 0) + 1)
		expect(new Map(held.map((row) => [row.code, Number(row.n)]))).toEqual(expectedHeld)
		expect(expectedHeld.get('staff_01')).toBeGreaterThan(count / 4)
		const roleCodes = demoStaffRoles().map((role) => role.code)
		expect(await getDb().selectFrom('roles').select('code').where('code', 'in', roleCodes).execute()).toHaveLength(40)

		const scopes = await getDb()
			.selectFrom('user_role_scopes')
			.innerJoin('users', 'users.id', 'user_role_scopes.user_id')
			.select((eb) => eb.fn.countAll<number | string>().as('n'))
			.where('users.email', 'like', STAFF_EMAILS)
			.executeTakeFirstOrThrow()
		const expectedScopes = expected.flatMap((member) => member.assignments.flatMap((assignment) => assignment.provinces))
		expect(expectedScopes.length).toBeGreaterThan(0)
		expect(Number(scopes.n)).toBe(expectedScopes.length)

		const page = await getPage(admin.client, '/admin/users?q=staff-&sort=lastSignIn&dir=desc')
		const html = await page.text()
		expect(page.status).toBe(200)
		const newest = expected.filter((member) => member.lastSignInAt > 0).sort((a, b) => a.lastSignInAt - b.lastSignInAt)
		expect(listed(html)[0]).toBe(newest.at(-1)!.email)

		const member = new TestClient(server.url)
		expect((await member.signIn(toEmail(expected[0]!.email), STAFF_PASSWORD)).status).toBe(302)

		const again = await runCli('db:seed-demo', '--stations', '0', '--users', String(count), '--password', STAFF_PASSWORD)
		expect(again.code).toBe(0)
		expect(again.stdout).toContain(`${count} demo staff already existed`)
		expect(await getDb().selectFrom('users').select('id').where('email', 'like', STAFF_EMAILS).execute()).toHaveLength(count)
	})
})

describe('creating a user', () => {
	test('with a generated password shown once: the user must change it, holds the roles, sees the menu', async () => {
		const email = `created-${Date.now()}@example.com`
		const response = await admin.client.post('/admin/users/new', {
			intent: 'create',
			email,
			displayName: '',
			firstName: 'Hằng',
			lastName: 'Nguyễn',
			password: '',
			roles: 'operator',
		})
		expect(response.status).toBe(200)
		const html = await response.text()
		expect(html).toContain(vn.admin.users.passwordOnce.slice(0, 20))
		const password = shownPassword(html)
		expect(password.length).toBeGreaterThanOrEqual(12)

		const row = await getDb().selectFrom('users').selectAll().where('email', '=', toEmail(email)).executeTakeFirstOrThrow()
		expect(row).toMatchObject({ display_name: 'Nguyễn Hằng', first_name: 'Hằng', last_name: 'Nguyễn', must_change_password: 1 })
		expect(await rolesOf(row.id)).toEqual(['operator'])
		const audit = await auditActions(row.id)
		expect(audit.map((entry) => entry.action)).toEqual(['user.created'])
		expect(audit[0]!.details).not.toContain(password)

		const client = new TestClient(server.url)
		const signIn = await client.signIn(email, password)
		expect(signIn.status).toBe(302)
		expect(location(await client.get('/dashboard'))).toBe('/account/change-password')
	})

	test('with a typed password: redirects to the user with a message', async () => {
		const email = `typed-${Date.now()}@example.com`
		const response = await admin.client.post('/admin/users/new', {
			intent: 'create',
			email,
			displayName: 'Typed',
			password: 'Một mật khẩu dài 2024',
		})
		expect(response.status).toBe(302)
		const target = location(response)!
		expect(target).toMatch(/^\/admin\/users\/\d+$/)
		const page = await admin.client.get(target)
		expect(await page.text()).toContain(escapeHtml(format(vn.admin.users.created, { email })))
	})

	test('bad input answers 400 with errors next to the fields and the values kept', async () => {
		const response = await admin.client.post('/admin/users/new', {
			intent: 'create',
			email: 'not-an-email',
			displayName: 'Giữ lại',
			password: 'short',
			roles: 'viewer',
		})
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(fieldError(html, 'email')).toBe(vn.validation.email)
		expect(fieldError(html, 'password')).toBe(format(vn.password.tooShort, { min: 8 }))
		expect(fieldValue(html, 'displayName')).toBe('Giữ lại')
		expect(fieldValue(html, 'email')).toBe('not-an-email')
		const checked = parseHtml(html)
			.querySelectorAll('input[name="roles"]')
			.filter((box) => box.hasAttribute('checked'))
		expect(checked.map((box) => box.getAttribute('value'))).toEqual(['viewer'])
	})

	test('a taken email and an unknown role are refused', async () => {
		const taken = await admin.client.post('/admin/users/new', { intent: 'create', email: viewer.email.toUpperCase(), password: '' })
		expect(taken.status).toBe(409)
		expect(fieldError(await taken.text(), 'email')).toBe(vn.admin.errors.emailTaken)
		const unknown = await admin.client.post('/admin/users/new', {
			intent: 'create',
			email: `x-${Date.now()}@example.com`,
			password: '',
			roles: 'no-such-role',
		})
		expect(unknown.status).toBe(400)
		expect(await unknown.text()).toContain(vn.admin.errors.unknownRole)
	})
})

describe('editing a user', () => {
	test('a role change takes effect on the next request and notifies the user', async () => {
		const someone = await member(['viewer'])
		expect((await someone.client.get('/admin/users')).status).toBe(403)
		const response = await admin.client.post(`/admin/users/${someone.user.id}`, {
			intent: 'update',
			displayName: 'Đổi tên',
			firstName: '',
			lastName: '',
			roles: 'admin',
		})
		expect(response.status).toBe(302)
		expect(await rolesOf(someone.user.id)).toEqual(['admin'])
		expect((await userRow(someone.user.id)).display_name).toBe('Đổi tên')
		expect((await someone.client.get('/admin/users')).status).toBe(200)
		const notes = await getDb().selectFrom('notifications').selectAll().where('user_id', '=', someone.user.id).execute()
		expect(notes.map((note) => note.type)).toEqual(['roles_changed'])
		const audit = await auditActions(someone.user.id)
		expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({
			changes: { roles: { from: 'viewer', to: 'admin' }, displayName: { to: 'Đổi tên' } },
		})
	})

	test('bad input keeps the values', async () => {
		const someone = await createTestUser()
		const response = await admin.client.post(`/admin/users/${someone.user.id}`, {
			intent: 'update',
			displayName: 'x'.repeat(101),
			firstName: 'Giữ',
			lastName: '',
			roles: 'viewer',
		})
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(fieldError(html, 'displayName')).toBe(format(vn.validation.tooLong, { max: 100 }))
		expect(fieldValue(html, 'firstName')).toBe('Giữ')
	})

	test('the last active administrator cannot lose the role, lock or delete themselves', async () => {
		// Only `admin` (this file's) and the users promoted here hold the role; demote the others first.
		const db = getDb()
		const adminRole = await db.selectFrom('roles').select('id').where('code', '=', 'admin').executeTakeFirstOrThrow()
		await db.deleteFrom('user_roles').where('role_id', '=', adminRole.id).where('user_id', '<>', admin.user.id).execute()

		const demote = await admin.client.post(`/admin/users/${admin.user.id}`, {
			intent: 'update',
			displayName: 'Admin',
			firstName: '',
			lastName: '',
			roles: 'viewer',
		})
		expect(demote.status).toBe(409)
		expect(await demote.text()).toContain(vn.admin.errors.lastAdmin)
		expect(await rolesOf(admin.user.id)).toEqual(['admin'])

		const lockSelf = await admin.client.post(`/admin/users/${admin.user.id}`, { intent: 'lock' })
		expect(lockSelf.status).toBe(409)
		expect(alerts(await lockSelf.text())).toContain(vn.admin.errors.self)
		const deleteSelf = await admin.client.post(`/admin/users/${admin.user.id}`, { intent: 'delete' })
		expect(deleteSelf.status).toBe(409)
		expect((await userRow(admin.user.id)).locked).toBe(0)

		// With a second administrator, locking the first is allowed (and ends their sessions) ...
		const other = await member(['admin'])
		expect((await other.client.post(`/admin/users/${admin.user.id}`, { intent: 'lock' })).status).toBe(302)
		expect(location(await admin.client.get('/admin/users'))).toMatch(/^\/account\/login/)
		// ... and then `other` is the last active one: dropping the role is refused.
		const demoteLast = await other.client.post(`/admin/users/${other.user.id}`, {
			intent: 'update',
			displayName: 'x',
			firstName: '',
			lastName: '',
			roles: 'viewer',
		})
		expect(demoteLast.status).toBe(409)
		expect(await rolesOf(other.user.id)).toEqual(['admin'])
		// Unlocking the first restores two administrators: now the role may go.
		expect((await other.client.post(`/admin/users/${admin.user.id}`, { intent: 'unlock' })).status).toBe(302)
		expect(
			(
				await other.client.post(`/admin/users/${other.user.id}`, {
					intent: 'update',
					displayName: 'x',
					firstName: '',
					lastName: '',
					roles: 'viewer',
				})
			).status,
		).toBe(302)
		admin = { ...admin, client: new TestClient(server.url) }
		expect((await admin.client.signIn(admin.email, admin.password)).status).toBe(302)
	})
})

describe('locking, resetting and ending sessions', () => {
	test("locking ends the user's sessions and API tokens at once; unlocking lets them sign in again", async () => {
		const someone = await member(['viewer'])
		expect((await someone.client.get('/dashboard')).status).toBe(200)
		await getDb()
			.insertInto('api_tokens')
			.values({
				token_hash: `h-${someone.user.id}`,
				user_id: someone.user.id,
				created_at: Date.now(),
				expires_at: Date.now() + 3_600_000,
				last_used_at: null,
			})
			.execute()
		const response = await admin.client.post(`/admin/users/${someone.user.id}`, { intent: 'lock' })
		expect(response.status).toBe(302)
		expect((await userRow(someone.user.id)).locked).toBe(1)
		expect(await sessionCount(someone.user.id)).toBe(0)
		const tokens = await getDb().selectFrom('api_tokens').select('id').where('user_id', '=', someone.user.id).execute()
		expect(tokens).toEqual([])
		expect(location(await someone.client.get('/dashboard'))).toMatch(/^\/account\/login/)
		expect((await new TestClient(server.url).signIn(someone.email, someone.password)).status).not.toBe(302)

		expect((await admin.client.post(`/admin/users/${someone.user.id}`, { intent: 'unlock' })).status).toBe(302)
		expect((await new TestClient(server.url).signIn(someone.email, someone.password)).status).toBe(302)
		expect((await auditActions(someone.user.id)).map((entry) => entry.action)).toEqual(['user.locked', 'user.unlocked'])
	})

	test('a password reset ends sessions, forces a change and notifies', async () => {
		const someone = await member(['viewer'])
		const response = await admin.client.post(`/admin/users/${someone.user.id}`, { intent: 'resetPassword', password: '' })
		expect(response.status).toBe(200)
		const password = shownPassword(await response.text())
		expect(await sessionCount(someone.user.id)).toBe(0)
		expect((await userRow(someone.user.id)).must_change_password).toBe(1)
		const notes = await getDb().selectFrom('notifications').select(['type', 'params']).where('user_id', '=', someone.user.id).execute()
		expect(notes.map((note) => [note.type, JSON.parse(note.params ?? '{}')])).toEqual([['password_reset', { count: 1 }]])
		expect((await auditActions(someone.user.id)).map((entry) => [entry.action, JSON.parse(entry.details ?? '{}')])).toEqual([
			['user.passwordReset', { email: someone.email, sessionsEnded: 1 }],
		])
		const client = new TestClient(server.url)
		expect((await client.signIn(someone.email, password)).status).toBe(302)
		expect(location(await client.get('/dashboard'))).toBe('/account/change-password')

		const weak = await admin.client.post(`/admin/users/${someone.user.id}`, { intent: 'resetPassword', password: 'short' })
		expect(weak.status).toBe(400)
		expect(fieldError(await weak.text(), 'password')).toBe(format(vn.password.tooShort, { min: 8 }))
	})

	test('revoking sessions signs the user out everywhere', async () => {
		const someone = await member(['viewer'])
		const twin = new TestClient(server.url)
		expect((await twin.signIn(someone.email, someone.password)).status).toBe(302)
		expect(await sessionCount(someone.user.id)).toBe(2)
		expect((await admin.client.post(`/admin/users/${someone.user.id}`, { intent: 'revokeSessions' })).status).toBe(302)
		expect(await sessionCount(someone.user.id)).toBe(0)
		expect(location(await someone.client.get('/dashboard'))).toMatch(/^\/account\/login/)
		// The twin's sign-in was news too (`new_browser`); then both sessions ended.
		const notes = await getDb()
			.selectFrom('notifications')
			.select(['type', 'params'])
			.where('user_id', '=', someone.user.id)
			.where('type', '<>', 'new_browser')
			.execute()
		expect(notes.map((note) => [note.type, JSON.parse(note.params ?? '{}')])).toEqual([['sessions_ended', { count: 2 }]])
		expect((await auditActions(someone.user.id)).map((entry) => [entry.action, JSON.parse(entry.details ?? '{}')])).toEqual([
			['user.sessionsRevoked', { email: someone.email, sessionsEnded: 2 }],
		])
	})

	test('deleting a user asks first, then removes the account and keeps the audit', async () => {
		const someone = await createTestUser()
		const confirm = await admin.client.get(`/admin/users/${someone.user.id}?intent=delete`)
		expect(await confirm.text()).toContain(escapeHtml(format(vn.admin.users.deleteQuestion, { email: someone.email })))
		const response = await admin.client.post(`/admin/users/${someone.user.id}`, { intent: 'delete' })
		expect(response.status).toBe(302)
		expect(location(response)).toBe('/admin/users')
		expect(await getDb().selectFrom('users').select('id').where('id', '=', someone.user.id).executeTakeFirst()).toBeUndefined()
		expect((await auditActions(someone.user.id)).map((entry) => entry.action)).toEqual(['user.deleted'])
	})

	test('an unknown user is 404', async () => {
		expect((await admin.client.get('/admin/users/999999')).status).toBe(404)
		expect((await admin.client.post('/admin/users/999999', { intent: 'lock' })).status).toBe(404)
	})
})

describe('without the grant', () => {
	test('a viewer gets 403 on every user page and every form', async () => {
		const target = await createTestUser()
		for (const path of ['/admin/users', '/admin/users/new', `/admin/users/${target.user.id}`]) {
			expect((await viewer.client.get(path)).status).toBe(403)
		}
		for (const intent of ['update', 'lock', 'unlock', 'resetPassword', 'revokeSessions', 'delete']) {
			expect((await viewer.client.post(`/admin/users/${target.user.id}`, { intent, displayName: 'x' })).status).toBe(403)
		}
		expect((await viewer.client.post('/admin/users/new', { intent: 'create', email: 'v@example.com' })).status).toBe(403)
		expect((await userRow(target.user.id)).locked).toBe(0)
	})

	test('a form without the CSRF token is refused', async () => {
		const target = await createTestUser()
		const response = await admin.client.post(`/admin/users/${target.user.id}`, { intent: 'lock' }, { csrf: false })
		expect(response.status).toBe(403)
		expect((await userRow(target.user.id)).locked).toBe(0)
	})
})
