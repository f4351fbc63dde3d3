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
