import { AsyncLocalStorage } from 'node:async_hooks'
import cluster from 'node:cluster'
import { createRequire } from 'node:module'
import pino from 'pino'
import type PinoPretty from 'pino-pretty'

const require = createRequire(import.meta.url)

export interface RequestContext {
	requestId: string
	/** The client's address as Express resolved it (honours TRUST_PROXY). */
	clientIp: string | null
	/** The client is on this machine (see `clientOnLoopback`): emailed links may then use the request's own origin. */
	clientOnLoopback?: boolean
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
	/** A form posted in this request was refused (4xx): the document's title says "Error:". */
	formFailed?: boolean
	/** Values for the server render of this document that are not sent as route data (see render-only.server.ts). */
	renderOnly?: Map<string, unknown>
	/** Work to start once the answer has been sent (see after-response.server.ts). */
	afterResponse?: (() => void)[]
}

/** Carries per-request facts (request id, client address, nonce) to code that only sees a Request. */
export const requestContext = new AsyncLocalStorage<RequestContext>()

export function getClientIp(): string | null {
	return requestContext.getStore()?.clientIp ?? null
}

/**
 * pino, behind the portal's own call shape: `logger.info('event.name', { fields })` writes one JSON line
 * `{"level":"info","time":…,"event":"event.name","requestId":…,…fields}` to standard output (the request
 * id from the request context). In development (NODE_ENV=development, a terminal) the lines are printed
 * readably by pino-pretty instead.
 */
function createBaseLogger() {
	const level = process.env.LOG_LEVEL ?? 'info'
	const options: pino.LoggerOptions = {
		level: ['debug', 'info', 'warn', 'error', 'silent'].includes(level) ? level : 'info',
		// Under the cluster, which worker wrote the line.
		base: cluster.isWorker ? { pid: process.pid } : undefined,
		messageKey: 'event',
		timestamp: pino.stdTimeFunctions.isoTime,
		formatters: { level: (label) => ({ level: label }) },
		mixin: (_entry, _level, logger) => {
			const requestId = requestContext.getStore()?.requestId
			// pino-http's request line comes from a child logger that carries it already: once is enough.
			return requestId && !('requestId' in logger.bindings()) ? { requestId } : {}
		},
	}
	if (process.env.NODE_ENV === 'development' && process.stdout.isTTY) {
		// Required here, not imported: a production server does not load it.
		const pretty = require('pino-pretty') as typeof PinoPretty
		return pino(options, pretty({ colorize: true, messageKey: 'event', translateTime: 'HH:MM:ss.l', sync: true }))
	}
	return pino(options, pino.destination({ fd: 1, sync: true }))
}

let base: pino.Logger | null = null

/** The pino logger itself (for pino-http); created on first use, when the environment is known. */
export function baseLogger(): pino.Logger {
	return (base ??= createBaseLogger())
}

export const logger = {
	debug: (event: string, fields?: Record<string, unknown>) => baseLogger().debug({ event, ...fields }),
	info: (event: string, fields?: Record<string, unknown>) => baseLogger().info({ event, ...fields }),
	warn: (event: string, fields?: Record<string, unknown>) => baseLogger().warn({ event, ...fields }),
	error: (event: string, fields?: Record<string, unknown>) => baseLogger().error({ event, ...fields }),
}

export function errorFields(error: unknown) {
	return error instanceof Error ? { error: error.message, stack: error.stack } : { error: String(error) }
}
