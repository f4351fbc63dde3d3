import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { TestClient, location } from '../support/client'
import { loadRouteModules, type RouteModuleInfo } from '../support/routes'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

const routes = await loadRouteModules()
const byAccess = (kind: 'public' | 'authenticated' | 'function') =>
	routes.filter((route) => route.handle && kind in route.handle.access)
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
			const code = (route.handle!.access as { function: string }).function
			const checks = route.source.match(new RegExp(`require(?:Api|Download)?Permission\\(\\s*request,\\s*'${code}'`, 'g')) ?? []
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

	test.each(byAccess('function').filter((route) => route.hasLoader).map((route) => [route.url, route] as const))('GET %s answers 403', async (_url, route) => {
		const response = await client.get(route.url)
		expect(response.status).toBe(403)
		const body = await response.text()
		if (isApi(route)) expect(JSON.parse(body)).toEqual({ message: 'Forbidden' })
		else expect(body).toContain('Không có quyền truy cập')
	})

	test.each(byAccess('function').filter((route) => route.hasAction).map((route) => [route.url, route] as const))(
		'writing to %s answers 403',
		async (_url, route) => {
			const method = route.source.includes("request.method !== 'DELETE'") ? 'DELETE' : 'POST'
			const response =
				method === 'POST'
					? await client.post(route.url, { intent: 'create' })
					: await client.request(route.url, { method })
			expect(response.status).toBe(403)
		},
	)

	test('is told there is nothing to open at /', async () => {
		const response = await client.get('/')
		expect(response.status).toBe(200)
		expect(await response.text()).toContain('Chưa có chức năng nào')
	})
})

describe('an anonymous visitor', () => {
	test.each(byAccess('authenticated').filter((route) => route.hasLoader).map((route) => [route.url, route] as const))(
		'is kept out of %s',
		async (_url, route) => {
			const response = await new TestClient(server.url).get(route.url)
			if (isApi(route)) {
				expect(response.status).toBe(401)
				expect(await response.json()).toEqual({ message: 'Unauthorised' })
			} else {
				expect(response.status).toBe(302)
				expect(location(response)).toMatch(/^\/account\/login/)
			}
		},
	)

	test.each(byAccess('function').filter((route) => route.hasLoader).map((route) => [route.url, route] as const))(
		'is kept out of %s',
		async (_url, route) => {
			const response = await new TestClient(server.url).get(route.url)
			expect(isApi(route) ? response.status : location(response)).toEqual(isApi(route) ? 401 : expect.stringMatching(/^\/account\/login/))
		},
	)

	test.each(byAccess('public').filter((route) => route.hasLoader).map((route) => [route.url, route] as const))(
		'may open the public route %s',
		async (_url, route) => {
			const response = await new TestClient(server.url).get(route.url)
			expect(response.status).toBeLessThan(500)
			expect(response.status).not.toBe(403)
		},
	)
})
