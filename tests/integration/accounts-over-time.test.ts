import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { countActiveAdministrators } from '~/admin/users.server'
import { parseCsv } from '~/catalogs/csv'
import { getDb } from '~/db/db.server'
import { de, en } from '~/i18n/messages'
import { lockInactiveAccounts } from '~/users/inactive-lock.server'
import { TestClient, location } from '../support/client'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { mailsTo } from '../support/mail'
import { createTestUser, signedInUser } from '../support/users'

const DAY = 86_400_000
let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

const signedIn = (roles: string[]) => signedInUser(server, roles, { lang: 'en' })

/** The users list as shown: email and last sign-in per row, in order. */
async function usersList(client: TestClient, query: string) {
	const response = await client.get(`/admin/users${query}`)
	const html = await response.text()
	expect(response.status).toBe(200)
	const table = parseHtml(html).querySelector('table')!
	const headers = table.querySelectorAll('thead th').map((th) => th.textContent.trim())
	const column = headers.findIndex((header) => header.startsWith(en.admin.users.fields.lastSignIn))
	expect(column).toBeGreaterThan(0)
	return table.querySelectorAll('tbody tr').map((row) => ({
		email: row.querySelector('th')!.textContent.trim(),
		lastSignIn: row.querySelectorAll('td')[column - 1]!.textContent.trim(),
	}))
}

describe('accounts over time', () => {
	test('the users list shows when each account last signed in (page or API), and sorts by it', async () => {
		const admin = await signedIn(['admin'])
		const never = await createTestUser()
		const viaApi = await createTestUser()
		const api = await new TestClient(server.url).request('/api/users/authenticate', {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: viaApi.email, password: viaApi.password }),
		})
		await api.text()
		expect(api.status).toBe(200)

		const rows = await usersList(admin.client, '?sort=lastSignIn&dir=desc&size=100')
		const emails = rows.map((row) => row.email)
		expect(emails.indexOf(viaApi.email)).toBeLessThan(emails.indexOf(admin.email))
		expect(emails.indexOf(admin.email)).toBeLessThan(emails.indexOf(never.email))
		expect(rows.find((row) => row.email === never.email)!.lastSignIn).toBe(en.admin.users.neverSignedIn)
		expect(rows.find((row) => row.email === admin.email)!.lastSignIn).not.toBe(en.admin.users.neverSignedIn)
		const stored = await getDb().selectFrom('users').select('last_sign_in_at').where('id', '=', viaApi.user.id).executeTakeFirstOrThrow()
		expect(Date.now() - Number(stored.last_sign_in_at)).toBeLessThan(60_000)
	})

	test('unused accounts are locked after INACTIVE_LOCK_DAYS (an injected clock): sessions ended, audited, never the last administrator', async () => {
		const idle = await signedIn(['viewer'])
		const recent = await signedIn(['viewer'])
		// The idle one was created and last signed in 400 days ago.
		const longAgo = Date.now() - 400 * DAY
		await getDb().updateTable('users').set({ last_sign_in_at: longAgo, created_at: longAgo }).where('id', '=', idle.user.id).execute()

		const locked = await lockInactiveAccounts({ days: 365 })
		expect(locked).toContain(idle.user.id)
		expect(locked).not.toContain(recent.user.id)
		const after = await idle.client.get('/dashboard')
		await after.text()
		expect(location(after)).toMatch(/^\/account\/login/)
		const entry = await getDb()
			.selectFrom('audit_log')
			.select(['actor_email', 'details'])
			.where('action', '=', 'user.locked')
			.where('entity_id', '=', String(idle.user.id))
			.executeTakeFirstOrThrow()
		expect(entry.actor_email).toBe('system')
		expect(JSON.parse(entry.details!)).toMatchObject({
			reason: 'inactive',
			days: 365,
			lastSignIn: new Date(longAgo).toISOString(),
			sessionsEnded: 1,
		})

		// A year on, everyone is idle: all are locked but one administrator.
		expect(await countActiveAdministrators()).toBeGreaterThan(0)
		await lockInactiveAccounts({ days: 365, now: Date.now() + 400 * DAY })
		const active = await getDb().selectFrom('users').select('id').where('locked', '=', 0).execute()
		expect(active).toHaveLength(1)
		expect(await countActiveAdministrators()).toBe(1)
	})
})

describe('who holds which grant', () => {
	let admin: Awaited<ReturnType<typeof signedIn>>

	beforeAll(async () => {
		await getDb().updateTable('users').set({ locked: 0 }).execute()
		admin = await signedIn(['admin'])
	})

	test('a CSV with one row per user, role and function, for holders of the export action only', async () => {
		const operator = await createTestUser({ roles: ['operator'] })
		const nobody = await createTestUser({ roles: [] })
		const response = await admin.client.get('/admin/users/grants.csv')
		expect(response.status).toBe(200)
		expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="grants-\d{4}-\d{2}-\d{2}\.csv"$/)
		const parsed = parseCsv((await response.text()).replace(/^\uFEFF/, ''))
		if (!parsed.ok) throw new Error('unreadable CSV')
		const [header, ...rows] = parsed.records.map((record) => record.fields)
		expect(header).toEqual(['email', 'name', 'state', 'role', 'roleName', 'scope', 'function', 'actions'])
		const of = (email: string) => rows.filter((row) => row[0] === email).map((row) => [row[3], row[6], row[7]])
		expect(of(operator.email)).toContainEqual(['operator', 'DANHMUC_TRAM', 'view create update delete export import'])
		expect(of(operator.email)).toContainEqual(['operator', 'DASHBOARD', 'view'])
		expect(of(admin.email)).toEqual([['admin', '*', '*']])
		expect(of(nobody.email)).toEqual([['', '', '']])

		const page = parseHtml(await (await admin.client.get('/admin/users')).text())
		expect(page.querySelector('a[download]')?.getAttribute('href')).toBe('/admin/users/grants.csv')
		const viewer = await signedIn(['viewer'])
		const refused = await viewer.client.get('/admin/users/grants.csv')
		await refused.text()
		expect(refused.status).toBe(403)
	})
})

describe('an administrator changes a user’s sign-in email', () => {
	test('the new address signs in, the old one no longer does; sessions end, both addresses are told in the user’s language, and it is audited', async () => {
		await getDb().updateTable('users').set({ locked: 0 }).execute()
		const admin = await signedIn(['admin'])
		const user = await signedIn(['viewer'])
		await getDb().updateTable('users').set({ preferred_language: 'de' }).where('id', '=', user.user.id).execute()
		const newEmail = `renamed-${user.user.id}@example.com`

		const changed = await admin.client.post(`/admin/users/${user.user.id}`, { intent: 'changeEmail', email: newEmail })
		await changed.text()
		expect(location(changed)).toBe(`/admin/users/${user.user.id}`)

		const signedOut = await user.client.get('/dashboard')
		await signedOut.text()
		expect(location(signedOut)).toMatch(/^\/account\/login/)
		const old = await new TestClient(server.url).signIn(user.email, user.password)
		await old.text()
		expect(old.status).toBe(400)
		const fresh = await new TestClient(server.url).signIn(newEmail, user.password)
		await fresh.text()
		expect(location(fresh)).toBe('/')

		const [toOld] = await mailsTo(user.email)
		const [toNew] = await mailsTo(newEmail)
		expect(toOld!.subject).toBe(de.emailChanged.subject)
		expect(toOld!.text).toContain(newEmail)
		expect(toNew!.subject).toBe(de.emailChanged.subject)
		expect(toNew!.text).toContain(user.email)
		const entry = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'user.email_changed')
			.where('entity_id', '=', String(user.user.id))
			.executeTakeFirstOrThrow()
		expect(JSON.parse(entry.details!)).toMatchObject({ changes: { email: { from: user.email, to: newEmail } }, sessionsEnded: 1 })
	})

	test('a taken or malformed address is refused with the value kept; a delegated administrator cannot change an administrator’s email', async () => {
		const admin = await signedIn(['admin'])
		const user = await createTestUser()
		const other = await createTestUser()
		for (const [email, status, message] of [
			[other.email.toUpperCase(), 409, en.admin.errors.emailTaken],
			['not-an-address', 400, en.validation.email],
		] as const) {
			const response = await admin.client.post(`/admin/users/${user.user.id}`, { intent: 'changeEmail', email })
			const html = parseHtml(await response.text())
			expect(response.status).toBe(status)
			const field = html.querySelector('input[name="email"][type="email"]')!
			expect(field.getAttribute('value')).toBe(email)
			expect(html.getElementById(field.getAttribute('aria-describedby')!.split(' ').at(-1)!)?.textContent).toBe(message)
		}
		expect((await getDb().selectFrom('users').select('email').where('id', '=', user.user.id).executeTakeFirstOrThrow()).email).toBe(
			user.email,
		)

		// A role that may administer users, but holds less than an administrator.
		const now = Date.now()
		const role = await getDb()
			.insertInto('roles')
			.values({
				code: `useradmin_${now}`,
				name: 'User admin',
				description: '',
				is_builtin: 0,
				all_access: 0,
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		const fn = await getDb().selectFrom('functions').select('id').where('code', '=', 'QUANTRI_USERS').executeTakeFirstOrThrow()
		await getDb()
			.insertInto('role_grants')
			.values(['view', 'update'].map((action) => ({ role_id: role.id, function_id: fn.id, action })))
			.execute()
		const delegated = await signedIn([`useradmin_${now}`])
		const refused = await delegated.client.post(`/admin/users/${admin.user.id}`, {
			intent: 'changeEmail',
			email: `stolen-${now}@example.com`,
		})
		await refused.text()
		expect(refused.status).toBe(403)
		expect((await getDb().selectFrom('users').select('email').where('id', '=', admin.user.id).executeTakeFirstOrThrow()).email).toBe(
			admin.email,
		)
	})
})
