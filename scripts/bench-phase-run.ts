// Running one phase against the server the bench measures: the load (or the one long request with the health
// probe beside it), the server's RSS sampled meanwhile, its figures recorded and printed, and bad answers kept.
import type { BenchRequest, LoadJob, LoadResult } from './bench-load'
import { loadPhase, percentile, singlePhase, type Phase } from './bench-phase'
import { rssMb } from './bench-processes'

export type Run = (job: LoadJob) => Promise<LoadResult>

export interface PhaseServer {
	base: string
	pid: number
	run: Run
	probe: Run
	/** Requests behind each percentile by default, and the longest a phase may take. */
	count: number
	maxSeconds: number
	phases: Phase[]
	failures: string[]
}

/**
 * Requests of a phase's own sent before it is measured, not counted: the JIT compiles the page's code and the
 * server's caches fill, as on a server that has run for a while. Without them the first phase on a fresh
 * server (the sign-in page, each server of the workers phases) counted its warm-up, the others did not.
 */
export function warmUpCount(count: number) {
	return Math.min(200, Math.ceil(count / 10))
}

/**
 * Answers a fresh server process sends before the phases are measured: V8 optimises the code every page runs
 * (the router, React's renderer, the session) only after it has run a while. Measured on a fresh server, five
 * runs of 2,000 sign-in pages in a row: 641, 904, 961, 1,008 and 969 req/s. A per-phase warm-up of 200 left the
 * first phase, the reference the dashboards are compared with, at two thirds of its speed.
 */
export function serverWarmUpCount(count: number) {
	return count * 2
}

export function phaseRunners({ base, pid, run, probe, count: defaultCount, maxSeconds, phases, failures }: PhaseServer) {
	async function phase(name: string, requests: BenchRequest[], { concurrency = 1, count = defaultCount } = {}) {
		await run({ kind: 'load', base, requests, count: warmUpCount(count), concurrency, maxSeconds })
		let peak = rssMb(pid)
		const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100)
		const result = await run({ kind: 'load', base, requests, count, concurrency, maxSeconds })
		clearInterval(sampler)
		const entry = loadPhase(name, result, { peakRssMb: Math.max(peak, rssMb(pid)), rssAfterMb: rssMb(pid) })
		phases.push(entry)
		const bad = Object.entries(result.statuses).filter(([status]) => status !== '200')
		if (bad.length > 0)
			failures.push(`${name}: answers ${JSON.stringify(result.statuses)}${result.failure ? `, e.g. ${result.failure.slice(0, 300)}` : ''}`)
		console.log(
			`${name.padEnd(34)} ${entry.requests.toString().padStart(5)} req ${entry.rps.toFixed(0).padStart(6)} req/s  p50 ${entry.p50.toFixed(1).padStart(6)}  p95 ${entry.p95.toFixed(1).padStart(6)}  p99 ${entry.p99.toFixed(1).padStart(6)} ms  ${entry.kbPerAnswer.toFixed(1).padStart(6)} KB  RSS ${entry.peakRssMb.toFixed(0)} MB`,
		)
		return entry
	}

	/** A long request (export, import) with the health probe running beside it. */
	async function withProbe(name: string, request: BenchRequest, untilDone?: (result: LoadResult) => Promise<void>) {
		let peak = rssMb(pid)
		const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100)
		await probe({ kind: 'probe', base, path: '/healthz', intervalMs: 20 })
		const started = performance.now()
		const result = await run({ kind: 'download', base, request })
		await untilDone?.(result)
		result.elapsedMs = performance.now() - started
		const health = await probe({ kind: 'stop-probe' })
		clearInterval(sampler)
		const sorted = [...health.latencies].sort((a, b) => a - b)
		const entry = singlePhase(name, result.elapsedMs, {
			kbPerAnswer: result.bytes / 1024,
			peakRssMb: Math.max(peak, rssMb(pid)),
			rssAfterMb: rssMb(pid),
			statuses: result.statuses,
			firstByteMs: result.firstByteMs,
			healthzP99: percentile(sorted, 0.99),
			healthzMax: sorted.at(-1),
			healthzRequests: sorted.length,
		})
		phases.push(entry)
		const status = Object.keys(result.statuses)[0]
		if (status !== '200' && status !== '303' && status !== '302')
			failures.push(`${name}: answered ${status}${result.failure ? `: ${result.failure.slice(0, 300)}` : ''}`)
		console.log(
			`${name.padEnd(34)} ${status} in ${(result.elapsedMs / 1000).toFixed(1)} s, first byte ${result.firstByteMs?.toFixed(0)} ms, ${(result.bytes / 1024 / 1024).toFixed(1)} MB; /healthz p99 ${entry.healthzP99?.toFixed(1)} ms (max ${entry.healthzMax?.toFixed(0)}, ${sorted.length} probes); RSS ${entry.peakRssMb.toFixed(0)} MB`,
		)
		return { entry, result }
	}

	return { phase, withProbe }
}
