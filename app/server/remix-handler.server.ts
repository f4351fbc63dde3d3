import { createReadableStreamFromReadable, createRequestHandler, writeReadableStreamToWritable, type ServerBuild } from '@remix-run/node'
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { discardRest, refuse } from '~/security/request-body.server'

/** The URL Remix sees: protocol and host as Express resolved them (they honour TRUST_PROXY). */
function requestUrl(req: ExpressRequest): URL | null {
	const port = /:(\d{1,5})$/.exec(req.get('X-Forwarded-Host') ?? req.get('Host') ?? '')?.[1]
	try {
		return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ''}${req.originalUrl}`)
	} catch {
		return null
	}
}

function requestHeaders(req: ExpressRequest): Headers {
	const headers = new Headers()
	for (const [name, value] of Object.entries(req.headers)) {
		if (value === undefined) continue
		for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
	}
	return headers
}

async function send(res: ExpressResponse, response: Response) {
	res.statusMessage = response.statusText
	res.status(response.status)
	for (const [name, value] of response.headers.entries()) res.append(name, value)
	if (response.body) await writeReadableStreamToWritable(response.body, res)
	else res.end()
}

/**
 * Express to Remix, like @remix-run/express's handler, except that a body the request guard has already
 * read and checked (`res.locals.body`) is handed on as it is, and a Host header that makes no URL is a 400.
 */
export function remixRequestHandler(build: ServerBuild) {
	const handleRequest = createRequestHandler(build, build.mode)
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const url = requestUrl(req)
		if (!url) {
			refuse(req, res, 'malformed')
			return
		}
		let controller: AbortController | null = new AbortController()
		res.on('finish', () => (controller = null))
		res.on('close', () => controller?.abort())
		const init: RequestInit & { duplex?: 'half' } = { method: req.method, headers: requestHeaders(req), signal: controller.signal }
		if (req.method !== 'GET' && req.method !== 'HEAD') {
			const body = res.locals.body as Buffer | undefined
			init.body = body ? (body as Uint8Array<ArrayBuffer>) : createReadableStreamFromReadable(req)
			init.duplex = 'half'
		}
		try {
			const response = await handleRequest(new Request(url.href, init))
			// API answers are about one user at one moment: no shared or browser cache keeps them.
			if (!response.headers.has('Cache-Control') && /json/i.test(response.headers.get('Content-Type') ?? '')) {
				response.headers.set('Cache-Control', 'no-store')
			}
			await send(res, response)
			if (!req.complete) discardRest(req)
		} catch (error) {
			next(error)
		}
	}
}
