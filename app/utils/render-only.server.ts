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

export function getRenderOnly<Value>(key: string): Value | undefined {
	return requestContext.getStore()?.renderOnly?.get(key) as Value | undefined
}
