import http from 'node:http'
import { Agent } from 'undici'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { expectEachRecipientOnce, announcementTitled, sentInFull } from '../support/announcements'
import { bulkStationsCsv, signedIn, stationsCoded, toolFields, uploadCsv } from '../support/catalogs'
import { location, TestClient } from '../support/client'
import { parseHtml } from '../support/html'
import { samples, value } from '../support/metrics'
import { slowSignInPost } from '../support/slow-upload'
import { startServer, type LogEntry, type RunningServer } from '../support/server'
import { until } from '../support/wait'

/**
 * WEB_CONCURRENCY=2: two workers behind the one port, supervised by a primary that runs the jobs
 * (decision 0069). The primary hands each new connection to the next worker, so a request on a
 * connection of its own may reach either; the request's log line names the worker (`pid`).
 */

const TOKEN = 'metrics-token-0123456789abcdef'
let server: RunningServer

beforeAll(async () => {
	server = await startServer({ WEB_CONCURRENCY: '2', METRICS_TOKEN: TOKEN, SHUTDOWN_DRAIN_SECONDS: '1' })
	await until(() => listeningPids().length === 2, 'two workers listening')
})

afterAll(async () => {
	if (server.process.exitCode === null) expect(await server.stop()).toBe(0)
})

const entries = () => server.output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogEntry)
const listeningPids = () => entries().flatMap((entry) => (entry.event === 'server.listening' ? [Number(entry.pid)] : []))

/** The worker that answered: its log line of the request carries the request's id. */
async function answeredBy(response: Response): Promise<number> {
	const requestId = response.headers.get('x-request-id')
	expect(requestId).toBeTruthy()
	const line = await server.logged((entry) => entry.event === 'http.request' && entry.requestId === requestId)
	return Number(line.pid)
}

/** `client`'s request on a new connection (so that it may reach another worker), its cookies kept. */
async function onNewConnection(
	client: TestClient,
	send: (one: TestClient) => Promise<Response>,
): Promise<{ response: Response; body: string; pid: number }> {
	const agent = new Agent()
	const one = new TestClient(client.baseUrl, {}, { dispatcher: agent })
	for (const [name, cookie] of client.cookies) one.cookies.set(name, cookie)
	try {
		const response = await send(one)
		const body = await response.text()
		for (const [name, cookie] of one.cookies) client.cookies.set(name, cookie)
		return { response, body, pid: await answeredBy(response) }
	} finally {
		await agent.close()
	}
}

/** Sends `send` on new connections until a worker `wanted` answers it (a bounded number of tries). */
async function answeredWhere(client: TestClient, wanted: (pid: number) => boolean, send: (one: TestClient) => Promise<Response>) {
	for (let tries = 0; tries < 20; tries++) {
		const answer = await onNewConnection(client, send)
		if (wanted(answer.pid)) return answer
	}
	throw new Error('no such worker answered in 20 requests')
}

function send(base: string, path: string, agent: http.Agent): Promise<number> {
	return new Promise((resolve, reject) => {
		http
			.get(new URL(path, base), { agent }, (response) => {
				response.resume()
				response.on('end', () => resolve(response.statusCode ?? 0))
			})
			.on('error', reject)
	})
}

describe('the cluster', () => {
	test('/metrics sums the requests every worker answered', async () => {
		const scrape = async () => {
			const response = await fetch(new URL('/metrics', server.url), { headers: { Authorization: `Bearer ${TOKEN}` } })
			expect(response.status).toBe(200)
			const all = samples(await response.text())
			return value(all, 'http_request_duration_seconds_count', { route: 'routes/account.login', method: 'GET', status: '200' }) ?? 0
		}
		const before = await scrape()
		const anonymous = new TestClient(server.url)
		const byWorker = new Map<number, number>()
		for (let sent = 0; sent < 20 && byWorker.size < 2; sent++) {
			const { response, pid } = await onNewConnection(anonymous, (one) => one.get('/account/login'))
			expect(response.status).toBe(200)
			byWorker.set(pid, (byWorker.get(pid) ?? 0) + 1)
		}
		expect([...byWorker.keys()].sort()).toEqual(listeningPids().sort())
		const sent = [...byWorker.values()].reduce((sum, n) => sum + n, 0)
		expect(await scrape()).toBe(before + sent)
	})

	test('a change made through one worker is shown by the other on its next load (caches versioned in the database)', async () => {
		const operator = await signedIn(server, ['operator'])
		const repairsShown = async (pid: (answering: number) => boolean) => {
			const { response, body, pid: answering } = await answeredWhere(operator.client, pid, (one) => one.get('/dashboard'))
			expect(response.status).toBe(200)
			const figure = parseHtml(body).querySelector('a[href="/congcu/list?status=repair"] .fw-semibold')
			expect(figure, 'no figure for tools in repair').not.toBeNull()
			return { count: Number(figure!.text.replace(/\D/g, '')), pid: answering }
		}
		const create = async () => {
			const created = await onNewConnection(operator.client, (one) => one.post('/congcu/list/new', toolFields({ status: 'repair' })))
			expect(created.response.status).toBe(302)
			return created.pid
		}
		await create()
		// Each worker has read, and kept, the figures.
		const [a, b] = listeningPids()
		const before = await repairsShown((pid) => pid === a)
		expect((await repairsShown((pid) => pid === b)).count).toBe(before.count)

		const writer = await create()
		expect((await repairsShown((pid) => pid !== writer)).count).toBe(before.count + 1)
		expect((await repairsShown((pid) => pid === writer)).count).toBe(before.count + 1)
	})

	test('a notice posted through a worker is sent by the primary alone: one notification and one mail per recipient', async () => {
		const admin = await signedIn(server, ['admin'])
		const title = `Cluster notice ${Date.now()}`
		const posted = await onNewConnection(admin.client, (one) =>
			one.post('/admin/notifications', { intent: 'send', title, body: 'Sent once.', audience: 'everyone', email: 'yes' }),
		)
		expect(posted.response.status).toBe(302)
		await sentInFull(title)
		await expectEachRecipientOnce(title)
		const { id } = await announcementTitled(title)
		await server.logged((entry) => entry.event === 'notifications.announcement_sent' && entry.id === id)
		const sentLines = entries().filter((entry) => entry.event === 'notifications.announcement_sent' && entry.id === id)
		expect(sentLines).toHaveLength(1)
		// The primary's lines carry no worker pid.
		expect(sentLines[0]!.pid).toBeUndefined()
	})

	test('a background import started through one worker: its progress page, answered by the other, leads to the list', async () => {
		const operator = await signedIn(server, ['operator'])
		const uploaded = await onNewConnection(operator.client, (one) => uploadCsv(one, '/danhmuc/tram/import', bulkStationsCsv('CLUSTER')))
		expect(uploaded.response.status).toBe(303)
		const progressPath = location(uploaded.response)!
		let page: Awaited<ReturnType<typeof answeredWhere>> | undefined
		await until(
			async () => {
				page = await answeredWhere(
					operator.client,
					(pid) => pid !== uploaded.pid,
					(one) => one.get(progressPath),
				)
				return !(page.response.status === 200 && parseHtml(page.body).querySelector('progress'))
			},
			'the import finishing',
			{ timeoutMs: 60_000 },
		)
		expect(page!.response.status).toBe(302)
		expect(location(page!.response)).toBe('/danhmuc/tram')
		expect(await stationsCoded('CLUSTER')).toBe(8_000)
	})

	test('a worker that dies is replaced, and the port answers throughout', async () => {
		const before = listeningPids()
		const victim = before[0]!
		process.kill(victim, 'SIGKILL')
		await server.logged((entry) => entry.event === 'cluster.worker_exited' && entry.pid === victim && entry.signal === 'SIGKILL')
		const agent = new http.Agent({ keepAlive: false })
		try {
			for (let i = 0; i < 5; i++) expect(await send(server.url, '/healthz', agent)).toBe(200)
		} finally {
			agent.destroy()
		}
		await until(() => listeningPids().length === 3, 'a new worker listening')
		const replacement = listeningPids().find((pid) => !before.includes(pid))!
		const answer = await answeredWhere(
			new TestClient(server.url),
			(pid) => pid === replacement,
			(one) => one.get('/account/login'),
		)
		expect(answer.response.status).toBe(200)
	})

	test('SIGTERM: both workers drain, a request in flight is answered, and the primary exits 0', async () => {
		// An upload begun before the signal and finished once nothing accepts connections any more.
		const slow = slowSignInPost(server.url)
		const serving = listeningPids().slice(-2)
		const exitCode = server.stop('SIGTERM')
		await until(
			() => serving.every((pid) => entries().some((entry) => entry.event === 'server.shutdown' && entry.pid === pid)),
			'both workers shutting down',
		)
		await until(
			() =>
				send(server.url, '/healthz', new http.Agent()).then(
					() => false,
					(error: { code?: string }) => error.code === 'ECONNREFUSED',
				),
			'the port to close',
		)
		slow.finish()
		const slowAnswer = await slow.answer
		expect(slowAnswer.status).toBe(403)
		expect(slowAnswer.connection).toBe('close')
		expect(await exitCode).toBe(0)
		const events = entries().map((entry) => entry.event)
		expect(events.filter((event) => event === 'server.stopped')).toHaveLength(2)
		expect(events).toContain('cluster.stopped')
		expect(events).not.toContain('cluster.shutdown_forced')
		expect(events).not.toContain('server.shutdown_forced')
	})
})
