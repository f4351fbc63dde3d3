import { monitorEventLoopDelay } from 'node:perf_hooks'
import type { RequestHandler } from 'express'
import { refuse } from '~/security/request-body.server'
import { shedRequests } from './metrics.server'

/** How often the delay is read (and the histogram restarted). */
const SAMPLE_MS = 100
/** The histogram's timer period: its samples are this much above the actual delay. */
const RESOLUTION_MS = 10

export interface EventLoopLoad {
	/** The event loop has been late by more than the limit for two samples in a row. */
	overloaded(): boolean
	/** The mean delay of the last sample, in milliseconds. */
	delayMs(): number
	stop(): void
}

/**
 * Watches how late the event loop runs: every SAMPLE_MS, the mean delay Node measured since the last
 * sample. Overload is a delay above `maxDelayMs` in two samples in a row: a single stall (the process
 * descheduled for a moment on a busy host, a large page) does not turn clients away; a queue of
 * requests that keeps every loop iteration long does. `maxDelayMs` 0 never reports overload.
 */
export function watchEventLoop(maxDelayMs: number, onChange?: (overloaded: boolean, delayMs: number) => void): EventLoopLoad {
	const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS })
	histogram.enable()
	let previous = 0
	let current = 0
	let sampledAt = performance.now()
	let state = false
	const timer = setInterval(() => {
		const now = performance.now()
		previous = current
		// No sample when this timer ran before the histogram's: then this timer's own lateness says it.
		current = histogram.count > 0 ? Math.max(0, histogram.mean / 1e6 - RESOLUTION_MS) : Math.max(0, now - sampledAt - SAMPLE_MS)
		sampledAt = now
		histogram.reset()
		if (overloaded() !== state) {
			state = !state
			onChange?.(state, current)
		}
	}, SAMPLE_MS)
	timer.unref()

	function overloaded() {
		return maxDelayMs > 0 && previous > maxDelayMs && current > maxDelayMs
	}

	return {
		overloaded,
		delayMs: () => current,
		stop() {
			clearInterval(timer)
			histogram.disable()
		},
	}
}

/** Seconds a refused client is asked to wait. */
export const RETRY_AFTER_SECONDS = 2

/**
 * Load shedding: while the event loop is overloaded, a new request gets a fast, translated 503 with
 * `Retry-After` instead of waiting behind the others (and making them wait longer). Mounted after the
 * health probes and static files, which stay cheap and keep answering.
 */
export function shedLoad(load: EventLoopLoad): RequestHandler & { refusedSinceLastCall(): number } {
	let refused = 0
	const handler: RequestHandler = (req, res, next) => {
		// Remix's route discovery: cheap, and refusing it breaks the page in the browser instead of showing the 503.
		if (!load.overloaded() || req.path === '/__manifest') return next()
		refused++
		shedRequests.inc()
		res.locals.route = 'shed'
		refuse(req, res, 'unavailable', { 'Retry-After': String(RETRY_AFTER_SECONDS) }, { log: false })
	}
	return Object.assign(handler, {
		refusedSinceLastCall() {
			const count = refused
			refused = 0
			return count
		},
	})
}
