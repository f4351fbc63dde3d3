import type { HeadersFunction } from '@remix-run/node'

/**
 * A route `headers` export that passes the named headers of its action's or loader's answer on to
 * the document (Remix drops them otherwise), e.g. `Retry-After` on a 429.
 */
export function keepHeaders(...names: string[]): HeadersFunction {
	return ({ actionHeaders, loaderHeaders }) => {
		const headers = new Headers()
		for (const name of names) {
			const value = actionHeaders.get(name) ?? loaderHeaders.get(name)
			if (value) headers.set(name, value)
		}
		return headers
	}
}
