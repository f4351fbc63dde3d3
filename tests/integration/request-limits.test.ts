import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { de, en, vn } from '~/i18n/messages'
import { getDb } from '~/db/db.server'
import { TestClient } from '../support/client'
import { createBulkFunctions } from '../support/functions'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

const MB = 1024 * 1024

/** A request fetch will not make: a chunked body without Content-Length, or any method. */
function rawRequest(
	path: string,
	{ method = 'POST', headers = {} as Record<string, string>, chunks = [] as (string | Buffer)[] } = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
	return new Promise((resolve, reject) => {
		const url = new URL(path, server.url)
		const request = http.request({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (response) => {
			const parts: Buffer[] = []
			response.on('data', (part: Buffer) => parts.push(part))
			response.on('end', () =>
				resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(parts).toString('utf8') }),
			)
			response.on('error', reject)
		})
		// The server may answer and close before the whole body is sent: that is the point.
		request.on('error', (error: NodeJS.ErrnoException) =>
			error.code === 'EPIPE' || error.code === 'ECONNRESET' ? undefined : reject(error),
		)
		for (const chunk of chunks) request.write(chunk)
		request.end()
	})
}

function heading(html: string) {
	return parseHtml(html).querySelector('h1')?.text ?? null
}

async function stillHealthy() {
	const health = await fetch(new URL('/healthz', server.url))
	expect(health.status).toBe(200)
	expect(await health.json()).toEqual({ status: 'ok' })
}

describe('size limits, enforced while reading', () => {
	test('a 30 MB sign-in field gets a translated 413 page that does not echo it', async () => {
		const huge = `${'a'.repeat(30 * MB)}@example.com`
		const response = await fetch(new URL('/account/login', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ email: huge, password: 'whatever 123' }),
		})
		expect(response.status).toBe(413)
		const html = await response.text()
		expect(html.length).toBeLessThan(4096)
		expect(heading(html)).toBe(vn.errors.request.tooLarge)
		expect(html).not.toContain('aaaaaaaaaa')
		await stillHealthy()
	})

	test('a chunked body without Content-Length is cut off at 1 MB', async () => {
		const chunk = Buffer.alloc(256 * 1024, 'a')
		const response = await rawRequest('/account/login', {
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', 'Transfer-Encoding': 'chunked', Cookie: 'lang=en' },
			chunks: ['email=', chunk, chunk, chunk, chunk, chunk],
		})
		expect(response.status).toBe(413)
		expect(heading(response.body)).toBe(en.errors.request.tooLarge)
		await stillHealthy()
	})

	test('the JSON API answers 413 in JSON', async () => {
		const response = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', Cookie: 'lang=de' },
			body: JSON.stringify({ email: 'x'.repeat(2 * MB), password: 'x' }),
		})
		expect(response.status).toBe(413)
		expect(response.headers.get('Content-Type')).toMatch(/^application\/json/)
		expect(await response.json()).toEqual({ message: de.errors.request.tooLarge })
	})

	test('an upload may be larger than a form, up to MAX_UPLOAD_MB, and no more', async () => {
		const { email, password } = await createTestUser({ roles: ['admin'] })
		const client = new TestClient(server.url)
		await (await client.signIn(email, password)).text()
		const declaredTooLarge = await rawRequest('/danhmuc/tram/import', {
			// It announces 21 MB and sends nothing: this connection is of no use afterwards.
			headers: {
				'Content-Type': 'multipart/form-data; boundary=x',
				'Content-Length': String(21 * MB),
				Cookie: client.cookieHeader(),
				Connection: 'close',
			},
		})
		expect(declaredTooLarge.status).toBe(413)

		const form = new FormData()
		form.set('csrf', await client.csrfToken())
		form.set('file', new Blob(['code,name\n'.padEnd(2 * MB, 'x')], { type: 'text/csv' }), 'stations.csv')
		// The same form without JavaScript, and with it (Remix posts it to `….data`).
		for (const path of ['/danhmuc/tram/import', '/danhmuc/tram/import.data']) {
			const twoMegabytes = await client.request(path, { method: 'POST', body: form })
			await twoMegabytes.text()
			expect(twoMegabytes.status, path).not.toBe(413)
			expect(twoMegabytes.status, path).toBeLessThan(500)
		}
	})

	test('the permission matrix of a group of 2,000 functions with every action still saves', async () => {
		const ids = await createBulkFunctions({ groups: 1, perGroup: 2000 })
		const { email, password } = await createTestUser({ roles: ['admin'] })
		const client = new TestClient(server.url)
		await (await client.signIn(email, password)).text()
		const now = Date.now()
		const role = await getDb()
			.insertInto('roles')
			.values({ code: `matrix_${now}`, name: 'Matrix', description: '', is_builtin: 0, all_access: 0, created_at: now, updated_at: now })
			.returning('id')
			.executeTakeFirstOrThrow()
		const body = new URLSearchParams({ intent: 'grants', group: String(ids[0]), csrf: await client.csrfToken() })
		for (const id of ids)
			for (const action of ['view', 'create', 'update', 'delete', 'export', 'import']) body.append('grant', `${id}:${action}`)
		expect(body.toString().length).toBeGreaterThan(200 * 1024)
		const response = await client.request(`/admin/roles/${role.id}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body,
		})
		await response.text()
		expect(response.status).toBe(302)
		const saved = await getDb()
			.selectFrom('role_grants')
			.select(({ fn }) => fn.countAll<number>().as('count'))
			.where('role_id', '=', role.id)
			.executeTakeFirstOrThrow()
		expect(Number(saved.count)).toBe(12_000)
	})
})

describe('only known fields are echoed back, each cut to its maximum length', () => {
	test('an over-long email and an unknown field', async () => {
		const long = `${'b'.repeat(50_000)}@example.com`
		const response = await new TestClient(server.url).post('/account/login', { email: long, password: 'x', planted: 'planted-value-xyz' })
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).not.toContain('planted-value-xyz')
		const echoed = parseHtml(html).querySelector('input[name="email"]')?.getAttribute('value') ?? ''
		expect(echoed.length).toBeGreaterThan(0)
		expect(echoed.length).toBeLessThanOrEqual(254)
		expect(html.length).toBeLessThan(60_000)
	})
})

describe('malformed requests get a 4xx, never a 500', () => {
	test('a POST without Content-Type or with an unknown one: 415, translated', async () => {
		const none = await fetch(new URL('/account/login', server.url), { method: 'POST', body: new Uint8Array([1, 2, 3]) })
		expect(none.status).toBe(415)
		expect(heading(await none.text())).toBe(vn.errors.request.unsupportedType)
		const empty = await fetch(new URL('/account/logout', server.url), { method: 'POST' })
		expect(empty.status).toBe(415)
		await empty.text()
		const xml = await fetch(new URL('/account/login', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/xml', Cookie: 'lang=en' },
			body: '<a/>',
		})
		expect(xml.status).toBe(415)
		expect(heading(await xml.text())).toBe(en.errors.request.unsupportedType)
		const json = await fetch(new URL('/account/login', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{"email":"a"}',
		})
		expect(json.status).toBe(415)
		await json.text()
		const api = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'text/plain' },
			body: 'x',
		})
		expect(api.status).toBe(415)
		expect(await api.json()).toEqual({ message: vn.errors.request.unsupportedType })
	})

	test('malformed bodies: 400', async () => {
		const noBoundary = await fetch(new URL('/account/login', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data' },
			body: 'x',
		})
		expect(noBoundary.status).toBe(400)
		expect(heading(await noBoundary.text())).toBe(vn.errors.request.malformed)
		const broken = await fetch(new URL('/account/login', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'multipart/form-data; boundary=abc' },
			body: '--abc\r\nContent-Disposition: form-data; name="email"\r\n\r\nunterminated',
		})
		expect(broken.status).toBe(400)
		await broken.text()
		const json = await fetch(new URL('/api/users/authenticate', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{"email":',
		})
		expect(json.status).toBe(400)
		expect(((await json.json()) as { message: string }).message).toBe(vn.errors.request.malformed)
	})

	test.each(['TRACE', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'])('%s on a page: 405 with Allow', async (method) => {
		const response = await rawRequest('/account/login', { method })
		expect(response.status).toBe(405)
		expect(response.headers.allow).toBe('GET, HEAD, POST')
		expect(response.body).not.toMatch(/\bat \w|node_modules|\.ts:\d/)
	})

	test('TRACE on the API: 405 in JSON, and the log names the method and path', async () => {
		const response = await rawRequest('/api/version', { method: 'TRACE' })
		expect(response.status).toBe(405)
		expect(JSON.parse(response.body)).toEqual({ message: vn.errors.request.methodNotAllowed })
		const refused = await server.logged(
			(entry) => entry.event === 'http.request_refused' && entry.method === 'TRACE' && entry.path === '/api/version',
		)
		expect(refused).toMatchObject({ status: 405 })
		expect(server.output.join('\n')).not.toContain('[object Object]')
	})

	test.each([
		['lang', 'lang=%E0%A4%A'],
		['layout', 'sp_layout=%E0%A4%A'],
		['CSRF', 'sp_csrf=%E0%A4%A'],
		['session', 'sp_session=%E0%A4%A'],
		['all of them at once', 'lang=%; sp_layout=%ZZ; sp_csrf=%; sp_session=%%'],
	])('a %s cookie with broken percent-encoding is ignored: the page answers 200', async (_name, cookie) => {
		const response = await fetch(new URL('/account/login', server.url), { headers: { Cookie: cookie } })
		expect(response.status).toBe(200)
		expect(parseHtml(await response.text()).querySelector('input[name="email"]')).not.toBeNull()
	})

	test('a Host header that makes no URL: 400', async () => {
		const response = await rawRequest('/account/login', { method: 'GET', headers: { Host: 'bad host:99999' } })
		expect(response.status).toBeGreaterThanOrEqual(400)
		expect(response.status).toBeLessThan(500)
	})

	describe('a Host header carrying credentials', () => {
		test.each([
			['a page', 'GET', '/account/login', 'user@'],
			['a page, with a password', 'GET', '/account/login', 'user:secret@'],
			['a form post', 'POST', '/account/login', 'user@'],
			['the API', 'GET', '/api/version', 'user:secret@'],
			['a JSON post to the API', 'POST', '/api/users/authenticate', 'user@'],
		])('on %s: a translated 400, a warning in the log, no stack trace', async (_name, method, path, credentials) => {
			const api = path.startsWith('/api/')
			const chunks = method === 'POST' ? [api ? '{"email":"a@example.com","password":"x"}' : 'email=a%40example.com&password=x'] : []
			const headers: Record<string, string> = {
				Host: `${credentials}${new URL(server.url).host}`,
				...(method === 'POST' ? { 'Content-Type': api ? 'application/json' : 'application/x-www-form-urlencoded' } : {}),
			}
			const response = await rawRequest(path, { method, headers, chunks })
			expect(response.status).toBe(400)
			expect(response.headers['cache-control']).toBe('no-store')
			if (api) expect(JSON.parse(response.body)).toEqual({ message: vn.errors.request.malformed })
			else expect(heading(response.body)).toBe(vn.errors.request.malformed)
			const warned = await server.logged(
				(entry) => entry.event === 'http.request_refused' && entry.method === method && entry.path === path && entry.reason === 'malformed',
			)
			expect(warned).toMatchObject({ level: 'warn', status: 400 })
			expect(server.output.filter((line) => /^\s+at /.test(line) || line.includes('"level":"error"'))).toEqual([])
		})
	})

	describe('an X-Forwarded-Host that differs from the Origin, without TRUST_PROXY', () => {
		test('is not believed: a form post from this site is answered as without it', async () => {
			const client = new TestClient(server.url)
			const forged = { Origin: new URL(server.url).origin, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }
			const page = await client.post('/account/login', { email: 'nobody@example.com', password: 'wrong password 1' }, { headers: forged })
			expect(page.status).toBe(400)
			expect(
				parseHtml(await page.text())
					.querySelector('input[name="email"]')
					?.getAttribute('value'),
			).toBe('nobody@example.com')
			const api = await fetch(new URL('/api/users/authenticate', server.url), {
				method: 'POST',
				headers: { ...forged, 'Content-Type': 'application/json' },
				body: JSON.stringify({ email: 'nobody@example.com', password: 'wrong password 1' }),
			})
			expect(api.status).toBe(400)
			expect(await api.json()).toEqual({ message: vn.api.incorrectCredentials })
			expect(server.output.filter((line) => /^\s+at /.test(line) || line.includes('"level":"error"'))).toEqual([])
		})

		test('and cannot vouch for another Origin: a translated, uncached 403 and a warning', async () => {
			const forged = { Origin: 'https://evil.example', 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' }
			const page = await new TestClient(server.url).post(
				'/account/login',
				{ email: 'nobody@example.com', password: 'wrong password 1' },
				{ headers: { ...forged, Cookie: 'lang=de' } },
			)
			expect(page.status).toBe(403)
			expect(page.headers.get('Cache-Control')).toBe('no-store')
			expect(heading(await page.text())).toBe(de.errors.request.crossSite)
			const api = await fetch(new URL('/api/users/authenticate', server.url), {
				method: 'POST',
				headers: { ...forged, 'Content-Type': 'application/json' },
				body: '{}',
			})
			expect(api.status).toBe(403)
			expect(api.headers.get('Cache-Control')).toBe('no-store')
			expect(await api.json()).toEqual({ message: vn.errors.request.crossSite })
			const warned = await server.logged((entry) => entry.event === 'http.cross_site_refused' && entry.path === '/api/users/authenticate')
			expect(warned).toMatchObject({ level: 'warn', origin: 'https://evil.example' })
		})
	})
})

describe('JSON answers are not cached', () => {
	test.each(['/api/version', '/healthz', '/readyz'])('%s', async (path) => {
		const response = await fetch(new URL(path, server.url))
		expect(response.status).toBe(200)
		await response.json()
		expect(response.headers.get('Cache-Control')).toBe('no-store')
	})

	test('the menu API and the user API', async () => {
		const { email, password } = await createTestUser({ roles: ['admin'] })
		const client = new TestClient(server.url)
		await (await client.signIn(email, password)).text()
		for (const path of ['/api/QuanTri/FunctionGetByUser', '/api/users']) {
			const response = await client.get(path)
			expect(response.status).toBe(200)
			await response.json()
			expect(response.headers.get('Cache-Control')).toBe('no-store')
		}
	})
})

describe('the request log', () => {
	test('carries the client address', async () => {
		await (await fetch(new URL('/account/login?log-probe=1', server.url))).text()
		const line = await server.logged((entry) => entry.event === 'http.request' && entry.path === '/account/login')
		expect(line).toMatchObject({ clientIp: expect.stringMatching(/127\.0\.0\.1$/) })
	})
})
