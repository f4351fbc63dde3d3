import http from 'node:http'
import { describe, expect, test } from 'vitest'
import { de, vn } from '~/i18n/messages'
import { parseHtml } from '../support/html'
import { expectSecurityHeaders } from '../support/security-headers'
import { slowSignInPost } from '../support/slow-upload'
import { startServer } from '../support/server'
import { until } from '../support/wait'

interface Answer {
	status: number
	headers: http.IncomingHttpHeaders
	body: string
	startedAt: number
	endedAt: number
}

/** One request over `agent`; a network failure rejects with the error's code (ECONNRESET, ECONNREFUSED…). */
function send(base: string, path: string, agent: http.Agent, headers: Record<string, string> = {}): Promise<Answer> {
	const startedAt = performance.now()
	return new Promise((resolve, reject) => {
		const request = http.get(new URL(path, base), { agent, headers }, (response) => {
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (body += chunk))
			response.on('end', () =>
				resolve({ status: response.statusCode ?? 0, headers: response.headers, body, startedAt, endedAt: performance.now() }),
			)
			response.on('error', reject)
		})
		request.on('error', reject)
	})
}

const errorCode = (error: unknown) => String((error as { code?: unknown }).code ?? (error as Error).message)
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
/** Vitest's bound on an integration test (vitest.config.ts): a wait that lasts the whole test ends with it. */
const TEST_BOUND_MS = 30_000

describe('overload', () => {
	test('a burst beyond what the event loop keeps up with: new requests get a fast translated 503 with Retry-After, health probes keep answering, nothing is dropped', async () => {
		const server = await startServer({ MAX_EVENT_LOOP_DELAY_MS: '20' })
		const answers: Answer[] = []
		const failures: string[] = []
		const probes: Answer[] = []
		let bursting = true
		try {
			// The health probe of an orchestrator: one at a time, every 20 ms, all through the burst.
			const probeAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
			const probeUntilCalm = async () => {
				for (const path of ['/healthz', '/readyz']) {
					try {
						probes.push(await send(server.url, path, probeAgent))
					} catch (error) {
						failures.push(`${path}: ${errorCode(error)}`)
					}
				}
				return !bursting
			}
			const prober = until(probeUntilCalm, 'the end of the burst', { intervalMs: 20, timeoutMs: TEST_BOUND_MS }).finally(() =>
				probeAgent.destroy(),
			)
			// 200 clients, each on its own keep-alive connection: pages (English and German) and the API.
			await Promise.all(
				Array.from({ length: 200 }, async (_, client) => {
					const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
					const [path, headers] =
						client % 4 === 0
							? ['/api/QuanTri/FunctionGetByUser', {}]
							: client % 4 === 1
								? ['/account/login', { Cookie: 'lang=de' }]
								: ['/account/login', {}]
					for (let i = 0; i < 12; i++) {
						try {
							answers.push(await send(server.url, path as string, agent, headers as Record<string, string>))
						} catch (error) {
							failures.push(`${path}: ${errorCode(error)}`)
						}
					}
					agent.destroy()
				}),
			)
			bursting = false
			await prober

			expect(failures).toEqual([])
			expect(answers).toHaveLength(2400)
			const refused = answers.filter((answer) => answer.status === 503)
			expect(refused.length).toBeGreaterThan(0)
			expect(answers.filter((answer) => answer.status !== 503).every((answer) => answer.status === 200 || answer.status === 401)).toBe(true)
			for (const answer of refused) {
				expect(answer.headers['retry-after']).toBe('2')
				expect(answer.headers['cache-control']).toBe('no-store')
				expectSecurityHeaders(answer.headers, `503 (${answer.headers['content-type']})`)
			}
			// Without a language cookie: the portal's default language, Vietnamese.
			const page = refused.find((answer) => answer.headers['content-type']?.startsWith('text/html') && !answer.body.includes('lang="de"'))
			const germanPage = refused.find((answer) => answer.body.includes('lang="de"'))
			const api = refused.find((answer) => answer.headers['content-type']?.startsWith('application/json'))
			expect(page && parseHtml(page.body).querySelector('h1')?.text).toBe(vn.errors.request.unavailable)
			expect(germanPage && parseHtml(germanPage.body).querySelector('h1')?.text).toBe(de.errors.request.unavailable)
			expect(api && JSON.parse(api.body)).toEqual({ message: vn.errors.request.unavailable })

			// The probes were answered all along, never refused.
			expect(probes.length).toBeGreaterThan(0)
			expect(
				probes.filter((probe) => probe.status !== 200).map((probe) => `${probe.status} ${probe.body}`),
				server.output.filter((line) => line.includes('readyz.')).join('\n'),
			).toEqual([])

			// Once the burst is over, pages are served again, and the log says how many were refused.
			const agent = new http.Agent({ keepAlive: false })
			let refusedAfter = 0
			let after: Answer | undefined
			await until(async () => {
				after = await send(server.url, '/account/login', agent)
				if (after.status === 503) refusedAfter++
				return after.status !== 503
			}, 'a page served after the burst')
			expect(after?.status).toBe(200)
			// Log lines travel through a pipe: they may arrive a moment after the answers.
			const events = () =>
				server.output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as { event: string; refusedRequests?: number })
			const refusedLogged = () =>
				events()
					.filter((entry) => entry.event === 'server.load_normal')
					.reduce((sum, entry) => sum + (entry.refusedRequests ?? 0), 0)
			await until(() => refusedLogged() >= refused.length + refusedAfter, 'the log counting every refused request')
			expect(events().some((entry) => entry.event === 'server.overloaded')).toBe(true)
			expect(refusedLogged()).toBe(refused.length + refusedAfter)
		} finally {
			bursting = false
			expect(await server.stop()).toBe(0)
		}
	})
})

describe('shutdown', () => {
	test('SIGTERM under load: readiness turns 503, the server goes on answering through the drain, requests in flight finish, and it exits 0 with nothing lost', async () => {
		const server = await startServer({ SHUTDOWN_DRAIN_SECONDS: '2' })
		const answers: Answer[] = []
		const failures: string[] = []
		let routed = true
		let signalledAt = Infinity
		const readiness: { at: number; status: number }[] = []

		// The load balancer: sends traffic here until readiness, probed every 50 ms, says 503.
		const balancerAgent = new http.Agent({ keepAlive: true, maxSockets: 1 })
		const probeReadiness = async () => {
			try {
				const answer = await send(server.url, '/readyz', balancerAgent)
				readiness.push({ at: answer.endedAt, status: answer.status })
				if (answer.status === 503) routed = false
			} catch (error) {
				failures.push(`/readyz: ${errorCode(error)}`)
				routed = false
			}
			return !routed
		}
		const balancer = until(probeReadiness, 'readiness to say 503', { intervalMs: 50, timeoutMs: TEST_BOUND_MS }).finally(() => {
			routed = false
			balancerAgent.destroy()
		})
		// Each client has its next request queued at the balancer when the signal comes: it is sent even if the
		// balancer stops routing before the client's request in flight has come back (a busy machine).
		const clients = Array.from({ length: 20 }, async () => {
			const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
			let sentAfterSignal = false
			while (routed || !sentAfterSignal) {
				sentAfterSignal = performance.now() > signalledAt
				try {
					answers.push(await send(server.url, '/account/login', agent))
				} catch (error) {
					failures.push(`/account/login: ${errorCode(error)}`)
				}
			}
			agent.destroy()
		})

		// A slow upload, begun before the signal and finished once the server has stopped accepting (after the
		// drain): it is in flight all along.
		const slow = slowSignInPost(server.url)

		// The balancer has seen the instance ready, and traffic is flowing (on a busy machine the first probe can take a while).
		await until(() => readiness.some((probe) => probe.status === 200), 'the balancer seeing the instance ready', { intervalMs: 20 })
		await pause(300)
		signalledAt = performance.now()
		server.process.kill('SIGTERM')
		await Promise.all([balancer, ...clients])
		await until(
			() =>
				send(server.url, '/healthz', new http.Agent()).then(
					() => false,
					(error) => errorCode(error) === 'ECONNREFUSED',
				),
			'the server to stop listening',
		)
		slow.finish()
		const slowAnswer = await slow.answer
		const exitCode = await server.stop()

		expect(failures).toEqual([])
		expect(answers.every((answer) => answer.status === 200)).toBe(true)
		// Requests were in flight when the signal came, and others were served after it: all answered.
		expect(answers.filter((answer) => answer.startedAt < signalledAt && answer.endedAt > signalledAt).length).toBeGreaterThan(0)
		expect(answers.filter((answer) => answer.startedAt > signalledAt).length).toBeGreaterThan(0)
		expect(readiness.some((probe) => probe.at < signalledAt && probe.status === 200)).toBe(true)
		expect(readiness.at(-1)?.status).toBe(503)
		expect(slowAnswer.status).toBe(403)
		expect(slowAnswer.connection).toBe('close')
		expect(exitCode).toBe(0)
		const events = server.output.filter((line) => line.startsWith('{')).map((line) => (JSON.parse(line) as { event: string }).event)
		expect(events).toContain('server.stopped')
		expect(events).not.toContain('server.shutdown_forced')
		// Once stopped, nothing listens any more.
		await expect(send(server.url, '/healthz', new http.Agent())).rejects.toMatchObject({ code: 'ECONNREFUSED' })
	})
})
