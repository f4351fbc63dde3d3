import { createReadableStreamFromReadable, createRequestHandler, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { discardRest, isApiPath, refuse } from '~/security/request-body.server'
import { finishApiAnswer } from '~/utils/api.server'
import { requestContext } from '~/utils/logger.server'
import { documentParts, gzipParts } from './document-parts.server'

/** Seconds a client is asked to wait when the database is unavailable. */
const DATABASE_RETRY_AFTER_SECONDS = 5

/**
 * The request's headers for Remix, with `Host` the host the request was resolved to (`requestUrl`) and no
 * `X-Forwarded-Host`: Remix compares an action's Origin with these itself, and would otherwise believe
 * a forwarded host TRUST_PROXY does not.
 */
function requestHeaders(req: ExpressRequest, url: URL): Headers {
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined || name === 'host' || name === 'x-forwarded-host') continue
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
	}
	headers.set('Host', url.host)
	return headers
}

/**
 * Writes a streamed body, waiting whenever the socket (or the compressor in front of it) is full, so a
 * large download is produced as fast as the client reads it: memory stays flat, and the producer
 * (a CSV export, say) pauses instead of queuing the whole file. A client that goes away cancels it.
 */
export async function writeBody(res: ExpressResponse, body: ReadableStream<Uint8Array>) {
	const reader = body.getReader()
	let wake: (() => void) | null = null
	const resume = () => {
		wake?.()
		wake = null
	}
	res.on('drain', resume)
	res.on('close', resume)
	try {
		for (;;) {
			const { done, value } = await reader.read()
			if (done) break
			if (res.destroyed) {
				await reader.cancel()
				return
			}
			const flushed = res.write(value)
			// The compressor holds back what it has until flushed: each chunk reaches the client as it is made.
			;(res as ExpressResponse & { flush?: () => void }).flush?.()
			if (!flushed && !res.destroyed) await new Promise<void>((resolve) => (wake = resolve))
		}
		res.end()
	} catch (error) {
		await reader.cancel().catch(() => undefined)
		res.destroy(error instanceof Error ? error : new Error(String(error)))
	}
}

async function send(req: ExpressRequest, res: ExpressResponse, response: Response) {
	res.statusMessage = response.statusText
	res.status(response.status)
	// A header the route sets replaces the server's own (the security headers); only cookies add up.
	for (const [name, value] of response.headers.entries()) {
		if (name === 'set-cookie') res.append(name, value)
		else res.setHeader(name, value)
	}
	const parts = documentParts(response)
	if (parts && response.body && req.acceptsEncodings('gzip', 'identity') === 'gzip') {
		// Compressed here, the parts compressed once copied as they are: the compression middleware passes it on.
		await response.body.cancel()
		const body = gzipParts(parts)
		res.vary('Accept-Encoding')
		res.setHeader('Content-Encoding', 'gzip')
		res.setHeader('Content-Length', body.length)
		res.end(body)
	} else if (response.body) await writeBody(res, response.body)
	else res.end()
}

/**
 * Express to Remix, like @remix-run/express's handler, except that a body the request guard has already
 * read and checked (`res.locals.body`) is handed on as it is, and the URL is the one the server resolved
 * (`res.locals.url`, see `requestUrl`; a request without one is a 400).
 */
export function remixRequestHandler(build: ServerBuild) {
	const handleRequest = createRequestHandler(build, build.mode)
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const url = res.locals.url as URL | undefined
		if (!url) {
			refuse(req, res, 'malformed')
			return
		}
		let controller: AbortController | null = new AbortController()
		res.on('finish', () => (controller = null))
		res.on('close', () => controller?.abort())
		const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: requestHeaders(req, url), signal: controller.signal }
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			const body = res.locals.body as Buffer | undefined
			init.body = body ? (body as Uint8Array<ArrayBuffer>) : createReadableStreamFromReadable(req)
			init.duplex = 'half'
		}
		try {
			const request = new Request(url.href, init)
			let response = await handleRequest(request)
			// The database was unavailable (handleError noted it): a 503 the client may retry, not an error page.
			const unavailable = requestContext.getStore()?.databaseUnavailable
			if (response.status >= 500 && unavailable) {
				await response.body?.cancel()
				refuse(
					req,
					res,
					unavailable === 'storage' ? 'storageUnavailable' : 'unavailable',
					{ 'Retry-After': String(DATABASE_RETRY_AFTER_SECONDS) },
					{ log: false },
				)
				return
			}
			if (isApiPath(url.pathname)) response = await finishApiAnswer(request, response)
			// API answers are about one user at one moment: no shared or browser cache keeps them.
			if (!response.headers.has('Cache-Control') && /json/i.test(response.headers.get('Content-Type') ?? '')) {
				response.headers.set('Cache-Control', 'no-store')
			}
			await send(req, res, response)
			if (!req.complete) discardRest(req)
		} catch (error) {
			next(error)
		}
	}
}
