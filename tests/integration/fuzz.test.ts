import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TestClient } from '../support/client'
import { testDatabaseKind } from '../support/database'
import { loadRouteModules } from '../support/routes'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

/**
 * Every route of the manifest, and the server's own endpoints, as an attacker or a careless client would
 * call them: every method, malformed bodies, content types, cookies, headers, queries and encodings, as
 * anonymous, viewer and admin. Nothing may answer 5xx, leak a stack trace or SQL, or stop the server.
 */
let server: RunningServer
const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	agent.destroy()
	expect(await server?.stop()).toBe(0)
})

interface Case {
	method: string
	path: string
	variant: string
	headers: Record<string, string>
	body?: string | Buffer
}

interface Answer {
	status: number
	body: string
}

function send(target: Case): Promise<Answer> {
	const url = new URL(server.url)
	return new Promise((resolve, reject) => {
		const headers: Record<string, string> = { 'Accept-Encoding': 'identity', ...target.headers }
		if (target.body !== undefined) headers['Content-Length'] = String(Buffer.byteLength(target.body))
		const request = http.request(
			{ host: url.hostname, port: url.port, path: target.path, method: target.method, headers, agent },
			(response) => {
				const parts: Buffer[] = []
				response.on('data', (part: Buffer) => parts.push(part))
				response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(parts).toString('utf8') }))
				response.on('error', (error) => reject(new Error(`${error.message}: ${target.method} ${target.path} [${target.variant}]`)))
			},
		)
		request.on('error', (error) => reject(new Error(`${error.message}: ${target.method} ${target.path} [${target.variant}]`)))
		// A request the server never answers is a failure too, not a hung suite.
		request.setTimeout(15_000, () => request.destroy(new Error(`no answer in 15 s: ${target.method} ${target.path} [${target.variant}]`)))
		request.end(target.body)
	})
}

/** What must never reach a client: stack frames, source paths, SQL and driver messages. */
const LEAKS = [
	/\n\s+at [\w.<>]+ \(/,
	/node_modules\//,
	/\.tsx?:\d+:\d+/,
	/SqliteError|SQLITE_[A-Z]/,
	/syntax error at or near/,
	/relation "[a-z_]+"/,
	/\bselect .+ from "?[a-z_]+"? where/i,
]

const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'TRACE', 'OPTIONS']
const HOSTILE_TEXT = `'"><script>alert(1)</script>%00\u0000${'🙂'.repeat(3)}' OR 1=1 --`

/**
 * Bodies for methods that carry one, each with its content type and the methods it is sent with; `csrf` is
 * the caller's valid token. A page's action takes PUT and DELETE as it takes POST, so the form encodings,
 * sizes and content types go as POST; what the API's method tables dispatch (JSON, a form) goes with each.
 */
const EVERY_BODY_METHOD = ['POST', 'PUT', 'DELETE']
function bodies(csrf: string): { variant: string; type?: string; body: string | Buffer; methods?: string[] }[] {
	const form = (fields: [string, string][]) =>
		fields.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')
	return [
		{
			variant: 'hostile form, valid CSRF',
			type: 'application/x-www-form-urlencoded',
			body: form([
				['csrf', csrf],
				['intent', HOSTILE_TEXT],
				['id', '-1'],
				['code', HOSTILE_TEXT],
				['email', HOSTILE_TEXT],
				['page', '99999999999999999999'],
				['grant', '1:fly'],
				['roles', 'admin'],
			]),
			methods: EVERY_BODY_METHOD,
		},
		{
			variant: 'duplicate and array fields',
			type: 'application/x-www-form-urlencoded',
			body: `csrf=${csrf}&intent=update&intent=delete&roles[]=admin&version=-1&version=abc&lang=xx`,
		},
		{
			variant: 'wrong CSRF',
			type: 'application/x-www-form-urlencoded',
			body: form([
				['csrf', 'x'.repeat(32)],
				['intent', 'delete'],
			]),
		},
		{
			variant: 'invalid UTF-8 and bad escapes',
			type: 'application/x-www-form-urlencoded',
			body: Buffer.concat([Buffer.from(`csrf=${csrf}&email=`), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('&x=%E0%A4%A&%=%%')]),
		},
		{ variant: 'field near the limit', type: 'application/x-www-form-urlencoded', body: `csrf=${csrf}&email=${'a'.repeat(900 * 1024)}` },
		{ variant: 'over the limit', type: 'application/x-www-form-urlencoded', body: `email=${'a'.repeat(1100 * 1024)}` },
		{ variant: 'multipart without boundary', type: 'multipart/form-data', body: 'x' },
		{
			variant: 'truncated multipart',
			type: 'multipart/form-data; boundary=zzz',
			body: `--zzz\r\nContent-Disposition: form-data; name="csrf"\r\n\r\n${csrf}\r\n--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.csv"\r\n\r\ncode,name\r\nA,`,
		},
		{ variant: 'invalid JSON', type: 'application/json', body: '{"email": "a", ', methods: EVERY_BODY_METHOD },
		{ variant: 'deep JSON', type: 'application/json', body: `${'['.repeat(5000)}${']'.repeat(5000)}`, methods: EVERY_BODY_METHOD },
		{
			variant: 'JSON of the wrong shape',
			type: 'application/json',
			body: JSON.stringify({ email: ['a'], password: { $gt: '' }, username: 1e308, firstName: null }),
			methods: EVERY_BODY_METHOD,
		},
		{ variant: 'no content type', body: 'email=a' },
		{ variant: 'unknown content type', type: 'application/x-evil; charset=utf-7', body: '+ADw-script+AD4-' },
	]
}

/**
 * Classes whose own values reach no SQL: refused by the body parsers, the size limit, the CSRF check or the
 * request-address checks, or read by no query (language, range, ETag, request id). The only queries they cause
 * are the session and grant look-ups that the plain requests of the same identity make on both databases, so
 * they find nothing on PostgreSQL that SQLite would not: they run on SQLite only. Everything whose values may
 * be bound into a query (form fields, JSON values, query strings, path segments, cookies, tokens, uploads)
 * runs on both.
 */
const BEFORE_ANY_QUERY = new Set([
	'wrong CSRF',
	'over the limit',
	'multipart without boundary',
	'invalid JSON',
	'deep JSON',
	'no content type',
	'unknown content type',
	'odd request headers',
	'X-Forwarded-Host that differs from the Origin',
	'credentials in the Host header',
])
const sentOnThisDatabase = (variant: string) => testDatabaseKind() === 'sqlite' || !BEFORE_ANY_QUERY.has(variant)

function queryVariants(path: string): { variant: string; path: string }[] {
	return [
		{ variant: 'broken escapes in the query', path: `${path}?q=%E0%A4%A&page=%ZZ&sort=%` },
		{
			variant: 'absurd paging and sorting',
			path: `${path}?page=99999999999999999999&size=-5&sort=${encodeURIComponent('name;DROP TABLE users')}&dir=sideways&state=x&role=y&q=${encodeURIComponent(HOSTILE_TEXT)}`,
		},
		{
			variant: 'repeated parameters',
			path: `${path}?page=1&page=2&q=a&q=b&intent=delete&intent=x&redirectTo=//evil.example&token=${'A'.repeat(43)}`,
		},
		{ variant: 'broken escape in the path', path: `${path}/%E0%A4%A` },
		{ variant: 'NUL and dot segments in the path', path: `${path}/%00/..%2f..%2f/etc/passwd` },
	]
}

/**
 * Where the request says it was sent: answered before any session or route code runs, so each path gets
 * them once, not once per identity. Remix's own check of an action compares the Origin with
 * X-Forwarded-Host, believed or not; a Host with credentials makes no URL a Request may have.
 */
function addressVariants(): { variant: string; methods: string[]; headers: Record<string, string> }[] {
	const own = new URL(server.url)
	return [
		{
			variant: 'X-Forwarded-Host that differs from the Origin',
			methods: ['POST'],
			headers: { Origin: own.origin, 'X-Forwarded-Host': 'evil.example', 'X-Forwarded-Proto': 'https' },
		},
		{ variant: 'credentials in the Host header', methods: ['GET', 'POST'], headers: { Host: `user@${own.host}` } },
	]
}

function headerVariants(): { variant: string; headers: Record<string, string> }[] {
	return [
		{ variant: 'broken cookie encodings', headers: { Cookie: 'lang=%E0%A4%A; layout=%ZZ; sp_csrf=%; sp_session=%%; hub=%' } },
		{ variant: 'oversize garbage cookies', headers: { Cookie: `sp_session=${'A'.repeat(4000)}; layout=${'{'.repeat(2000)}` } },
		{
			variant: 'odd request headers',
			headers: {
				'Accept-Language': `${'x-'.repeat(500)};q=abc`,
				Range: 'bytes=-1-2,zz',
				'If-None-Match': '"'.repeat(100),
				'X-Request-Id': '\u00ff'.repeat(10),
				Accept: '*/*;q=NaN',
			},
		},
		{
			variant: 'hostile authorisation',
			headers: { Authorization: `Bearer ${'='.repeat(43)}`, Origin: 'null', 'Sec-Fetch-Site': 'cross-site' },
		},
	]
}

async function sessionOf(roles: string[] | null): Promise<{ name: string; cookie: string; csrf: string }> {
	const client = new TestClient(server.url)
	if (roles) {
		const account = await createTestUser({ roles })
		const response = await client.signIn(account.email, account.password)
		await response.text()
		expect(response.status).toBe(302)
	} else {
		await (await client.get('/account/login')).text()
	}
	return { name: roles?.join('+') ?? 'anonymous', cookie: client.cookieHeader(), csrf: await client.csrfToken() }
}

describe('fuzzing every route', () => {
	test('no 5xx, no leak, and the server stays up', async () => {
		const routes = await loadRouteModules()
		const paths = [
			...new Set([...routes.map((route) => route.url), '/healthz', '/readyz', '/favicon.svg', '/build/missing.js', '/no/such/page']),
		]
		const perPath = new Map<string, number>()
		const failures: string[] = []
		let sent = 0

		for (const roles of [null, ['viewer'], ['admin']]) {
			for (const path of paths) {
				// A fresh session per route: a fuzzed form may sign the user out or change them.
				const who = await sessionOf(roles)
				const base = { Cookie: who.cookie }
				const cases: Case[] = []
				for (const method of METHODS) cases.push({ method, path, variant: 'plain', headers: base })
				for (const body of bodies(who.csrf)) {
					for (const method of body.methods ?? ['POST']) {
						cases.push({
							method,
							path,
							variant: body.variant,
							headers: { ...base, ...(body.type ? { 'Content-Type': body.type } : {}) },
							body: body.body,
						})
					}
				}
				for (const query of queryVariants(path)) cases.push({ method: 'GET', path: query.path, variant: query.variant, headers: base })
				for (const header of headerVariants()) {
					const headers = {
						...base,
						...header.headers,
						...(header.headers.Cookie ? { Cookie: `${header.headers.Cookie}; ${who.cookie}` } : {}),
					}
					cases.push({ method: 'GET', path, variant: header.variant, headers })
					cases.push({
						method: 'POST',
						path,
						variant: header.variant,
						headers: { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
						body: `csrf=${who.csrf}`,
					})
				}
				if (roles === null) {
					for (const address of addressVariants()) {
						for (const method of address.methods) {
							const body = method === 'POST' ? { body: `csrf=${who.csrf}` } : {}
							cases.push({
								method,
								path,
								variant: address.variant,
								headers: { ...base, ...address.headers, ...(body.body ? { 'Content-Type': 'application/x-www-form-urlencoded' } : {}) },
								...body,
							})
						}
					}
				}
				const sending = cases.filter((one) => sentOnThisDatabase(one.variant))
				perPath.set(path, (perPath.get(path) ?? 0) + sending.length)
				for (let start = 0; start < sending.length; start += 8) {
					const batch = sending.slice(start, start + 8)
					const answers = await Promise.all(batch.map((one) => send(one)))
					sent += batch.length
					answers.forEach((answer, index) => {
						const one = batch[index]!
						const leak = LEAKS.find((pattern) => pattern.test(answer.body))
						if (answer.status >= 500 || leak) {
							failures.push(
								`${who.name} ${one.method} ${one.path.slice(0, 120)} [${one.variant}] → ${answer.status}${leak ? ` leaks ${leak}` : ''}: ${answer.body.slice(0, 160).replace(/\s+/g, ' ')}`,
							)
						}
					})
				}
			}
		}

		console.info(`fuzz: ${sent} requests over ${paths.length} paths (${process.env.TEST_DATABASE ?? 'sqlite'})`)
		for (const route of routes) expect(perPath.get(route.url) ?? 0, `no cases for ${route.file}`).toBeGreaterThan(0)
		expect(failures).toEqual([])
		const health = await send({ method: 'GET', path: '/healthz', variant: 'after', headers: {} })
		expect(health.status).toBe(200)
		expect(server.process.exitCode).toBeNull()
		const errors = server.output.filter((line) => line.includes('"level":"error"'))
		expect(errors).toEqual([])
		// Nor a stack trace printed outside the log (Express's default error handler writes one to stderr).
		expect(server.output.filter((line) => /^\s+at /.test(line))).toEqual([])
	}, 600_000)
})
