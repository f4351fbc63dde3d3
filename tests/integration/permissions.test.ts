import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { en, vn } from '~/i18n/messages'
import { getDb, onQuery } from '~/db/db.server'
import { loadAccess } from '~/permissions/grants.server'
import { menuFor } from '~/permissions/menu.server'
import { MENU_ID } from '~/components/shell/menu-markup-context'
import { LANGUAGE_CODES } from '~/i18n/languages'
import { setUserRoles, updateProfile, usersInBatches } from '~/users/users.server'
import { toEmail } from '~/users/email.server'
import { TestClient, location } from '../support/client'
import { menuTree, parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createBulkFunctions } from '../support/functions'
import { flatLocales } from '../support/locales'
import { createTestUser } from '../support/users'

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function signedIn(roles: string[], lang?: string) {
	const account = await createTestUser({ roles })
	const client = new TestClient(server.url)
	if (lang) client.cookies.set('lang', lang)
	expect((await client.signIn(account.email, account.password)).status).toBe(302)
	return { ...account, client }
}

/** The sidebar as rendered: labels, nested. */
function renderedMenu(html: string): unknown[] {
	const list = parseHtml(html).querySelector('nav.sidebar > ul')
	expect(list, 'the page has a sidebar menu').not.toBeNull()
	return menuTree(list!)
}

interface ApiItem {
	Description: string
	Path: string | null
	ParentName: string | null
	isLayout: boolean
	IsTitle: boolean
	Icon: string | null
	ListChildrent: ApiItem[]
}
const apiShape = (items: ApiItem[]): unknown[] =>
	items.map((i) => (i.ListChildrent.length ? { [i.Description]: apiShape(i.ListChildrent) } : i.Description))

const EXPECTED = {
	vn: {
		catalogs: ['Bảng điều khiển', { 'Danh mục': ['Trạm', 'Loại trạm'] }, { 'Công cụ': ['Công cụ dụng cụ', 'Nhóm công cụ'] }],
		admin: [
			'Bảng điều khiển',
			{ 'Danh mục': ['Trạm', 'Loại trạm'] },
			{ 'Công cụ': ['Công cụ dụng cụ', 'Nhóm công cụ'] },
			{ 'Quản trị': ['Người dùng', 'Vai trò và phân quyền', 'Chức năng và menu', 'Nhật ký hệ thống', 'Gửi thông báo'] },
		],
	},
	en: {
		catalogs: ['Dashboard', { Catalogs: ['Stations', 'Station types'] }, { Tools: ['Tools and equipment', 'Tool categories'] }],
		admin: [
			'Dashboard',
			{ Catalogs: ['Stations', 'Station types'] },
			{ Tools: ['Tools and equipment', 'Tool categories'] },
			{ Administration: ['Users', 'Roles and permissions', 'Functions and menu', 'Audit log', 'Notifications to users'] },
		],
	},
}

describe.each(['vn', 'en'] as const)('menus in %s', (lang) => {
	test.each([
		['admin', EXPECTED[lang].admin],
		['operator', EXPECTED[lang].catalogs],
		['viewer', EXPECTED[lang].catalogs],
	] as const)('%s sees exactly their menu, rendered and from the API', async (role, expected) => {
		const { client } = await signedIn([role], lang)
		const page = await client.get('/dashboard')
		expect(page.status).toBe(200)
		expect(renderedMenu(await page.text())).toEqual(expected)
		const api = await client.get('/api/QuanTri/FunctionGetByUser')
		expect(api.status).toBe(200)
		const body = (await api.json()) as { type: string; data: ApiItem[]; message: string }
		expect(body.type).toBe('success')
		expect(apiShape(body.data)).toEqual(expected)
	})
})

describe('the menu API', () => {
	test('answers the seed shape, with parents named and icons', async () => {
		const { client } = await signedIn(['viewer'], 'en')
		const body = (await (await client.get('/api/QuanTri/FunctionGetByUser')).json()) as { data: ApiItem[] }
		const catalogs = body.data.find((item) => item.Description === 'Catalogs')!
		expect(catalogs).toMatchObject({ Path: null, ParentName: null, IsTitle: false, isLayout: false, Icon: 'bx-folder', badge: null })
		expect(catalogs.ListChildrent[0]).toMatchObject({ Description: 'Stations', Path: '/danhmuc/tram', ParentName: 'DANHMUC', Param: null })
	})

	test('is compressed as the client accepts, the same menu in every encoding, and follows a change of grants', async () => {
		const { client, user } = await signedIn(['admin'], 'en')
		const menuAs = async (acceptEncoding: string) => {
			const answer = await client.rawGet('/api/QuanTri/FunctionGetByUser', acceptEncoding)
			expect(answer.status).toBe(200)
			expect(answer.headers['cache-control']).toBe('no-store')
			return { encoding: answer.encoding, vary: answer.headers.vary, body: JSON.parse(answer.text) as unknown }
		}
		const plain = await menuAs('identity')
		expect(plain.encoding).toBeUndefined()
		for (const [accept, expected] of [
			['gzip, deflate, br', 'br'],
			['gzip', 'gzip'],
			['br;q=0, gzip', 'gzip'],
			['*', 'br'],
			['gzip;q=0', undefined],
		] as const) {
			const answer = await menuAs(accept)
			expect(answer.encoding, accept).toBe(expected)
			expect(answer.vary, accept).toContain('Accept-Encoding')
			expect(answer.body, accept).toEqual(plain.body)
		}
		await setUserRoles(user.id, ['operator'])
		const after = await menuAs('br')
		expect(after.body).not.toEqual(plain.body)
		expect(JSON.stringify(after.body)).toContain('/danhmuc/tram')
	})

	test('a bearer token from /api/users/authenticate works instead of the cookie', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const auth = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: account.email, password: account.password }),
		})
		expect(auth.status).toBe(200)
		const user = (await auth.json()) as { id: number; email: string; username: string; token: string; firstName: string; lastName: string }
		expect(user).toMatchObject({ id: account.user.id, email: account.email, username: account.email })
		const menu = await fetch(new URL('/api/QuanTri/FunctionGetByUser', server.url), { headers: { Authorization: `Bearer ${user.token}` } })
		expect(menu.status).toBe(200)
		expect(((await menu.json()) as { type: string }).type).toBe('success')
		// The token is stored hashed.
		const stored = await getDb().selectFrom('api_tokens').select('token_hash').where('user_id', '=', account.user.id).execute()
		expect(stored).toHaveLength(1)
		expect(stored[0]!.token_hash).not.toContain(user.token)
	})

	test('GET /api/users answers every account in id order, read a batch at a time and streamed', async () => {
		const now = Date.now()
		const crowd = Array.from({ length: 2_100 }, (_, n) => {
			const email = toEmail(`crowd-${n}@api-list.example`)
			return {
				email,
				email_normalized: email,
				display_name: `Crowd ${n}`,
				first_name: 'Crowd',
				last_name: String(n),
				search_text: '',
				created_at: now,
				updated_at: now,
			}
		})
		for (let start = 0; start < crowd.length; start += 500)
			await getDb()
				.insertInto('users')
				.values(crowd.slice(start, start + 500))
				.execute()
		const { client } = await signedIn(['admin'])
		const response = await client.get('/api/users')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8')
		const listed = (await response.json()) as {
			id: number
			username: string
			email: string
			firstName: string
			lastName: string
			TenNhanVien: string
		}[]
		const stored = await getDb()
			.selectFrom('users')
			.select(['id', 'email', 'first_name', 'last_name', 'display_name'])
			.orderBy('id')
			.execute()
		expect(listed).toEqual(
			stored.map((user) => ({
				id: user.id,
				username: user.email,
				email: user.email,
				firstName: user.first_name,
				lastName: user.last_name,
				TenNhanVien: user.display_name,
			})),
		)
		expect(listed.filter((user) => user.email.endsWith('@api-list.example'))).toHaveLength(2_100)

		const statements: string[] = []
		const stop = onQuery((text) => statements.push(text))
		let batches = 0
		for await (const batch of usersInBatches(getDb(), 1_000)) {
			expect(batch.length).toBeLessThanOrEqual(1_000)
			batches++
		}
		stop()
		expect(batches).toBe(Math.ceil(stored.length / 1_000))
		expect(
			statements.every((text) => /limit/i.test(text)),
			'no query reads every account at once',
		).toBe(true)
	})

	test('a menu that cannot be read answers type "error", status 500 and a translated message; then recovers', async () => {
		const { client } = await signedIn(['viewer'], 'en')
		const db = getDb()
		// The function tree is kept in memory per access version: move it, so the server reads the (missing) table.
		await sql`alter table functions rename to functions_unreadable`.execute(db)
		await sql`update access_version set version = version + 1 where id = 1`.execute(db)
		try {
			const failed = await client.get('/api/QuanTri/FunctionGetByUser')
			expect(failed.status).toBe(500)
			expect(await failed.json()).toEqual({ type: 'error', data: [], message: en.menu.loadFailed })
		} finally {
			await sql`alter table functions_unreadable rename to functions`.execute(db)
			await sql`update access_version set version = version + 1 where id = 1`.execute(db)
		}
		const recovered = await client.get('/api/QuanTri/FunctionGetByUser')
		expect(recovered.status).toBe(200)
		expect(((await recovered.json()) as { type: string }).type).toBe('success')
	})

	test('no or a wrong token gives 401 Unauthorised (the seed text in English, translated otherwise)', async () => {
		const none = await fetch(new URL('/api/QuanTri/FunctionGetByUser', server.url), { headers: { 'Accept-Language': 'en' } })
		expect(none.status).toBe(401)
		expect(await none.json()).toEqual({ message: 'Unauthorised' })
		const wrong = await fetch(new URL('/api/users', server.url), {
			headers: { Authorization: `Bearer ${'x'.repeat(43)}`, 'Accept-Language': 'en' },
		})
		expect(wrong.status).toBe(401)
		expect(await wrong.json()).toEqual({ message: 'Unauthorised' })
		const vietnamese = await fetch(new URL('/api/users', server.url), { headers: { Authorization: `Bearer ${'x'.repeat(43)}` } })
		expect(await vietnamese.json()).toEqual({ message: vn.api.unauthorised })
	})
})

describe('the account API', () => {
	async function tokenFor(roles: string[]) {
		const account = await createTestUser({ roles })
		const response = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: account.email, password: account.password }),
		})
		return { ...account, token: ((await response.json()) as { token: string }).token }
	}
	const call = (path: string, token: string, init: RequestInit = {}) =>
		fetch(new URL(path, server.url), {
			...init,
			headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', ...(init.headers as object) },
		})

	test('a failed authentication gives the seed message, the same for unknown users', async () => {
		const { email } = await createTestUser()
		for (const body of [
			{ email, password: 'Wrong password 1' },
			{ email: 'nobody@example.com', password: 'Wrong password 1' },
		]) {
			const response = await fetch(new URL('/api/users/authenticate', server.url), {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
				body: JSON.stringify(body),
			})
			expect(response.status).toBe(400)
			expect(await response.json()).toEqual({ message: 'Username or password is incorrect' })
		}
	})

	test('an administrator lists, reads, registers and deletes users', async () => {
		const admin = await tokenFor(['admin'])
		const list = (await (await call('/api/users', admin.token)).json()) as Array<{ email: string }>
		expect(list.some((u) => u.email === admin.email)).toBe(true)
		const one = await call(`/api/users/${admin.user.id}`, admin.token)
		expect(await one.json()).toMatchObject({ id: admin.user.id, email: admin.email })
		expect((await call('/api/users/999999', admin.token)).status).toBe(404)

		const registered = await call('/api/users/register', admin.token, {
			method: 'POST',
			body: JSON.stringify({ username: 'new.person@example.com', password: 'Registered pass 1', firstName: 'Lan', lastName: 'Phạm' }),
		})
		expect(registered.status).toBe(200)
		const created = (await registered.json()) as { id: number; firstName: string }
		expect(created.firstName).toBe('Lan')

		const taken = await call('/api/users/register', admin.token, {
			method: 'POST',
			headers: { 'Accept-Language': 'en' },
			body: JSON.stringify({ username: 'New.Person@example.com', password: 'Registered pass 1' }),
		})
		expect(taken.status).toBe(400)
		expect(await taken.json()).toEqual({ message: 'Username "New.Person@example.com" is already taken' })

		const invalid = await call('/api/users/register', admin.token, {
			method: 'POST',
			body: JSON.stringify({ username: 'not-an-email', password: 'short' }),
		})
		expect(invalid.status).toBe(400)
		expect(((await invalid.json()) as { errors: Record<string, string> }).errors).toMatchObject({
			email: 'Hãy nhập địa chỉ email hợp lệ.',
			password: 'Mật khẩu phải có ít nhất 8 ký tự.',
		})

		expect((await call(`/api/users/${created.id}`, admin.token, { method: 'DELETE' })).status).toBe(200)
		expect((await call(`/api/users/${created.id}`, admin.token)).status).toBe(404)
		expect((await call(`/api/users/${admin.user.id}`, admin.token, { method: 'DELETE' })).status).toBe(400)
	})

	test('a viewer may not use the user API: 403', async () => {
		const viewer = await tokenFor(['viewer'])
		expect((await call('/api/users', viewer.token)).status).toBe(403)
		expect((await call(`/api/users/${viewer.user.id}`, viewer.token)).status).toBe(403)
		expect((await call(`/api/users/${viewer.user.id}`, viewer.token, { method: 'DELETE' })).status).toBe(403)
		expect(
			(
				await call('/api/users/register', viewer.token, {
					method: 'POST',
					body: JSON.stringify({ username: 'x@example.com', password: 'Some pass 123' }),
				})
			).status,
		).toBe(403)
	})

	test('an account that must change its password gets no token, and a token it already has stops working', async () => {
		const flagged = await createTestUser({ roles: ['admin'], mustChangePassword: true })
		const refused = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'Accept-Language': 'en' },
			body: JSON.stringify({ email: flagged.email, password: flagged.password }),
		})
		expect(refused.status).toBe(403)
		expect(await refused.json()).toEqual({ message: 'Password change required' })
		const issued = await getDb().selectFrom('api_tokens').select('id').where('user_id', '=', flagged.user.id).execute()
		expect(issued).toEqual([])

		const later = await tokenFor(['admin'])
		expect((await call('/api/users', later.token)).status).toBe(200)
		await getDb().updateTable('users').set({ must_change_password: 1 }).where('id', '=', later.user.id).execute()
		for (const [path, init] of [
			['/api/users', {}],
			[`/api/users/${later.user.id}`, {}],
			['/api/QuanTri/FunctionGetByUser', {}],
			['/api/users/register', { method: 'POST', body: JSON.stringify({ username: 'blocked@example.com', password: 'Blocked account 1' }) }],
		] as const) {
			const response = await call(path, later.token, init)
			expect(response.status).toBe(403)
			expect(await response.json()).toEqual({ message: vn.api.passwordChangeRequired })
		}
		expect(
			await getDb().selectFrom('users').select('id').where('email', '=', toEmail('blocked@example.com')).executeTakeFirst(),
		).toBeUndefined()
	})

	test('a password change revokes the API tokens', async () => {
		const admin = await tokenFor(['admin'])
		const client = new TestClient(server.url)
		await client.signIn(admin.email, admin.password)
		await client.post('/account/change-password', {
			currentPassword: admin.password,
			newPassword: 'Changed pass for token',
			confirmPassword: 'Changed pass for token',
		})
		expect((await call('/api/users', admin.token)).status).toBe(401)
	})

	describe('one language per answer', () => {
		const locales = flatLocales()
		const TAGS = { vn: 'vi', en: 'en', es: 'es', de: 'de', it: 'it', ru: 'ru' } as const
		/** The answer's `{message}` and `Content-Language`, its body read whole. */
		const answered = async (response: Response) => ({
			status: response.status,
			language: response.headers.get('Content-Language'),
			body: (await response.json()) as { message: string; errors?: Record<string, string> },
		})

		test("the token's user's language comes before the cookie and Accept-Language", async () => {
			const viewer = await tokenFor(['viewer'])
			await updateProfile(viewer.user.id, { preferredLanguage: 'de' })
			const headers = { 'Accept-Language': 'en', Cookie: 'lang=ru' }
			expect(await answered(await call('/api/users', viewer.token, { headers }))).toEqual({
				status: 403,
				language: 'de',
				body: { message: locales.de['api.forbidden'] },
			})
			expect(await answered(await call('/api/users/logout', viewer.token, { headers }))).toEqual({
				status: 405,
				language: 'de',
				body: { message: locales.de['errors.request.methodNotAllowed'] },
			})
			const menu = await call('/api/QuanTri/FunctionGetByUser', viewer.token, { headers })
			expect(menu.headers.get('Content-Language')).toBe('de')
			expect(((await menu.json()) as { data: ApiItem[] }).data[0]!.Description).toBe(locales.de['functions.DASHBOARD'])
		})

		test("the cookie session's user's language comes before the cookie and Accept-Language", async () => {
			const { client, user } = await signedIn(['viewer'], 'es')
			await updateProfile(user.id, { preferredLanguage: 'it' })
			expect(await answered(await client.get('/api/users', { 'Accept-Language': 'ru' }))).toEqual({
				status: 403,
				language: 'it',
				body: { message: locales.it['api.forbidden'] },
			})
		})

		test('without a user language: the lang cookie, else the best Accept-Language match, else Vietnamese', async () => {
			const unauthorised = (headers: Record<string, string>) => fetch(new URL('/api/users', server.url), { headers }).then(answered)
			for (const [header, language] of [
				['vi-VN,vi;q=0.9,en;q=0.8', 'vn'],
				['en-US,en;q=0.9', 'en'],
				['fr-CH, fr;q=0.9, es;q=0.8, de;q=0.7', 'es'],
				['de', 'de'],
				['it-IT', 'it'],
				['en;q=0.3, ru;q=0.7', 'ru'],
				['*', 'vn'],
				['ja, zh', 'vn'],
				['', 'vn'],
			] as const) {
				expect(await unauthorised({ 'Accept-Language': header }), header).toEqual({
					status: 401,
					language: TAGS[language],
					body: { message: locales[language]['api.unauthorised'] },
				})
			}
			expect(await unauthorised({ 'Accept-Language': 'de', Cookie: 'lang=it' })).toEqual({
				status: 401,
				language: 'it',
				body: { message: locales.it['api.unauthorised'] },
			})
		})

		test.each(LANGUAGE_CODES)('a body the validator refuses is answered wholly in %s', async (language) => {
			const strings = new Set(Object.values(locales[language]))
			for (const body of ['{}', '{"email":5,"password":[]}', '[1]', '"x"']) {
				const response = await fetch(new URL('/api/users/authenticate', server.url), {
					method: 'POST',
					headers: { 'Content-Type': 'application/json', 'Accept-Language': TAGS[language] },
					body,
				})
				const answer = await answered(response)
				expect(answer.status, body).toBe(400)
				expect(answer.language, body).toBe(TAGS[language])
				expect(answer.body.message, body).toBe(locales[language]['validation.formHasErrors'])
				const errors = Object.values(answer.body.errors ?? {})
				expect(errors.length, body).toBeGreaterThan(0)
				// Every text is one of the language's own strings: no validator English inside a translated sentence.
				for (const text of errors) expect(strings.has(text), `${body}: ${text}`).toBe(true)
			}
		})

		test('a registration the validator refuses is answered in Vietnamese by default, field by field', async () => {
			const admin = await tokenFor(['admin'])
			const answer = await answered(
				await call('/api/users/register', admin.token, { method: 'POST', body: JSON.stringify({ username: 5, firstName: [] }) }),
			)
			expect(answer).toEqual({
				status: 400,
				language: 'vi',
				body: {
					message: vn.validation.formHasErrors,
					errors: { username: vn.validation.invalid, password: vn.validation.required, firstName: vn.validation.invalid },
				},
			})
		})
	})
})

/** A new role granting `view` on the functions with these ids, and nothing else. */
async function roleViewingIds(prefix: string, functionIds: readonly number[]) {
	const db = getDb()
	const now = Date.now()
	const code = `${prefix}_${now}`
	const role = await db
		.insertInto('roles')
		.values({ code, name: prefix, description: '', is_builtin: 0, all_access: 0, created_at: now, updated_at: now })
		.returning('id')
		.executeTakeFirstOrThrow()
	// In slices: SQLite takes a bounded number of parameters per statement.
	for (let start = 0; start < functionIds.length; start += 400) {
		await db
			.insertInto('role_grants')
			.values(functionIds.slice(start, start + 400).map((id) => ({ role_id: role.id, function_id: id, action: 'view' })))
			.execute()
	}
	return { code, id: role.id }
}

/** A new role granting `view` on the functions named, and nothing else. */
async function roleViewing(prefix: string, functionCodes: string[]) {
	const functions = await getDb().selectFrom('functions').select('id').where('code', 'in', functionCodes).execute()
	expect(functions).toHaveLength(functionCodes.length)
	return roleViewingIds(
		prefix,
		functions.map((fn) => fn.id),
	)
}

describe('grants take effect on the next request', () => {
	test('revoking a grant removes the entry and blocks the page', async () => {
		const db = getDb()
		const functions = await db
			.selectFrom('functions')
			.select(['id', 'code'])
			.where('code', 'in', ['DASHBOARD', 'DANHMUC', 'DANHMUC_TRAM'])
			.execute()
		const role = await roleViewingIds(
			'temp',
			functions.map((f) => f.id),
		)
		const { client } = await signedIn([role.code], 'en')
		expect(renderedMenu(await (await client.get('/dashboard')).text())).toEqual(['Dashboard', { Catalogs: ['Stations'] }])

		const stations = functions.find((f) => f.code === 'DANHMUC_TRAM')!
		await db.deleteFrom('role_grants').where('role_id', '=', role.id).where('function_id', '=', stations.id).execute()
		expect(renderedMenu(await (await client.get('/dashboard')).text())).toEqual(['Dashboard'])

		const dashboard = functions.find((f) => f.code === 'DASHBOARD')!
		await db.deleteFrom('role_grants').where('role_id', '=', role.id).where('function_id', '=', dashboard.id).execute()
		expect((await client.get('/dashboard')).status).toBe(403)
		expect(location(await client.get('/'))).toBeNull()
	})
})

describe('a function granted without its parent', () => {
	test('appears under its parent, shown as a group only; / lands on it; the matrix marks the parent', async () => {
		const { code, id: roleId } = await roleViewing('child_only', ['DANHMUC_TRAM'])
		const { client } = await signedIn([code], 'en')
		expect(location(await client.get('/'))).toBe('/danhmuc/tram')
		const page = await client.get('/danhmuc/tram')
		expect(page.status).toBe(200)
		expect(renderedMenu(await page.text())).toEqual([{ Catalogs: ['Stations'] }])
		const api = (await (await client.get('/api/QuanTri/FunctionGetByUser')).json()) as { data: ApiItem[] }
		expect(apiShape(api.data)).toEqual([{ Catalogs: ['Stations'] }])
		expect(api.data[0]).toMatchObject({ Path: null })
		expect(api.data[0]!.ListChildrent[0]).toMatchObject({ Path: '/danhmuc/tram' })

		const { client: administrator } = await signedIn(['admin'], 'en')
		const matrix = parseHtml(await (await administrator.get(`/admin/roles/${roleId}`)).text())
		const rowOf = (functionCode: string) =>
			matrix.querySelectorAll('table.admin-matrix tbody th').find((cell) => cell.text.includes(`(${functionCode})`))
		expect(rowOf('DANHMUC')?.text).toContain(en.admin.roles.impliedGroup)
		expect(rowOf('DANHMUC_TRAM')?.text).not.toContain(en.admin.roles.impliedGroup)
		// One group at a time: the first the role holds anything in.
		expect(rowOf('CONGCU')).toBeUndefined()
	})
})

describe('an entry with a route parameter', () => {
	test('is the current page when the address holds its parameter; the plain entry otherwise', async () => {
		const db = getDb()
		const now = Date.now()
		const parent = await db.selectFrom('functions').select('id').where('code', '=', 'DANHMUC').executeTakeFirstOrThrow()
		const added = await db
			.insertInto('functions')
			.values({
				code: `TRAM_ACTIVE_${now}`,
				parent_id: parent.id,
				sort_order: 20,
				label_key: null,
				labels: JSON.stringify({ en: 'Active stations' }),
				icon: 'bx-check',
				path: '/danhmuc/tram',
				param: 'status=active',
				is_title: 0,
				is_hidden: 0,
				badge_text: null,
				badge_variant: null,
				enabled: 1,
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		try {
			const { client } = await signedIn(['admin'], 'en')
			const current = async (path: string) => {
				const response = await client.get(path)
				expect(response.status, path).toBe(200)
				return parseHtml(await response.text())
					.querySelectorAll('nav.sidebar [aria-current="page"]')
					.map((link) => link.getAttribute('href'))
			}
			expect(await current('/danhmuc/tram?status=active')).toEqual(['/danhmuc/tram?status=active'])
			expect(await current('/danhmuc/tram')).toEqual(['/danhmuc/tram'])
			expect(await current('/danhmuc/tram?status=maintenance')).toEqual(['/danhmuc/tram'])
		} finally {
			await db.deleteFrom('functions').where('id', '=', added.id).execute()
		}
	})
})

describe('menu previews for administrators', () => {
	test("a role's menu page shows the menu the role gives on its own; a user's page the menu the user's API answer has", async () => {
		const { code, id: roleId } = await roleViewing('audit_reader', ['QUANTRI_AUDIT'])
		const { client: holder, user } = await signedIn([code, 'viewer'], 'en')
		const { client: administrator } = await signedIn(['admin'], 'en')
		const preview = async (path: string) => {
			const response = await administrator.get(path)
			expect(response.status, path).toBe(200)
			const list = parseHtml(await response.text()).querySelector('nav.menu-preview > ul')
			expect(list, path).not.toBeNull()
			return menuTree(list!)
		}

		expect(await preview(`/admin/roles/${roleId}/menu`)).toEqual([{ Administration: ['Audit log'] }])

		const api = (await (await holder.get('/api/QuanTri/FunctionGetByUser')).json()) as { data: ApiItem[] }
		const expected = [
			'Dashboard',
			{ Catalogs: ['Stations', 'Station types'] },
			{ Tools: ['Tools and equipment', 'Tool categories'] },
			{ Administration: ['Audit log'] },
		]
		expect(apiShape(api.data)).toEqual(expected)
		expect(await preview(`/admin/users/${user.id}`)).toEqual(expected)
	})
})

describe('a user granted 2,000 functions', () => {
	test('gets the menu with one grants and one functions query, then from memory until functions, roles or grants change', async () => {
		const db = getDb()
		const ids = await createBulkFunctions()
		expect(ids).toHaveLength(2000)
		const role = await roleViewingIds('wide', ids)
		const { user } = await createTestUser({ roles: [role.code] })

		// Cold (the functions just changed): the access version with the user's roles, one grants query, one functions query.
		const cold: string[] = []
		let stop = onQuery((sql) => cold.push(sql))
		const first = menuFor(await loadAccess(user.id), 'vn')
		stop()
		expect(cold.filter((sql) => sql.includes('role_grants'))).toHaveLength(1)
		expect(cold.filter((sql) => /from "functions"/.test(sql))).toHaveLength(1)
		expect(cold).toHaveLength(3)

		// Warm: one query reads the access version and the user's roles; the menu is the one already built.
		const queries: string[] = []
		stop = onQuery((sql) => queries.push(sql))
		const started = performance.now()
		const menu = menuFor(await loadAccess(user.id), 'vn')
		const elapsed = performance.now() - started
		stop()
		expect(menu).toBe(first)
		expect(menu).toHaveLength(40)
		expect(menu[0]!.label).toBe('Nhóm 0')
		expect(menu.reduce((sum, item) => sum + item.children.length, 0)).toBe(1960)
		expect(queries).toHaveLength(1)
		expect(queries[0]).toContain('access_version')
		expect(queries[0]).toContain('user_roles')

		// Another user with the same role shares the grants and the menu: no grants query.
		const { user: colleague } = await createTestUser({ roles: [role.code] })
		const shared: string[] = []
		stop = onQuery((sql) => shared.push(sql))
		expect(menuFor(await loadAccess(colleague.id), 'vn')).toBe(first)
		stop()
		expect(shared.filter((sql) => sql.includes('role_grants'))).toEqual([])

		// A role given to a user applies on that user's next read: a user's roles are never kept in memory.
		await setUserRoles(colleague.id, [role.code, 'admin'])
		expect((await loadAccess(colleague.id)).grants.allAccess).toBe(true)

		// A grant taken away by plain SQL moves the access version: the next read sees it.
		await db.deleteFrom('role_grants').where('role_id', '=', role.id).where('function_id', '=', ids[1]!).execute()
		const after = menuFor(await loadAccess(user.id), 'vn')
		expect(after.reduce((sum, item) => sum + item.children.length, 0)).toBe(1959)
		console.info(`menu for 2,000 granted functions built in ${elapsed.toFixed(1)} ms (${process.env.TEST_DATABASE ?? 'sqlite'})`)
	})
})

describe('the menu of a page', () => {
	test('is in the markup once, never in the route data; data requests carry it', async () => {
		const role = await roleViewingIds('page_menu', await createBulkFunctions({ groups: 10, perGroup: 30 }))
		const account = await createTestUser({ roles: [role.code, 'viewer'] })
		const client = new TestClient(server.url)
		expect((await client.signIn(account.email, account.password)).status).toBe(302)

		const entry = '/bulk/3/5'
		const response = await client.get('/danhmuc/tram')
		const html = await response.text()
		expect(response.status).toBe(200)
		const page = parseHtml(html)
		expect(page.querySelectorAll(`nav.sidebar a[href="${entry}"]`)).toHaveLength(1)
		expect(html.split(`href="${entry}"`).length - 1).toBe(1)
		for (const script of page.querySelectorAll('script')) expect(script.text).not.toContain(entry)
		// The current page is marked in the markup the server sends, its group open.
		const current = page.querySelectorAll('nav.sidebar a[aria-current="page"]')
		expect(current.map((link) => link.getAttribute('href'))).toEqual(['/danhmuc/tram'])
		const group = current[0]!.closest('details')!
		expect(group.hasAttribute('open')).toBe(true)
		expect(group.hasAttribute('data-trail')).toBe(true)
		expect(page.querySelectorAll('nav.sidebar details[open]')).toHaveLength(1)

		// What a client-side revalidation reads: the frame's data, menu included.
		const data = await client.get(`/danhmuc/tram.data?_routes=${encodeURIComponent('routes/_app')}`)
		const text = await data.text()
		expect(data.status).toBe(200)
		expect(text).toContain(entry)
	})

	for (const layout of ['vertical', 'horizontal'] as const) {
		test(`holds each of its links once, and "All functions" leads to it without JavaScript (${layout} layout)`, async () => {
			const role = await roleViewingIds(`once_${layout}`, await createBulkFunctions({ groups: 3, perGroup: 4 }))
			const { client } = await signedIn([role.code, 'viewer'], 'en')
			client.cookies.set('layout', `layout=${layout}`)
			for (const path of ['/dashboard', '/danhmuc/tram']) {
				const response = await client.get(path)
				const page = parseHtml(await response.text())
				expect(response.status, path).toBe(200)
				const menu = page.querySelector(`nav#${MENU_ID}`)
				expect(menu?.classList.contains(layout === 'vertical' ? 'sidebar' : 'topnav'), path).toBe(true)
				const menuLinks = menu!.querySelectorAll('a[href]').map((link) => link.getAttribute('href'))
				expect(menuLinks, path).toContain('/bulk/2/2')
				expect(menuLinks, path).toContain('/danhmuc/tram')
				// The frame around the page's own content (which may link to a function) holds each function's link once.
				const frameLinks = page.querySelectorAll('a[href]').filter((link) => !link.closest('main'))
				for (const href of menuLinks)
					expect(
						frameLinks.filter((link) => link.getAttribute('href') === href),
						`${path}: ${href}`,
					).toHaveLength(1)
				expect(page.querySelectorAll('.mega-menu a[href^="/"], .mega-menu__columns'), path).toHaveLength(0)
				const allFunctions = page.querySelectorAll('header a').filter((link) => link.text.trim() === en.topbar.allFunctions)
				expect(
					allFunctions.map((link) => link.getAttribute('href')),
					path,
				).toEqual([`#${MENU_ID}`])
			}
		})
	}

	test('goes out gzipped around the menu compressed once; every encoding gives the same page, its trail marked', async () => {
		const role = await roleViewingIds('gzip_menu', await createBulkFunctions({ groups: 12, perGroup: 40 }))
		const account = await createTestUser({ roles: [role.code, 'viewer'] })
		const client = new TestClient(server.url)
		expect((await client.signIn(account.email, account.password)).status).toBe(302)

		const pageAs = async (path: string, acceptEncoding: string) => {
			const answer = await client.rawGet(path, acceptEncoding)
			expect(answer.status, acceptEncoding).toBe(200)
			expect(answer.headers.vary ?? '', acceptEncoding).toContain('Accept-Encoding')
			const page = parseHtml(answer.text)
			return {
				encoding: answer.encoding,
				sentBytes: answer.sentBytes,
				contentLength: answer.headers['content-length'],
				nav: page.querySelector('nav.sidebar')!.toString(),
				heading: page.querySelector('main h1')!.text,
				current: page.querySelectorAll('nav.sidebar [aria-current="page"]').map((link) => link.getAttribute('href')),
				entries: page.querySelectorAll('nav.sidebar a[href^="/bulk/"]').length,
			}
		}
		const plain = await pageAs('/danhmuc/tram', 'identity')
		expect(plain.encoding).toBeUndefined()
		expect(plain.entries).toBe(12 * 39)
		expect(plain.current).toEqual(['/danhmuc/tram'])
		for (const [accept, expected] of [
			['gzip, deflate, br', 'gzip'],
			['gzip', 'gzip'],
			['br', 'br'],
			['gzip;q=0', undefined],
		] as const) {
			const answer = await pageAs('/danhmuc/tram', accept)
			expect(answer.encoding, accept).toBe(expected)
			expect({ ...answer, encoding: undefined, sentBytes: 0, contentLength: undefined }, accept).toEqual({
				...plain,
				sentBytes: 0,
				contentLength: undefined,
			})
		}
		const gzipped = await pageAs('/danhmuc/tram', 'gzip')
		expect(Number(gzipped.contentLength)).toBe(gzipped.sentBytes)
		expect(gzipped.sentBytes).toBeLessThan((await client.rawGet('/danhmuc/tram', 'identity')).sentBytes / 4)
		// Another page: the same menu compressed once, its own trail.
		const tools = await pageAs('/congcu/list', 'gzip')
		expect(tools.encoding).toBe('gzip')
		expect(tools.current).toEqual(['/congcu/list'])
		expect(tools.entries).toBe(12 * 39)
	})
})

async function readAccessVersion() {
	const row = await getDb().selectFrom('access_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()
	return Number(row.version)
}

describe('the access version', () => {
	test('moves on every insert, update and delete of functions, roles and grants, whoever writes', async () => {
		const db = getDb()
		const now = Date.now()
		const moves = async (write: () => Promise<unknown>) => {
			const before = await readAccessVersion()
			await write()
			return (await readAccessVersion()) > before
		}
		let functionId = 0
		let roleId = 0
		expect(
			await moves(async () => {
				functionId = (
					await db
						.insertInto('functions')
						.values({
							code: `VERSIONED_${now}`,
							parent_id: null,
							sort_order: 1,
							label_key: null,
							labels: null,
							icon: null,
							path: '/versioned',
							param: null,
							is_title: 0,
							is_hidden: 0,
							badge_text: null,
							badge_variant: null,
							enabled: 1,
							created_at: now,
							updated_at: now,
						})
						.returning('id')
						.executeTakeFirstOrThrow()
				).id
			}),
		).toBe(true)
		expect(await moves(() => db.updateTable('functions').set({ enabled: 0 }).where('id', '=', functionId).execute())).toBe(true)
		expect(
			await moves(async () => {
				roleId = (
					await db
						.insertInto('roles')
						.values({
							code: `versioned_${now}`,
							name: 'Versioned',
							description: '',
							is_builtin: 0,
							all_access: 0,
							created_at: now,
							updated_at: now,
						})
						.returning('id')
						.executeTakeFirstOrThrow()
				).id
			}),
		).toBe(true)
		expect(await moves(() => db.updateTable('roles').set({ all_access: 1 }).where('id', '=', roleId).execute())).toBe(true)
		expect(
			await moves(() => db.insertInto('role_grants').values({ role_id: roleId, function_id: functionId, action: 'view' }).execute()),
		).toBe(true)
		expect(await moves(() => db.updateTable('role_grants').set({ action: 'update' }).where('role_id', '=', roleId).execute())).toBe(true)
		expect(await moves(() => db.deleteFrom('role_grants').where('role_id', '=', roleId).execute())).toBe(true)
		expect(await moves(() => db.deleteFrom('roles').where('id', '=', roleId).execute())).toBe(true)
		expect(await moves(() => db.deleteFrom('functions').where('id', '=', functionId).execute())).toBe(true)
		// Other tables leave it alone: a user's roles are read on every request anyway.
		expect(await moves(() => db.updateTable('users').set({ updated_at: Date.now() }).execute())).toBe(false)
	})
})
