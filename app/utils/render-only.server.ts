import { requestContext } from './logger.server'

/**
 * Values a loader hands to the server render of the document without sending them as route data: what
 * the document's markup already carries (the browser reads it back from the page instead) need not be
 * serialised a second time into the page's hydration data.
 */

/** Whether this request renders a document (not a client-side `.data` request, nor a call outside a request). */
export function isDocumentRequest(): boolean {
	const context = requestContext.getStore()
	return context !== undefined && context.dataRequest !== true
}

export function setRenderOnly(key: string, value: unknown) {
	const context = requestContext.getStore()
	if (!context) return
	context.renderOnly ??= new Map()
	context.renderOnly.set(key, value)
}

/**
 * The value, handed over once: the map lets go of it, so that nothing which outlives the request and
 * still refers to its context (a keep-alive socket's timer, say) keeps a page's worth of markup alive.
 */
export function takeRenderOnly<Value>(key: string): Value | undefined {
	const values = requestContext.getStore()?.renderOnly
	const value = values?.get(key) as Value | undefined
	values?.delete(key)
	return value
}
