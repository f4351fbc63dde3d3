// Issue 36 point 3: the audit log's retention purge of a tenth of the log (1,000,000 of the 10,000,000 entries)
// with `/healthz` probed beside it, in the server as operators run it. Last of the bench: it deletes entries.
import { AUDIT_SPAN_DAYS } from './bench-audit'
import type { LoadJob, LoadResult } from './bench-load'
import { percentile, singlePhase, type Phase } from './bench-phase'

/** The share of the log older than the retention the purge's server is given. */
const EXPIRED_SHARE = 0.1
export const PURGE_RETENTION_DAYS = Math.floor(AUDIT_SPAN_DAYS * (1 - EXPIRED_SHARE))
/** `scheduleAuditPurge` runs its first pass this long after start-up (app/admin/audit-purge.server.ts). */
const FIRST_PASS_AFTER_MS = 60_000
/** The probe starts this much before the first pass is due, so that the pass is probed from its start. */
const PROBE_LEAD_MS = 3_000
const PURGE_TIMEOUT_MS = 15 * 60_000

export interface PurgeBench {
	/** Starts a server with `env` added; `onLine` hears every line it writes to stdout. */
	start: (env: Record<string, string>, onLine: (line: string) => void) => Promise<{ pid: number; base: string; stop: () => Promise<void> }>
	probe: (job: LoadJob) => Promise<LoadResult>
	rssMb: (pid: number) => number
	entries: number
}

export interface PurgeMeasured {
	entry: Phase
	deleted: number
	/** About how many entries were older than the retention when the bench wrote them. */
	expected: number
}

export async function measurePurge(bench: PurgeBench): Promise<PurgeMeasured> {
	let settle: (outcome: { deleted: number } | { failed: string }) => void = () => {}
	const outcome = new Promise<{ deleted: number } | { failed: string }>((resolve) => (settle = resolve))
	const server = await bench.start({ AUDIT_RETENTION_DAYS: String(PURGE_RETENTION_DAYS) }, (line) => {
		if (line.includes('"audit.purged"')) settle({ deleted: (JSON.parse(line) as { deleted: number }).deleted })
		else if (line.includes('"audit.purge_failed"')) settle({ failed: line })
	})
	const listeningAt = performance.now()
	try {
		await new Promise((resolve) => setTimeout(resolve, FIRST_PASS_AFTER_MS - PROBE_LEAD_MS))
		let peak = bench.rssMb(server.pid)
		const sampler = setInterval(() => (peak = Math.max(peak, bench.rssMb(server.pid))), 100)
		await bench.probe({ kind: 'probe', base: server.base, path: '/healthz', intervalMs: 20 })
		let timer: NodeJS.Timeout | undefined
		const result = await Promise.race([
			outcome,
			new Promise<{ failed: string }>(
				(resolve) => (timer = setTimeout(() => resolve({ failed: 'no audit.purged line' }), PURGE_TIMEOUT_MS)),
			),
		])
		clearTimeout(timer)
		// The pass starts about a minute after the server listens: its time is counted from then.
		const elapsedMs = performance.now() - listeningAt - FIRST_PASS_AFTER_MS
		const health = await bench.probe({ kind: 'stop-probe' })
		clearInterval(sampler)
		const sorted = [...health.latencies].sort((a, b) => a - b)
		const deleted = 'deleted' in result ? result.deleted : 0
		const entry = singlePhase(`audit purge, ${deleted.toLocaleString('en')} expired entries`, elapsedMs, {
			peakRssMb: Math.max(peak, bench.rssMb(server.pid)),
			rssAfterMb: bench.rssMb(server.pid),
			statuses: 'failed' in result ? { failed: 1 } : { purged: 1 },
			healthzP99: percentile(sorted, 0.99),
			healthzMax: sorted.at(-1),
			healthzRequests: sorted.length,
		})
		console.log(
			`${entry.name.padEnd(34)} in about ${(elapsedMs / 1000).toFixed(1)} s; /healthz p99 ${entry.healthzP99?.toFixed(1)} ms (max ${entry.healthzMax?.toFixed(0)}, ${sorted.length} probes); RSS ${entry.peakRssMb.toFixed(0)} MB${'failed' in result ? `; failed: ${result.failed.slice(0, 300)}` : ''}`,
		)
		return { entry, deleted, expected: Math.round(bench.entries * EXPIRED_SHARE) }
	} finally {
		await server.stop()
	}
}
