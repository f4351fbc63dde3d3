import { requestContext } from './logger.server'

const byRequestObject = new WeakMap<Request, Map<string, unknown>>()

/**
 * `compute()` once per HTTP request, however many loaders ask. Remix gives each loader its own
 * Request object, so the memo lives in the request context the server opens for every HTTP request.
 * Keys carry the method: a form post without JavaScript runs its action and then the page's loaders
 * in one HTTP request, and those loaders must see what the action changed. Outside the server
 * (tests calling loaders directly) the Request object itself is the scope.
 */
export function memoizeForRequest<Value>(request: Request, key: string, compute: () => Value): Value {
	const context = requestContext.getStore()
	let memo = context ? context.memo : byRequestObject.get(request)
	if (!memo) {
		memo = new Map()
		if (context) context.memo = memo
		else byRequestObject.set(request, memo)
	}
	const scopedKey = `${request.method} ${key}`
	if (!memo.has(scopedKey)) memo.set(scopedKey, compute())
	return memo.get(scopedKey) as Value
}

/** What `memoizeForRequest` already holds for `key` in this request, without computing it. */
export function recallForRequest<Value>(request: Request, key: string): Value | undefined {
	const context = requestContext.getStore()
	const memo = context ? context.memo : byRequestObject.get(request)
	return memo?.get(`${request.method} ${key}`) as Value | undefined
}
