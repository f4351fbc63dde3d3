import { describe, expect, test } from 'vitest'
import { location, TestClient } from '../support/client'
import { samples, value } from '../support/metrics'
import { startServer } from '../support/server'
import { createTestUser } from '../support/users'

const TOKEN = 'metrics-token-0123456789abcdef'

describe('metrics', () => {
	test('without METRICS_TOKEN there is no /metrics', async () => {
		const server = await startServer()
		try {
			const response = await fetch(new URL('/metrics', server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })
			await response.arrayBuffer()
			expect(response.status).toBe(404)
		} finally {
			expect(await server.stop()).toBe(0)
		}
	})

	test('/metrics answers the bearer of METRICS_TOKEN only, with every named metric: process and event loop, requests by route and status, pool, sessions, sign-ins by outcome, load shedding, mail queue', async () => {
		const server = await startServer({ METRICS_TOKEN: TOKEN })
		try {
			for (const authorization of [undefined, 'Bearer wrong-token-0123456789abcdef', `Basic ${TOKEN}`]) {
				const refused = await fetch(new URL('/metrics', server.url), { headers: authorization ? { Authorization: authorization } : {} })
				expect(refused.status).toBe(401)
				expect(await refused.text()).not.toContain('http_request_duration_seconds')
			}

			const user = await createTestUser({ roles: ['viewer'] })
			const browser = new TestClient(server.url)
			expect((await browser.signIn(user.email, 'not the password')).status).toBe(400)
			expect(location(await browser.signIn(user.email, user.password))).toBe('/')
			expect((await browser.get('/dashboard')).status).toBe(200)
			const stranger = await createTestUser({ roles: [] })
			let throttled = false
			for (let attempt = 0; attempt < 30 && !throttled; attempt++) {
				const response = await new TestClient(server.url).signIn(stranger.email, 'wrong password again')
				await response.arrayBuffer()
				throttled = response.status === 429
			}
			expect(throttled).toBe(true)
			const icon = await fetch(new URL('/favicon.svg', server.url))
			await icon.arrayBuffer()
			expect(icon.status).toBe(200)
			const apiFailure = await fetch(new URL('/api/users/authenticate', server.url), {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ email: user.email, password: 'nope' }),
			})
			await apiFailure.arrayBuffer()

			const response = await fetch(new URL('/metrics', server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })
			expect(response.status).toBe(200)
			expect(response.headers.get('content-type')).toMatch(/^text\/plain;.*version=0\.0\.4/)
			const all = samples(await response.text())

			for (const name of [
				'process_cpu_seconds_total',
				'process_resident_memory_bytes',
				'nodejs_eventloop_lag_p99_seconds',
				'nodejs_heap_size_used_bytes',
				'portal_requests_shed_total',
				'portal_mail_queue_length',
			]) {
				expect(all.has(name), name).toBe(true)
			}
			expect(value(all, 'http_request_duration_seconds_count', { route: 'routes/_app.dashboard', method: 'GET', status: '200' })).toBe(1)
			expect(value(all, 'http_request_duration_seconds_count', { route: 'routes/account.login', method: 'POST', status: '302' })).toBe(1)
			expect(value(all, 'http_request_duration_seconds_count', { route: 'static', method: 'GET', status: '200' })).toBe(1)
			expect(value(all, 'http_request_duration_seconds_count', { route: 'probe', method: 'GET', status: '401' })).toBe(3)
			expect(value(all, 'portal_db_pool_connections', { state: 'total' })).toBeGreaterThanOrEqual(1)
			expect(value(all, 'portal_active_sessions')).toBeGreaterThanOrEqual(1)
			expect(value(all, 'portal_sign_ins_total', { result: 'success', via: 'form' })).toBe(1)
			expect(value(all, 'portal_sign_ins_total', { result: 'failure', via: 'form' })).toBeGreaterThanOrEqual(2)
			expect(value(all, 'portal_sign_ins_total', { result: 'throttled', via: 'form' })).toBe(1)
			expect(value(all, 'portal_sign_ins_total', { result: 'failure', via: 'api' })).toBe(1)
			expect(value(all, 'portal_requests_shed_total')).toBe(0)

			// The request log line names the route, the status, the client and the time taken.
			const line = await server.logged((entry) => entry.event === 'http.request' && entry.path === '/dashboard')
			expect(line).toMatchObject({ level: 'info', method: 'GET', status: 200, routeId: 'routes/_app.dashboard', clientIp: '127.0.0.1' })
			expect(typeof line?.requestId).toBe('string')
			// One key once: a log processor may refuse a JSON object with a repeated key.
			const raw = server.output.find(
				(text) => text.includes('"event":"http.request"') && text.includes(`"requestId":"${String(line?.requestId)}"`),
			)
			expect(raw?.match(/"requestId":/g)).toHaveLength(1)
			expect(typeof line?.durationMs).toBe('number')
		} finally {
			expect(await server.stop()).toBe(0)
		}
	})
})
