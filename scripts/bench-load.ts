// The bench's load generator, in its own process (started by scripts/bench-processes.ts over IPC) so that its work
// never shares an event loop with the server or with the process that samples the server.
//
// Each message is one job; the answer carries the raw figures, the orchestrator does the arithmetic.
import http from 'node:http'
import zlib from 'node:zlib'

export interface BenchRequest {
	path: string
	method?: string
	headers?: Record<string, string>
	/** Sent as is (a string or bytes). */
	body?: string | Uint8Array
}

export type LoadJob =
	| { kind: 'load'; base: string; requests: BenchRequest[]; count: number; concurrency: number; maxSeconds: number }
	| { kind: 'download'; base: string; request: BenchRequest }
	| { kind: 'probe'; base: string; path: string; intervalMs: number }
	| { kind: 'stop-probe' }

export interface LoadResult {
	/** Milliseconds from sending to the last byte, one per answered request. */
	latencies: number[]
	statuses: Record<string, number>
	bytes: number
	elapsedMs: number
	/** Milliseconds to the first byte of the body (downloads). */
	firstByteMs?: number
	/** The answer's headers (downloads). */
	headers?: Record<string, string | string[] | undefined>
	/** The first 2 kB of the last body that was not a success, to say why. */
	failure?: string
}

/** As a browser asks: keep-alive, compressed answers accepted (and not decoded: that cost is the browser's). */
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 })
const ACCEPT = { 'Accept-Encoding': 'gzip, br', Accept: 'text/html,application/json;q=0.9,*/*;q=0.8', 'User-Agent': 'staff-portal-bench' }

interface Answer {
	status: number
	bytes: number
	totalMs: number
	firstByteMs: number
	headers: http.IncomingHttpHeaders
	sample: string
}

function decoded(body: Buffer, encoding: string | undefined) {
	try {
		if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8')
		if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8')
	} catch {
		/* a cut or corrupt body: shown as it came */
	}
	return body.toString('utf8')
}

function send(base: string, request: BenchRequest): Promise<Answer> {
	return new Promise((resolve, reject) => {
		const started = performance.now()
		const req = http.request(
			new URL(request.path, base),
			{ method: request.method ?? 'GET', agent, headers: { ...ACCEPT, ...request.headers } },
			(res) => {
				let bytes = 0
				// The answer's first byte: its status line and headers (a redirect has no body at all).
				const firstByteMs = performance.now() - started
				const failed = (res.statusCode ?? 0) >= 400
				const kept: Buffer[] = []
				res.on('data', (chunk: Buffer) => {
					bytes += chunk.length
					if (failed) kept.push(chunk)
				})
				res.on('end', () => {
					const totalMs = performance.now() - started
					resolve({
						status: res.statusCode ?? 0,
						bytes,
						totalMs,
						firstByteMs,
						headers: res.headers,
						sample: failed ? decoded(Buffer.concat(kept), res.headers['content-encoding']).slice(0, 2048) : '',
					})
				})
				res.on('error', reject)
			},
		)
		req.on('error', reject)
		req.end(request.body)
	})
}

async function load(job: Extract<LoadJob, { kind: 'load' }>): Promise<LoadResult> {
	const latencies: number[] = []
	const statuses: Record<string, number> = {}
	let bytes = 0
	let next = 0
	let failure: string | undefined
	const started = performance.now()
	const deadline = started + job.maxSeconds * 1000
	await Promise.all(
		Array.from({ length: job.concurrency }, async () => {
			while (next < job.count && performance.now() < deadline) {
				const request = job.requests[next % job.requests.length]!
				next++
				const answer = await send(job.base, request)
				latencies.push(answer.totalMs)
				statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
				bytes += answer.bytes
				if (answer.status >= 400) failure = `${request.path}: ${answer.sample}`
			}
		}),
	)
	return { latencies, statuses, bytes, elapsedMs: performance.now() - started, failure }
}

async function download(job: Extract<LoadJob, { kind: 'download' }>): Promise<LoadResult> {
	const started = performance.now()
	const answer = await send(job.base, job.request)
	return {
		latencies: [answer.totalMs],
		statuses: { [answer.status]: 1 },
		bytes: answer.bytes,
		elapsedMs: performance.now() - started,
		firstByteMs: answer.firstByteMs,
		headers: answer.headers,
		failure: answer.status >= 400 ? answer.sample : undefined,
	}
}

let probing: { stop: boolean; done: Promise<LoadResult> } | null = null

function startProbe(job: Extract<LoadJob, { kind: 'probe' }>) {
	const state = { stop: false, done: Promise.resolve({} as LoadResult) }
	state.done = (async () => {
		const latencies: number[] = []
		const statuses: Record<string, number> = {}
		const started = performance.now()
		while (!state.stop) {
			const answer = await send(job.base, { path: job.path })
			latencies.push(answer.totalMs)
			statuses[answer.status] = (statuses[answer.status] ?? 0) + 1
			await new Promise((resolve) => setTimeout(resolve, job.intervalMs))
		}
		return { latencies, statuses, bytes: 0, elapsedMs: performance.now() - started }
	})()
	probing = state
}

process.on('message', (job: LoadJob) => {
	const answer = (work: Promise<LoadResult>) =>
		work.then(
			(result) => process.send!({ ok: true, result }),
			(error: Error) => process.send!({ ok: false, error: String(error.stack ?? error) }),
		)
	switch (job.kind) {
		case 'load':
			void answer(load(job))
			break
		case 'download':
			void answer(download(job))
			break
		case 'probe':
			startProbe(job)
			process.send!({ ok: true, result: null })
			break
		case 'stop-probe': {
			const current = probing
			probing = null
			if (!current) {
				process.send!({ ok: false, error: 'no probe running' })
				break
			}
			current.stop = true
			void answer(current.done)
			break
		}
	}
})
process.on('disconnect', () => {
	agent.destroy()
	process.exit(0)
})
