import type { Server, ServerResponse } from 'node:http'
import type { RequestHandler } from 'express'

const IDLE_SWEEP_MS = 100

/**
 * Graceful stop for the HTTP server: no new connections, requests in flight are answered, and every
 * keep-alive connection is closed as soon as it is idle. `server.close()` alone closes only the
 * connections idle at that instant: one whose request was still running would keep the process alive
 * until the client hung up.
 */
export function createShutdown(server: Server) {
	let closing = false
	const unanswered = new Set<ServerResponse>()

	/** Once stopping, every answer not yet begun says `Connection: close`. */
	const connectionCloseWhileStopping: RequestHandler = (_req, res, next) => {
		if (closing) {
			res.setHeader('Connection', 'close')
		} else {
			unanswered.add(res)
			res.on('close', () => unanswered.delete(res))
		}
		next()
	}

	function stop(): Promise<void> {
		closing = true
		for (const res of unanswered) if (!res.headersSent) res.setHeader('Connection', 'close')
		unanswered.clear()
		const sweep = setInterval(() => server.closeIdleConnections(), IDLE_SWEEP_MS)
		return new Promise((resolve, reject) => {
			server.close((error) => {
				clearInterval(sweep)
				if (error) reject(error)
				else resolve()
			})
			server.closeIdleConnections()
		})
	}

	return { connectionCloseWhileStopping, stop, isStopping: () => closing }
}
