import { requestContext, type RequestContext } from './logger.server'

/**
 * Starts `task` once the current request's answer has been sent, outside the request's context: work
 * whose cost must not reach the answer. Outside a request (the CLI, a test), or once its answer has gone,
 * on the next turn of the event loop.
 */
export function afterResponse(task: () => void) {
	const pending = requestContext.getStore()?.afterResponse
	if (pending) pending.push(task)
	else requestContext.exit(() => setImmediate(task))
}

/** Runs what `afterResponse` gathered for a request whose answer has gone (the server calls it when the response closes). */
export function runAfterResponse(context: RequestContext) {
	const tasks = context.afterResponse ?? []
	context.afterResponse = undefined
	requestContext.exit(() => {
		for (const task of tasks) task()
	})
}
