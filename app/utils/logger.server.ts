import { AsyncLocalStorage } from 'node:async_hooks'

type Level = 'debug' | 'info' | 'warn' | 'error'
const rank: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 }

export interface RequestContext {
	requestId: string
	/** The client's address as Express resolved it (honours TRUST_PROXY). */
	clientIp: string | null
	/** The CSP nonce of this response's inline scripts. */
	cspNonce: string
	/** The form token of the CSRF cookie (created for this response when the browser had none). */
	csrfToken: string
	/** Values computed once per HTTP request (see `memoizeForRequest`). */
	memo?: Map<string, unknown>
	/** A client-side data request (`/path.data`), not a document: nothing is rendered on the server. */
	dataRequest?: boolean
	/** Set when handling the request met an unavailable database: the answer becomes a 503. */
	databaseUnavailable?: 'unreachable' | 'storage'
	/** Values for the server render of this document that are not sent as route data (see render-only.server.ts). */
	renderOnly?: Map<string, unknown>
}

/** Carries per-request facts (request id, client address, nonce) to code that only sees a Request. */
export const requestContext = new AsyncLocalStorage<RequestContext>()

export function getClientIp(): string | null {
	return requestContext.getStore()?.clientIp ?? null
}

function threshold(): number {
	const level = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent'
	return rank[level] ?? rank.info
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
	if (rank[level] < threshold()) return
	const line = JSON.stringify({
		time: new Date().toISOString(),
		level,
		event,
		requestId: requestContext.getStore()?.requestId,
		...fields,
	})
	if (level === 'error' || level === 'warn') process.stderr.write(line + '\n')
	else process.stdout.write(line + '\n')
}

export const logger = {
	debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
	info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
	warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
	error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
}

export function errorFields(error: unknown) {
	return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) }
}
