import cluster, { type Worker } from 'node:cluster'
import { logger } from '~/utils/logger.server'

export interface RestartPolicy {
	/** The wait before starting a worker again after one that had lived `stableMs`. */
	baseMs: number
	/** Doubling after each death in a row of workers that lived less than `stableMs`, up to this. */
	maxMs: number
	stableMs: number
	/** This many such deaths in a row: the workers cannot run, and the primary gives up. */
	maxQuickDeaths: number
}

export const RESTART_POLICY: RestartPolicy = { baseMs: 100, maxMs: 30_000, stableMs: 60_000, maxQuickDeaths: 6 }

export interface Supervisor {
	/** Sends `signal` to every worker and starts none again; resolves with 0 once all exited 0, else 1. */
	stop(signal: NodeJS.Signals): Promise<number>
	/** Ends every worker at once (SIGKILL). */
	kill(): void
}

/**
 * Keeps `count` workers running: one that dies is started again after a wait that doubles while workers
 * die young; `onCrashLoop` is called (and nothing restarted) when they keep dying young.
 */
export function superviseWorkers(count: number, onCrashLoop: () => void, policy: RestartPolicy = RESTART_POLICY): Supervisor {
	const startedAt = new Map<Worker, number>()
	const restarts = new Set<NodeJS.Timeout>()
	let quickDeaths = 0
	let gaveUp = false
	let stopping: { resolve: (code: number) => void; failed: boolean } | null = null

	const fork = () => startedAt.set(cluster.fork(), Date.now())

	cluster.on('exit', (worker, code, signal) => {
		const started = startedAt.get(worker)
		if (started === undefined || gaveUp) return
		const livedMs = Date.now() - started
		startedAt.delete(worker)
		const pid = worker.process.pid
		if (stopping) {
			if (code !== 0) stopping.failed = true
			if (startedAt.size === 0) stopping.resolve(stopping.failed ? 1 : 0)
			return
		}
		quickDeaths = livedMs < policy.stableMs ? quickDeaths + 1 : 0
		logger.error('cluster.worker_exited', { pid, code, signal, livedMs })
		if (quickDeaths >= policy.maxQuickDeaths) {
			logger.error('cluster.crash_loop', {
				deaths: quickDeaths,
				message: `${quickDeaths} workers in a row died within ${policy.stableMs / 1000} s of starting; giving up`,
			})
			gaveUp = true
			onCrashLoop()
			return
		}
		const inMs = Math.min(policy.baseMs * 2 ** quickDeaths, policy.maxMs)
		logger.info('cluster.worker_restarting', { inMs })
		const timer = setTimeout(() => {
			restarts.delete(timer)
			fork()
		}, inMs)
		restarts.add(timer)
	})

	for (let i = 0; i < count; i++) fork()

	return {
		stop(signal) {
			for (const timer of restarts) clearTimeout(timer)
			restarts.clear()
			return new Promise((resolve) => {
				stopping = { resolve, failed: false }
				if (startedAt.size === 0) resolve(0)
				for (const worker of startedAt.keys()) worker.process.kill(signal)
			})
		},
		kill() {
			for (const worker of startedAt.keys()) worker.process.kill('SIGKILL')
		},
	}
}
