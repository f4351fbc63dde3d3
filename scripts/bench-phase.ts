import type { LoadResult } from './bench-load'

// What every phase of `npm run bench` records, shared by scripts/bench.ts and the modules of its sections.

export interface Phase {
	name: string
	requests: number
	rps: number
	p50: number
	p95: number
	p99: number
	/** KB per answer, as sent (compressed). */
	kbPerAnswer: number
	peakRssMb: number
	rssAfterMb: number
	statuses: Record<string, number>
	firstByteMs?: number
	healthzP99?: number
	healthzMax?: number
	healthzRequests?: number
}

export function percentile(sorted: number[], q: number) {
	if (sorted.length === 0) return NaN
	return sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!
}

/** A load phase's figures from the load generator's result; RSS is the caller's to measure. */
export function loadPhase(name: string, result: LoadResult, rss: { peakRssMb: number; rssAfterMb: number }): Phase {
	const sorted = [...result.latencies].sort((a, b) => a - b)
	return {
		name,
		requests: sorted.length,
		rps: sorted.length / (result.elapsedMs / 1000),
		p50: percentile(sorted, 0.5),
		p95: percentile(sorted, 0.95),
		p99: percentile(sorted, 0.99),
		kbPerAnswer: result.bytes / Math.max(1, sorted.length) / 1024,
		...rss,
		statuses: result.statuses,
	}
}

/** A phase of one long event (a download, a save, a purge): its time stands for every percentile. */
export function singlePhase(
	name: string,
	elapsedMs: number,
	fields: Pick<Phase, 'peakRssMb' | 'rssAfterMb' | 'statuses'> & Partial<Phase>,
): Phase {
	return { name, requests: 1, rps: 1000 / elapsedMs, p50: elapsedMs, p95: elapsedMs, p99: elapsedMs, kbPerAnswer: 0, ...fields }
}
