import { requestContext } from './logger.server'

/**
 * Starts `task` once the current request's answer has been sent, outside the request's context: work
 * whose cost must not reach the answer (the server runs the tasks when the response closes). Outside a
 * request (the CLI, a test), on the next turn of the event loop.
 */
export function afterResponse(task: () => void) {
	const pending = requestContext.getStore()?.afterResponse
	if (pending) pending.push(task)
	else setImmediate(task)
}

/** Runs what `afterResponse` gathered for a request whose answer has gone. */
export function runAfterResponse(tasks: (() => void)[]) {
	requestContext.exit(() => {
		for (const task of tasks.splice(0)) task()
	})
}
