import { errorFields, logger } from './logger.server'

export interface BackgroundTask {
	/** Starts a pass now, or one more after the pass running (however often it is asked meanwhile). */
	runNow(): Promise<void>
	isStopped(): boolean
	/** No pass starts any more; waits for the one running. */
	stop(): Promise<void>
}

/**
 * Work done in passes in the background of one instance: a pass at once, then every `everyMs` and whenever
 * `runNow` asks, never two at a time. `run` is told when to stop early (`stopped()`); a pass that fails is
 * logged as `failedEvent` and the next one tries again.
 */
export function startBackgroundTask({
	run,
	everyMs,
	failedEvent,
}: {
	run: (stopped: () => boolean) => Promise<void>
	everyMs: number
	failedEvent: string
}): BackgroundTask {
	let running: Promise<void> | null = null
	let again = false
	let stopped = false
	const isStopped = () => stopped

	function runNow(): Promise<void> {
		if (stopped) return Promise.resolve()
		if (running) {
			again = true
			return running
		}
		running = run(isStopped)
			.catch((error) => logger.error(failedEvent, errorFields(error)))
			.finally(() => {
				running = null
				if (again && !stopped) {
					again = false
					void runNow()
				}
			})
		return running
	}

	const timer = setInterval(() => void runNow(), everyMs)
	timer.unref()
	void runNow()
	return {
		runNow,
		isStopped,
		async stop() {
			stopped = true
			clearInterval(timer)
			await running
		},
	}
}
