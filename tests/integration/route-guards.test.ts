import http from 'node:http'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { vn } from '~/i18n/messages'
import { TestClient, location } from '../support/client'
import { loadRouteModules, type RouteModuleInfo } from '../support/routes'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

const routes = await loadRouteModules()
const byAccess = (kind: 'public' | 'authenticated' | 'function') => routes.filter((route) => route.handle && kind in route.handle.access)
const isApi = (route: RouteModuleInfo) => route.url.startsWith('/api/')

let server: RunningServer

beforeAll(async () => {
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

describe('the route manifest', () => {
	test('finds the routes', () => {
		expect(routes.length).toBeGreaterThan(10)
	})

	test.each(routes.map((route) => [route.file, route] as const))('%s declares its access', (_file, route) => {
		expect(route.handle?.access, `${route.file} must export handle = routeHandle({ function | authenticated | public })`).toBeDefined()
	})

	test.each(byAccess('function').map((route) => [route.file, route] as const))(
		'%s checks its declared function in every loader and action',
		(_file, route) => {
			const code = route.functionArgument.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
			const checks = route.source.match(new RegExp(`require(?:Api|Download)?Permission\\(\\s*request,\\s*${code}`, 'g')) ?? []
			expect(checks.length).toBeGreaterThanOrEqual(Number(route.hasLoader) + Number(route.hasAction))
		},
	)
})

describe('a signed-in user with no grants', () => {
	let client: TestClient

	beforeAll(async () => {
		const account = await createTestUser({ roles: [] })
		client = new TestClient(server.url)
		expect((await client.signIn(account.email, account.password)).status).toBe(302)
	})

	test.each(
		byAccess('function')
			.filter((route) => route.hasLoader)
			.map((route) => [route.url, route] as const),
	)('GET %s answers 403', async (_url, route) => {
		const response = await client.get(route.url)
		expect(response.status).toBe(403)
		const body = await response.text()
		if (isApi(route)) expect(JSON.parse(body)).toEqual({ message: vn.api.forbidden })
		else expect(body).toContain('Không có quyền truy cập')
	})

	test.each(
		byAccess('function')
			.filter((route) => route.hasAction)
			.map((route) => [route.url, route] as const),
	)('writing to %s answers 403', async (_url, route) => {
		const method = route.apiMethods?.find((one) => one !== 'GET' && one !== 'HEAD') ?? 'POST'
		const response = method === 'POST' ? await client.post(route.url, { intent: 'create' }) : await client.request(route.url, { method })
		expect(response.status).toBe(403)
	})

	test('is told there is nothing to open at /', async () => {
		const response = await client.get('/')
		expect(response.status).toBe(200)
		expect(await response.text()).toContain('Chưa có chức năng nào')
	})
})

describe('an anonymous visitor', () => {
	test.each(
		byAccess('authenticated')
			.filter((route) => route.hasLoader)
			.map((route) => [route.url, route] as const),
	)('is kept out of %s', async (_url, route) => {
		const response = await new TestClient(server.url).get(route.url)
		if (isApi(route)) {
			expect(response.status).toBe(401)
			expect(await response.json()).toEqual({ message: vn.api.unauthorised })
		} else {
			expect(response.status).toBe(302)
			expect(location(response)).toMatch(/^\/account\/login/)
		}
	})

	test.each(
		byAccess('function')
			.filter((route) => route.hasLoader)
			.map((route) => [route.url, route] as const),
	)('is kept out of %s', async (_url, route) => {
		const response = await new TestClient(server.url).get(route.url)
		expect(isApi(route) ? response.status : location(response)).toEqual(isApi(route) ? 401 : expect.stringMatching(/^\/account\/login/))
	})

	/**
	 * What each public route answers a visitor without a session, written out: a new public route, or one
	 * answering otherwise, is a decision this table records.
	 */
	const PUBLIC_ANSWERS: Record<string, { status: number; type?: RegExp; location?: string }> = {
		'/account/forgot-password': { status: 200, type: /^text\/html/ },
		'/account/login': { status: 200, type: /^text\/html/ },
		'/account/login/verify': { status: 302, location: '/account/login' },
		'/account/logout': { status: 302, location: '/account/login' },
		// Single sign-on is not configured on this server: its pages are not there, and the provider's
		// back-channel call takes POST only.
		'/account/oidc/backchannel-logout': { status: 405, type: /^application\/json/ },
		'/account/oidc/callback': { status: 404, type: /^text\/html/ },
		'/account/oidc/start': { status: 404, type: /^text\/html/ },
		'/account/reset-password': { status: 200, type: /^text\/html/ },
		'/api/no-such-call': { status: 404, type: /^application\/json/ },
		'/api/version': { status: 200, type: /^application\/json/ },
		'/assets/config.json': { status: 200, type: /^application\/json/ },
		'/assets/i18n/en.json': { status: 200, type: /^application\/json/ },
		'/login': { status: 301, location: '/account/login' },
		'/no-such-page': { status: 404, type: /^text\/html/ },
	}
	const publicRoutes = byAccess('public').filter((route) => route.hasLoader)

	test('every public route is in the table', () => {
		expect(publicRoutes.map((route) => route.url).sort()).toEqual(Object.keys(PUBLIC_ANSWERS).sort())
	})

	test.each(publicRoutes.map((route) => [route.url, route] as const))(
		'answers the public route %s as the table says',
		async (_url, route) => {
			const expected = PUBLIC_ANSWERS[route.url]!
			const response = await new TestClient(server.url).get(route.url)
			const body = await response.text()
			expect(response.status).toBe(expected.status)
			if (expected.location) expect(location(response)).toBe(expected.location)
			if (expected.type) {
				expect(response.headers.get('content-type')).toMatch(expected.type)
				expect(body.length).toBeGreaterThan(0)
			}
		},
	)
})

/** A request through node:http, which sends any method (fetch refuses TRACE) and adds no header of its own. */
function rawRequest(url: string, method: string): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
	return new Promise((resolve, reject) => {
		const request = http.request(url, { method }, (response) => {
			const chunks: Buffer[] = []
			response.on('data', (chunk: Buffer) => chunks.push(chunk))
			response.on('end', () =>
				resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }),
			)
			response.on('error', reject)
		})
		request.on('error', reject)
		request.end()
	})
}

describe('the methods of the API', () => {
	/**
	 * What each API route takes, written out here rather than read from the routes: a route's methods
	 * changing is a decision this table records. HEAD goes with GET; OPTIONS is refused (decision 0037).
	 */
	const TAKES: Record<string, string[]> = {
		'/api/QuanTri/FunctionGetByUser': ['GET', 'HEAD'],
		'/api/activity': ['POST'],
		'/api/no-such-call': ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
		'/api/notifications/unread': ['GET', 'HEAD'],
		'/api/users': ['GET', 'HEAD'],
		'/api/users/1': ['GET', 'HEAD', 'DELETE'],
		'/api/users/authenticate': ['POST'],
		'/api/users/logout': ['POST'],
		'/api/users/register': ['POST'],
		'/api/version': ['GET', 'HEAD'],
	}
	const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE', 'PROPFIND']
	const apiRoutes = routes.filter(isApi)

	test('every API route is in the table, and its own table takes what the table says', () => {
		expect(Object.fromEntries(apiRoutes.map((route) => [route.url, route.apiMethods]))).toEqual(TAKES)
	})

	const cases = Object.entries(TAKES).flatMap(([url, takes]) => METHODS.map((method) => [method, url, takes] as const))

	test.each(cases.filter(([method, , takes]) => !takes.includes(method)))(
		'%s %s answers 405 with Allow and a translated message',
		async (method, url, takes) => {
			const answer = await rawRequest(new URL(url, server.url).href, method)
			expect(answer.status).toBe(405)
			expect(answer.headers.allow).toBe(takes.join(', '))
			expect(answer.headers['content-language']).toBe('vi')
			if (method === 'HEAD') expect(answer.body).toBe('')
			else expect(JSON.parse(answer.body)).toEqual({ message: vn.errors.request.methodNotAllowed })
		},
	)

	test.each(cases.filter(([method, , takes]) => takes.includes(method) && method !== 'HEAD'))(
		'%s %s is taken: neither 405 nor an error',
		async (method, url) => {
			const answer = await rawRequest(new URL(url, server.url).href, method)
			expect(answer.status).not.toBe(405)
			expect(answer.status).toBeLessThan(500)
			expect(answer.headers['content-type']).toMatch(/^application\/json/)
			expect(JSON.parse(answer.body)).toBeTypeOf('object')
		},
	)

	test.each(cases.filter(([method, , takes]) => method === 'HEAD' && takes.includes(method)))(
		'%s %s answers as GET does, without the body',
		async (_method, url) => {
			const [get, head] = [await rawRequest(new URL(url, server.url).href, 'GET'), await rawRequest(new URL(url, server.url).href, 'HEAD')]
			expect(get.body.length).toBeGreaterThan(0)
			expect(head.body).toBe('')
			expect(head.status).toBe(get.status)
			expect(head.headers['content-type']).toBe(get.headers['content-type'])
			expect(head.headers['content-language']).toBe(get.headers['content-language'])
		},
	)
})
