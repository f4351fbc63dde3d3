import { spawnSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { runCli } from '../support/cli'
import { createTestUser } from '../support/users'
import { location, TestClient } from '../support/client'
import { testDatabaseKind } from '../support/database'
import { parseHtml } from '../support/html'
import { mailsTo, resetUrlIn, type ReadMail } from '../support/mail'
import { until } from '../support/wait'
import { freePort, startNginx, type RunningProxy } from '../support/nginx'
import { startServer, type RunningServer } from '../support/server'
import { stationFields } from '../support/catalogs'
import { ACCOUNT_FAILURES } from '~/auth/throttle.server'
import { de, vn } from '~/i18n/messages'

/** The portal's settings behind the proxy of deploy/nginx (docs/deploy.md). */
function behindProxy(publicUrl: string) {
	return { TRUST_PROXY: 'loopback', COOKIE_SECURE: 'true', PUBLIC_URL: publicUrl }
}

async function proxyPorts() {
	return { http: await freePort(), https: await freePort() }
}

/** A client of one instance with another client's cookies (the same browser, routed elsewhere). */
function sameBrowserOn(client: TestClient, server: RunningServer) {
	const twin = new TestClient(server.url)
	for (const [name, value] of client.cookies) twin.cookies.set(name, value)
	return twin
}

async function pageLanguage(response: Response) {
	expect(response.status).toBe(200)
	return parseHtml(await response.text())
		.querySelector('html')
		?.getAttribute('lang')
}

describe('behind nginx with TLS', () => {
	test('the config in deploy/nginx: HTTP redirects to HTTPS; over HTTPS one signs in, changes a setting and signs out, with __Host- Secure cookies and the client address nginx saw', async () => {
		const ports = await proxyPorts()
		const publicUrl = `https://127.0.0.1:${ports.https}`
		const server = await startServer(behindProxy(publicUrl))
		let proxy: RunningProxy | null = null
		try {
			proxy = await startNginx([server.url], ports)
			const plain = await fetch(new URL('/account/login?x=1', proxy.httpUrl), { redirect: 'manual' })
			expect(plain.status).toBe(308)
			expect(plain.headers.get('location')).toBe(`${publicUrl}/account/login?x=1`)

			const user = await createTestUser({ roles: ['viewer'] })
			// A forged X-Forwarded-For or X-Forwarded-Host is replaced by nginx: the portal logs the address nginx
			// saw, and takes the form posts of its own origin for what they are.
			const browser = new TestClient(
				proxy.httpsUrl,
				{ 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-Host': 'evil.example', Origin: publicUrl },
				proxy.fetchOptions,
			)
			const signInPage = await browser.get('/account/login')
			expect(signInPage.status).toBe(200)
			expect(signInPage.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
			const csrfCookie = signInPage.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-sp_csrf='))
			expect(csrfCookie).toMatch(/; Secure/i)
			await signInPage.arrayBuffer()

			const signedIn = await browser.signIn(user.email, user.password)
			expect(signedIn.status).toBe(302)
			expect(location(signedIn)).toBe('/')
			const sessionCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-sp_session='))
			expect(sessionCookie).toMatch(/; Secure/i)
			expect(sessionCookie).toMatch(/; HttpOnly/i)
			expect(sessionCookie).toMatch(/; Path=\//i)
			expect(sessionCookie).not.toMatch(/; Domain=/i)
			const deviceCookie = signedIn.headers.getSetCookie().find((cookie) => cookie.startsWith('__Host-sp_device='))
			expect(deviceCookie).toMatch(/; Secure/i)
			expect(deviceCookie).toMatch(/; HttpOnly/i)
			expect(deviceCookie).not.toMatch(/; Domain=/i)
			const entry = await server.logged((line) => line.event === 'http.request' && line.method === 'POST' && line.path === '/account/login')
			expect(entry.clientIp).toBe('127.0.0.1')
			// No log line carries a cookie or a header.
			const sessionValue = sessionCookie!.split(';')[0]!.split('=')[1]!
			expect(server.output.filter((line) => line.includes(sessionValue) || line.includes('"headers"'))).toEqual([])

			expect(await pageLanguage(await browser.get('/dashboard'))).toBe('vi')
			const changed = await browser.post('/settings/language', { lang: 'en', redirectTo: '/dashboard' })
			expect(changed.status).toBe(302)
			expect(location(changed)).toBe('/dashboard')
			expect(await pageLanguage(await browser.get('/dashboard'))).toBe('en')

			const signedOut = await browser.post('/account/logout', {})
			expect(signedOut.status).toBe(302)
			await signedOut.arrayBuffer()
			const after = await browser.get('/dashboard')
			expect(after.status).toBe(302)
			expect(location(after)).toMatch(/^\/account\/login/)
			expect(proxy.errorLog()).not.toMatch(/\[(error|crit|alert|emerg)\]/)
		} finally {
			expect(await proxy?.stop()).toBe(0)
			expect(await server.stop()).toBe(0)
		}
	})

	if (testDatabaseKind() === 'postgres') {
		test('PostgreSQL as docs/deploy.md sets it up: the role deploy/postgresql/role-and-database.sql makes, no superuser, migrates, serves and backs up its own database', async () => {
			const adminUrl = process.env.TEST_POSTGRES_URL!
			const name = `portal_deploy_${randomBytes(4).toString('hex')}`
			const password = randomBytes(24).toString('hex')
			const psql = spawnSync(
				'psql',
				[
					adminUrl,
					'-v',
					'ON_ERROR_STOP=1',
					'-v',
					`role=${name}`,
					'-v',
					`database=${name}`,
					'-v',
					`password=${password}`,
					'-f',
					'deploy/postgresql/role-and-database.sql',
				],
				{ encoding: 'utf8' },
			)
			expect(psql.status, psql.stderr).toBe(0)
			const url = new URL(adminUrl)
			Object.assign(url, { username: name, password, pathname: `/${name}` })
			const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-deploy-pg-'))
			const admin = new pg.Client({ connectionString: adminUrl })
			await admin.connect()
			const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR }
			try {
				const role = await admin.query<{ rolsuper: boolean; rolcreatedb: boolean; rolcreaterole: boolean }>(
					'select rolsuper, rolcreatedb, rolcreaterole from pg_roles where rolname = $1',
					[name],
				)
				expect(role.rows).toEqual([{ rolsuper: false, rolcreatedb: false, rolcreaterole: false }])

				const server = await startServer({ DATABASE_URL: url.toString(), DATA_DIR: dataDir })
				try {
					const ready = await fetch(`${server.url}/readyz`)
					expect(ready.status).toBe(200)
					expect(await ready.json()).toEqual({ status: 'ready', database: 'postgres' })
				} finally {
					expect(await server.stop()).toBe(0)
				}
				const tables = new pg.Client({ connectionString: url.toString() })
				await tables.connect()
				const owned = await tables.query<{ tableowner: string; n: string }>(
					`select tableowner, count(*) as n from pg_tables where schemaname = 'public' group by tableowner`,
				)
				await tables.end()
				expect(owned.rows.map((row) => row.tableowner)).toEqual([name])
				expect(Number(owned.rows[0]!.n)).toBeGreaterThan(10)

				Object.assign(process.env, { DATABASE_URL: url.toString(), DATA_DIR: dataDir })
				const backup = await runCli('db:backup', '--to', path.join(dataDir, 'portal.dump'))
				expect(backup.code, backup.stderr).toBe(0)
				expect(fs.statSync(path.join(dataDir, 'portal.dump')).size).toBeGreaterThan(0)
			} finally {
				Object.assign(process.env, saved)
				await admin.query(`drop database if exists ${name} with (force)`)
				await admin.query(`drop role if exists ${name}`)
				await admin.end()
				fs.rmSync(dataDir, { recursive: true, force: true })
			}
		})

		test('two instances on one PostgreSQL agree: a session, a role change, throttling, sign-out and the dashboard figures made on one hold on the other at its next request', async () => {
			const ports = await proxyPorts()
			const env = behindProxy(`https://127.0.0.1:${ports.https}`)
			const [first, second] = await Promise.all([startServer(env), startServer(env)])
			let proxy: RunningProxy | null = null
			try {
				proxy = await startNginx([first.url, second.url], ports)
				const admin = await createTestUser({ roles: ['admin'] })
				const user = await createTestUser({ roles: ['viewer'] })

				// Through nginx, requests take turns between the instances; the session holds on both.
				const browser = new TestClient(proxy.httpsUrl, {}, proxy.fetchOptions)
				expect(location(await browser.signIn(user.email, user.password))).toBe('/')
				for (let i = 0; i < 4; i++) expect((await browser.get('/dashboard')).status).toBe(200)
				const onFirst = sameBrowserOn(browser, first)
				const onSecond = sameBrowserOn(browser, second)

				// A role change made on the first instance shows on the second at its next request: its
				// permission checks and its menu (kept per access version) both.
				const menuLinks = async (client: TestClient) => {
					const page = parseHtml(await (await client.get('/dashboard')).text())
					return page.querySelectorAll('nav a[href]').map((link) => link.getAttribute('href'))
				}
				expect((await onSecond.get('/admin/users')).status).toBe(403)
				expect(await menuLinks(onSecond)).not.toContain('/admin/users')
				const administrator = new TestClient(first.url)
				expect(location(await administrator.signIn(admin.email, admin.password))).toBe('/')
				const promoted = await administrator.post(`/admin/users/${user.user.id}`, {
					intent: 'update',
					displayName: 'Quản trị',
					firstName: '',
					lastName: '',
					roles: 'admin',
				})
				expect(promoted.status).toBe(302)
				expect((await onSecond.get('/admin/users')).status).toBe(200)
				expect(await menuLinks(onSecond)).toContain('/admin/users')

				// Dashboard figures: a station made on one instance is counted on the other's next dashboard.
				const stationsShown = async (client: TestClient) => {
					const page = parseHtml(await (await client.get('/dashboard')).text())
					const figure =
						page.querySelector('a[href="/danhmuc/tram"] .fw-semibold') ?? page.querySelector('a[href^="/danhmuc/tram"] .fw-semibold')
					expect(figure, 'no station figure on the dashboard').not.toBeNull()
					return Number(figure!.text.replace(/\D/g, ''))
				}
				const before = await stationsShown(onSecond)
				const created = await onFirst.post('/danhmuc/tram/new', stationFields())
				expect(created.status).toBe(302)
				expect(await stationsShown(onSecond)).toBe(before + 1)

				// Throttling counts failures on every instance.
				const target = await createTestUser({ roles: ['viewer'] })
				for (let i = 0; i < ACCOUNT_FAILURES; i++) {
					const failed = await new TestClient(i % 2 === 0 ? first.url : second.url).signIn(target.email, 'wrong password')
					await failed.arrayBuffer()
					expect(failed.status).toBe(400)
				}
				let throttled = false
				for (let i = 0; i < 6 && !throttled; i++) {
					const attempt = await new TestClient(i % 2 === 0 ? second.url : first.url).signIn(target.email, 'wrong password')
					await attempt.arrayBuffer()
					throttled = attempt.status === 429
				}
				expect(throttled).toBe(true)

				// Signing out on one instance ends the session on the other.
				const signedOut = await onFirst.post('/account/logout', {})
				expect(signedOut.status).toBe(302)
				const after = await onSecond.get('/dashboard')
				expect(after.status).toBe(302)
				expect(location(after)).toMatch(/^\/account\/login/)
			} finally {
				expect(await proxy?.stop()).toBe(0)
				expect(await first.stop()).toBe(0)
				expect(await second.stop()).toBe(0)
			}
		})
	}
})

describe('forwarded headers count only through TRUST_PROXY', () => {
	let direct: RunningServer
	let proxied: RunningServer

	beforeAll(async () => {
		// Neither has PUBLIC_URL: reset links then go only to a client on this machine, at the address it used.
		;[direct, proxied] = await Promise.all([startServer(), startServer({ TRUST_PROXY: 'loopback' })])
	})

	afterAll(async () => {
		expect(await direct?.stop()).toBe(0)
		expect(await proxied?.stop()).toBe(0)
	})

	/** Asks for a reset link for a new account through `server` with `headers`; its mail, once written, or null when the server says it sends none. */
	async function resetMail(server: RunningServer, headers: Record<string, string>): Promise<ReadMail | null> {
		const { email } = await createTestUser()
		const response = await new TestClient(server.url, headers).post('/account/forgot-password', { email })
		expect(response.status).toBe(200)
		await response.text()
		let mail: ReadMail | undefined
		let none = false
		await until(
			async () => {
				;[mail] = await mailsTo(email)
				none = server.output.some(
					(line) => line.includes('"password_reset.no_public_url"') && line.includes(String(response.headers.get('x-request-id'))),
				)
				return mail !== undefined || none
			},
			'a mail or password_reset.no_public_url',
			{ timeoutMs: 10_000, intervalMs: 50 },
		)
		return mail ?? null
	}

	const FORGED = { 'X-Forwarded-Host': 'evil.example:4444', 'X-Forwarded-Proto': 'https' }

	test('without TRUST_PROXY: the reset link is at the Host the client used, never a forwarded one; a forwarded client is not local', async () => {
		const mail = await resetMail(direct, FORGED)
		expect(mail && resetUrlIn(mail).origin).toBe(new URL(direct.url).origin)
		// Through a proxy the portal does not trust (a same-machine nginx without TRUST_PROXY), nobody is local.
		expect(await resetMail(direct, { 'X-Forwarded-For': '203.0.113.7' })).toBeNull()
		expect(await resetMail(direct, { 'X-Forwarded-For': '127.0.0.1' })).toBeNull()
	})

	test('with TRUST_PROXY: the proxy names the client and the address; a client it forwards from elsewhere is not local', async () => {
		// A client beyond the proxy on this machine: no link without PUBLIC_URL, whatever Host it names.
		expect(await resetMail(proxied, { 'X-Forwarded-For': '203.0.113.7' })).toBeNull()
		expect(await resetMail(proxied, { 'X-Forwarded-For': '203.0.113.7', 'X-Forwarded-Host': 'localhost' })).toBeNull()
		// A client on this machine, through the proxy: the link is at the address the proxy says it used.
		const local = await resetMail(proxied, {
			'X-Forwarded-For': '127.0.0.1',
			'X-Forwarded-Host': 'localhost:5555',
			'X-Forwarded-Proto': 'https',
		})
		expect(local && resetUrlIn(local).origin).toBe('https://localhost:5555')
		const entry = await proxied.logged(
			(line) => line.event === 'http.request' && line.path === '/account/forgot-password' && line.clientIp === '203.0.113.7',
		)
		expect(entry.status).toBe(200)
	})

	test('with TRUST_PROXY: a form post whose X-Forwarded-Host differs from its Origin is a translated 403, JSON on the API, with a warning and no stack trace', async () => {
		const headers = { Origin: new URL(proxied.url).origin, 'X-Forwarded-Host': 'evil.example', Cookie: 'lang=de' }
		const page = await new TestClient(proxied.url).post(
			'/account/login',
			{ email: 'nobody@example.com', password: 'wrong password 1' },
			{ headers },
		)
		expect(page.status).toBe(403)
		expect(page.headers.get('Cache-Control')).toBe('no-store')
		expect(parseHtml(await page.text()).querySelector('h1')?.text).toBe(de.errors.request.crossSite)
		const api = await fetch(new URL('/api/users/authenticate', proxied.url), {
			method: 'POST',
			headers: { Origin: headers.Origin, 'X-Forwarded-Host': 'evil.example', 'Content-Type': 'application/json' },
			body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' }),
		})
		expect(api.status).toBe(403)
		expect(await api.json()).toEqual({ message: vn.errors.request.crossSite })
		expect(
			await proxied.logged((line) => line.event === 'http.cross_site_refused' && line.path === '/api/users/authenticate'),
		).toMatchObject({ level: 'warn' })
		// The same post naming this very host is answered as usual.
		const own = await new TestClient(proxied.url).post(
			'/account/login',
			{ email: 'nobody@example.com', password: 'wrong password 1' },
			{ headers: { Origin: headers.Origin, 'X-Forwarded-Host': new URL(proxied.url).host } },
		)
		expect(own.status).toBe(400)
		await own.text()
		const errors = proxied.output.filter(
			(line) => /^\s+at /.test(line) || (line.includes('"level":"error"') && !line.includes('"password_reset.no_public_url"')),
		)
		expect(errors).toEqual([])
	})
})
