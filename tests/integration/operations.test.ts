import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { sql } from 'kysely'
import { describe, expect, test } from 'vitest'
import { purgeExpiredSessions } from '~/auth/session-end.server'
import { getDatabase, getDb, migrateToLatest } from '~/db/db.server'
import { getUserByEmail } from '~/users/users.server'
import { toEmail } from '~/users/email.server'
import { runCli as cli } from '../support/cli'
import { TestClient, location } from '../support/client'
import { startServer } from '../support/server'
import { createTestUser } from '../support/users'
import { until } from '../support/wait'

type ForeignKey = { name: string; indexed: boolean }

/** Every foreign key of the schema, and whether an index (or the primary key) starts with its columns, in any order. */
async function foreignKeys(): Promise<ForeignKey[]> {
	const db = getDb()
	if (getDatabase().dialect === 'postgres') {
		const { rows } = await sql<ForeignKey>`
			select c.relname || '.' || (select string_agg(a.attname, ',' order by a.attname) from pg_attribute a where a.attrelid = k.conrelid and a.attnum = any(k.conkey)) || ' → ' || p.relname as name,
				exists (select 1 from pg_index i where i.indrelid = k.conrelid and (i.indkey::int2[])[0:cardinality(k.conkey) - 1] @> k.conkey) as indexed
			from pg_constraint k join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
			join pg_namespace n on n.oid = c.relnamespace
			where k.contype = 'f' and n.nspname = current_schema()
			order by 1`.execute(db)
		return rows
	}
	const { rows: tables } = await sql<{
		name: string
	}>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(db)
	const found: ForeignKey[] = []
	for (const { name: table } of tables) {
		const { rows: keys } = await sql<{
			id: number
			seq: number
			table: string
			from: string
		}>`select * from pragma_foreign_key_list(${table})`.execute(db)
		const { rows: indexes } = await sql<{ name: string }>`select name from pragma_index_list(${table})`.execute(db)
		const leading: string[][] = []
		for (const index of indexes) {
			const { rows: columns } = await sql<{
				seqno: number
				name: string
			}>`select seqno, name from pragma_index_info(${index.name}) order by seqno`.execute(db)
			leading.push(columns.map((column) => column.name))
		}
		const { rows: primaryKey } = await sql<{
			name: string
			pk: number
		}>`select name, pk from pragma_table_info(${table}) where pk > 0 order by pk`.execute(db)
		leading.push(primaryKey.map((column) => column.name))
		for (const id of new Set(keys.map((key) => key.id))) {
			const columns = keys.filter((key) => key.id === id).map((key) => key.from)
			const indexed = leading.some((index) => columns.every((column) => index.slice(0, columns.length).includes(column)))
			found.push({ name: `${table}.${[...columns].sort().join(',')} → ${keys.find((key) => key.id === id)!.table}`, indexed })
		}
	}
	return found
}

describe('start-up', () => {
	test('a bad environment value stops start-up with a message naming the variable', async () => {
		const server = startServer({ PORT: 'eighty' })
		await expect(server).rejects.toThrow(/PORT must be a port number/)
	})

	test('migrations are idempotent', async () => {
		expect(await migrateToLatest()).toEqual([])
	})

	test('every reference to another row has an index starting with its columns, so deleting the row it refers to reads no whole table', async () => {
		const references = await foreignKeys()
		expect(references.map((reference) => reference.name)).toContain('tools.created_by → users')
		expect(references.filter((reference) => !reference.indexed).map((reference) => reference.name)).toEqual([])
	})

	test('first start creates the administrator with a generated password that must be changed, kept out of the log', async () => {
		// This file's database already has users from other tests, so use a fresh one through a new data folder.
		const { createTestDatabase } = await import('../support/database')
		const fresh = await createTestDatabase()
		const server = await startServer({ DATA_DIR: fresh.dataDir, DATABASE_URL: fresh.url, ADMIN_EMAIL: 'boss@example.com' })
		try {
			// Not a terminal: the password is in the data folder's file (administrator.test.ts has the details).
			const password = fs.readFileSync(path.join(fresh.dataDir, 'initial-admin-password'), 'utf8').trimEnd().split('\n').at(-1)
			expect(password).toBeTruthy()
			expect(server.output.join('\n')).not.toContain(password)
			const client = new TestClient(server.url)
			const response = await client.signIn('boss@example.com', password!)
			expect(location(response)).toBe('/account/change-password')
			// The password appears in no structured log line.
			expect(server.output.filter((line) => line.startsWith('{')).some((line) => line.includes(password!))).toBe(false)
		} finally {
			await server.stop()
			await fresh.drop()
		}
	})

	test('SIGTERM finishes and closes cleanly', async () => {
		const server = await startServer()
		expect((await new TestClient(server.url).get('/healthz')).status).toBe(200)
		expect(await server.stop('SIGTERM')).toBe(0)
		expect(server.output.some((line) => line.includes('"event":"server.stopped"'))).toBe(true)
	})

	test('SIGTERM during a request on a keep-alive connection: the request is answered, the connection closed, the exit clean', async () => {
		const server = await startServer()
		const agent = new http.Agent({ keepAlive: true })
		try {
			const body = new URLSearchParams({ email: 'nobody@example.com', password: 'x'.repeat(40) }).toString()
			const answered = new Promise<{ status: number; connection: string | undefined; text: string }>((resolve, reject) => {
				const request = http.request(
					new URL('/account/login', server.url),
					{
						method: 'POST',
						agent,
						headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': Buffer.byteLength(body) },
					},
					(response) => {
						let text = ''
						response.setEncoding('utf8')
						response.on('data', (chunk: string) => (text += chunk))
						response.on('end', () => resolve({ status: response.statusCode ?? 0, connection: response.headers.connection, text }))
					},
				)
				request.on('error', reject)
				// Half the body now, so the request is in flight when the signal comes; the rest after it.
				request.write(body.slice(0, 20))
				setTimeout(() => {
					server.process.kill('SIGTERM')
					setTimeout(() => request.end(body.slice(20)), 300)
				}, 300)
			})
			const response = await answered
			expect(response.status).toBe(403)
			expect(response.text.length).toBeGreaterThan(0)
			expect(response.connection).toBe('close')
			// A connection left open would hold the process until the forced exit, which exits 1.
			expect(await server.stop()).toBe(0)
			expect(server.output.some((line) => line.includes('"event":"server.shutdown_forced"'))).toBe(false)
		} finally {
			agent.destroy()
			await server.stop()
		}
	})
})

describe('secure cookies', () => {
	test('with COOKIE_SECURE the session cookie is __Host- prefixed and Secure', async () => {
		const server = await startServer({ COOKIE_SECURE: 'true' })
		try {
			const { email, password } = await createTestUser()
			const client = new TestClient(server.url)
			await client.get('/account/login')
			const response = await client.signIn(email, password)
			const cookies = response.headers.getSetCookie()
			const session = cookies.find((c) => c.startsWith('__Host-sp_session='))
			expect(session).toBeDefined()
			expect(session).toMatch(/; Secure/i)
			expect(session).toMatch(/; Path=\//)
			expect(session).not.toMatch(/Domain=/i)
			expect(client.cookies.has('__Host-sp_csrf')).toBe(true)
			expect(response.headers.get('Strict-Transport-Security')).toContain('max-age=')
		} finally {
			await server.stop()
		}
	})
})

describe('audit', () => {
	test('sign-in success and failure, password change and sign-out are recorded, with no secrets', async () => {
		const server = await startServer()
		try {
			const { user, email, password } = await createTestUser({ prefix: 'audited' })
			const client = new TestClient(server.url)
			await client.signIn(email, 'Wrong password 5')
			await client.signIn(email, password)
			await client.post('/account/change-password', {
				currentPassword: password,
				newPassword: 'Audited new password',
				confirmPassword: 'Audited new password',
			})
			await client.post('/account/logout', {})
			const rows = await getDb()
				.selectFrom('audit_log')
				.selectAll()
				.where((eb) => eb.or([eb('actor_user_id', '=', user.id), eb('actor_email', '=', email)]))
				.orderBy('id')
				.execute()
			expect(rows.map((row) => row.action)).toEqual(['auth.sign_in_failed', 'auth.sign_in', 'auth.password_changed', 'auth.sign_out'])
			expect(rows.every((row) => row.ip)).toBe(true)
			const everything = JSON.stringify(rows) + server.output.join('\n')
			for (const secret of [password, 'Wrong password 5', 'Audited new password']) expect(everything).not.toContain(secret)
		} finally {
			await server.stop()
		}
	})
})

describe('error page', () => {
	test('an unexpected server error shows a translated 500 page without a stack trace', async () => {
		const server = await startServer()
		try {
			const { email, password } = await createTestUser()
			const client = new TestClient(server.url)
			await client.signIn(email, password)
			await sql`alter table sessions rename to sessions_away`.execute(getDb())
			const response = await client.get('/dashboard')
			expect(response.status).toBe(500)
			const html = await response.text()
			expect(html).toContain('Đã xảy ra lỗi')
			// Neither the database's message nor any stack frame reaches the user.
			expect(html).not.toMatch(/no such table|does not exist|SqliteError|\bat \S+ \(|\.(ts|js):\d+|node_modules/i)
			expect(await server.logged((entry) => entry.event === 'request.error')).toBeTruthy()
		} finally {
			await sql`alter table sessions_away rename to sessions`.execute(getDb())
			await server.stop()
		}
	})
})

describe('housekeeping', () => {
	test('expired sessions, API tokens, sign-ins waiting for a code, reset links and kept forms are purged at start-up; live ones stay', async () => {
		const { user } = await createTestUser()
		const now = Date.now()
		const hour = 3_600_000
		const key = (name: string, live: boolean) => `${name}-${live ? 'live' : 'expired'}-${randomBytes(8).toString('hex')}`
		const rows = (live: boolean) => ({
			session: key('session', live),
			token: key('token', live),
			pending: key('pending', live),
			reset: key('reset', live),
			kept: key('kept', live),
		})
		const [expired, live] = [rows(false), rows(true)]
		for (const [names, expiresAt] of [
			[expired, now - 1],
			[live, now + hour],
		] as const) {
			await getDb()
				.insertInto('sessions')
				.values({
					id_hash: names.session,
					user_id: user.id,
					created_at: now,
					last_seen_at: now,
					expires_at: expiresAt,
					ip: null,
					user_agent: null,
					flash: null,
				})
				.execute()
			await getDb()
				.insertInto('api_tokens')
				.values({
					token_hash: names.token,
					user_id: user.id,
					created_at: now,
					expires_at: expiresAt,
					last_used_at: null,
					ip: null,
					user_agent: null,
				})
				.execute()
			await getDb()
				.insertInto('mfa_pending_sign_ins')
				.values({
					id_hash: names.pending,
					user_id: user.id,
					redirect_to: '/',
					created_at: now,
					expires_at: expiresAt,
					oidc_sid: null,
					oidc_id_token: null,
				})
				.execute()
			await getDb()
				.insertInto('password_resets')
				.values({ token_hash: names.reset, user_id: user.id, created_at: now, expires_at: expiresAt, used_at: null })
				.execute()
			await getDb()
				.insertInto('kept_forms')
				.values({ id_hash: names.kept, user_id: user.id, path: '/', fields: '[]', created_at: now, expires_at: expiresAt })
				.execute()
		}
		const present = async () => {
			const [sessions, tokens, pending, resets, kept] = await Promise.all([
				getDb().selectFrom('sessions').select('id_hash as key').where('user_id', '=', user.id).execute(),
				getDb().selectFrom('api_tokens').select('token_hash as key').where('user_id', '=', user.id).execute(),
				getDb().selectFrom('mfa_pending_sign_ins').select('id_hash as key').where('user_id', '=', user.id).execute(),
				getDb().selectFrom('password_resets').select('token_hash as key').where('user_id', '=', user.id).execute(),
				getDb().selectFrom('kept_forms').select('id_hash as key').where('user_id', '=', user.id).execute(),
			])
			return [...sessions, ...tokens, ...pending, ...resets, ...kept].map((row) => row.key).sort()
		}
		expect(await present()).toEqual([...Object.values(expired), ...Object.values(live)].sort())
		const server = await startServer()
		try {
			const logged = () => server.output.some((line) => line.startsWith('{') && JSON.parse(line).event === 'expired_rows.purged')
			await until(logged, 'the purge at start-up has logged what it deleted')
			expect(await present()).toEqual(Object.values(live).sort())
		} finally {
			expect(await server.stop()).toBe(0)
		}
	})

	test('expired sessions are purged', async () => {
		const { user } = await createTestUser()
		const now = Date.now()
		await getDb()
			.insertInto('sessions')
			.values([
				{
					id_hash: 'a'.repeat(64),
					user_id: user.id,
					created_at: now,
					last_seen_at: now,
					expires_at: now - 1,
					ip: null,
					user_agent: null,
					flash: null,
				},
				{
					id_hash: 'b'.repeat(64),
					user_id: user.id,
					created_at: now,
					last_seen_at: now - 3 * 3_600_000,
					expires_at: now + 3_600_000,
					ip: null,
					user_agent: null,
					flash: null,
				},
				{
					id_hash: 'c'.repeat(64),
					user_id: user.id,
					created_at: now,
					last_seen_at: now,
					expires_at: now + 3_600_000,
					ip: null,
					user_agent: null,
					flash: null,
				},
			])
			.execute()
		expect(await purgeExpiredSessions()).toBe(2)
		const left = await getDb().selectFrom('sessions').select('id_hash').where('user_id', '=', user.id).execute()
		expect(left).toEqual([{ id_hash: 'c'.repeat(64) }])
	})
})

describe('command line', () => {
	test('users:create makes a user who can sign in; a taken email is refused', async () => {
		const created = await cli('users:create', '--email', 'Cli.User@Example.com', '--password', 'Cli password 42', '--name', 'Trần Thị B')
		expect(created.code).toBe(0)
		const user = await getUserByEmail(toEmail('cli.user@example.com'))
		expect(user?.display_name).toBe('Trần Thị B')
		// Another spelling of the address (capitals, fullwidth letters and `@`, spaces around) is the same account.
		const again = await cli('users:create', '--email', ' \uff23li.user\uff20EXAMPLE.com ', '--password', 'Cli password 42')
		expect(again.code).toBe(2)
		expect(again.stderr).toContain('cli.user@example.com is already taken')
		const spaced = await cli('users:create', '--email', 'cli user@example.com', '--password', 'Cli password 42')
		expect(spaced.code).toBe(2)
		expect(spaced.stderr).toContain('--email is not a valid email address')
	})

	test('users:create refuses a weak password and a missing email', async () => {
		expect((await cli('users:create', '--email', 'weak@example.com', '--password', 'password1')).stderr).toContain('--password')
		expect((await cli('users:create', '--password', 'Good password 1')).stderr).toContain('--email is required')
	})

	test('users:set-password --must-change and users:lock act on the account', async () => {
		const { email, user } = await createTestUser()
		expect((await cli('users:set-password', '--email', email, '--password', 'Reset by admin 1', '--must-change')).code).toBe(0)
		expect((await getUserByEmail(email))?.must_change_password).toBe(1)
		const told = await getDb().selectFrom('notifications').select(['type', 'title_key', 'params']).where('user_id', '=', user.id).execute()
		expect(told).toEqual([{ type: 'password_reset', title_key: 'notifications.passwordReset.title', params: '{"count":0}' }])
		expect((await cli('users:lock', '--email', email)).code).toBe(0)
		expect((await getUserByEmail(email))?.locked).toBe(1)
		expect((await cli('users:lock', '--email', 'nobody@example.com')).code).toBe(2)
	})

	test('an unknown command prints the usage and fails', async () => {
		const result = await cli('users:explode')
		expect(result.code).toBe(2)
		expect(result.stderr).toContain('Usage: npm run cli')
	})
})
