// Issue 36 point 1: the throughput phases with one worker and with two (WEB_CONCURRENCY), each against a
// server of its own on the same data, and `/healthz` under 150 clients.
import type { BenchRequest, LoadJob, LoadResult } from './bench-load'
import { loadPhase, type Phase } from './bench-phase'
import { serverWarmUpCount } from './bench-phase-run'

const HEALTH_CLIENTS = 150
const WORKER_COUNTS = [1, 2] as const

export interface WorkersBench {
	start: (workers: number) => Promise<{ base: string; stop: () => Promise<void> }>
	run: (job: LoadJob) => Promise<LoadResult>
	signIn: (base: string) => Promise<{ cookie: string }>
	requests: number
	maxSeconds: number
	concurrency: number
	record: (entry: Phase) => void
	check: (name: string, value: string, budget: string, ok: boolean) => void
	quick: boolean
	failures: string[]
}

const PAGES = { dashboard: '/dashboard', stations: '/danhmuc/tram', tools: '/congcu/list' } as const

export async function measureWorkers(bench: WorkersBench) {
	const measured = new Map<number, Record<keyof typeof PAGES | 'healthz', Phase>>()
	for (const workers of WORKER_COUNTS) {
		const server = await bench.start(workers)
		try {
			const session = await bench.signIn(server.base)
			const page = (path: string): BenchRequest => ({ path, headers: { Cookie: session.cookie } })
			// Warm-up, as the single-process server has (serverWarmUpCount), for each worker: each compiles its code and fills its caches.
			await bench.run({
				kind: 'load',
				base: server.base,
				requests: Object.values(PAGES).map(page),
				count: serverWarmUpCount(bench.requests) * workers,
				concurrency: bench.concurrency,
				maxSeconds: 120,
			})
			const throughput = async (name: string, request: BenchRequest, concurrency: number) => {
				const result = await bench.run({
					kind: 'load',
					base: server.base,
					requests: [request],
					count: concurrency === HEALTH_CLIENTS ? bench.requests * 5 : bench.requests,
					concurrency,
					maxSeconds: bench.maxSeconds,
				})
				// Several processes: the single-process phases above carry the RSS budgets.
				const entry = loadPhase(`${name}, ${workers} worker${workers === 1 ? '' : 's'}`, result, { peakRssMb: 0, rssAfterMb: 0 })
				bench.record(entry)
				const bad = Object.keys(result.statuses).filter((status) => status !== '200')
				if (bad.length > 0) bench.failures.push(`${entry.name}: answers ${JSON.stringify(result.statuses)}`)
				console.log(
					`${entry.name.padEnd(34)} ${entry.requests.toString().padStart(5)} req ${entry.rps.toFixed(0).padStart(6)} req/s  p50 ${entry.p50.toFixed(1).padStart(6)}  p99 ${entry.p99.toFixed(1).padStart(6)} ms`,
				)
				return entry
			}
			measured.set(workers, {
				dashboard: await throughput('dashboard, operator', page(PAGES.dashboard), bench.concurrency),
				stations: await throughput('stations, first page', page(PAGES.stations), bench.concurrency),
				tools: await throughput('tools, first page', page(PAGES.tools), bench.concurrency),
				healthz: await throughput(`/healthz, ${HEALTH_CLIENTS} clients`, { path: '/healthz' }, HEALTH_CLIENTS),
			})
		} finally {
			await server.stop()
		}
	}
	if (bench.quick) return
	const one = measured.get(1)!
	const two = measured.get(2)!
	for (const key of ['dashboard', 'stations', 'tools'] as const) {
		const gain = two[key].rps / one[key].rps
		bench.check(
			`${two[key].name} vs 1`,
			`${gain.toFixed(2)}× (${two[key].rps.toFixed(0)} / ${one[key].rps.toFixed(0)} req/s)`,
			'≥ 1.5×',
			gain >= 1.5,
		)
	}
	for (const entry of [one.healthz, two.healthz])
		bench.check(`${entry.name}: p99`, `${entry.p99.toFixed(0)} ms`, '≤ 1,000 ms', entry.p99 <= 1000)
}
