import { randomUUID } from 'node:crypto'
import { isIP } from 'node:net'
import type express from 'express'
import { createCsrfToken, csrfCookieName, csrfSetCookie, readCookie, verifyCsrfCookie } from '~/security/csrf.server'
import { clientOnLoopback } from '~/server/request-address.server'
import { runAfterResponse } from '~/utils/after-response.server'
import { requestContext, type RequestContext } from '~/utils/logger.server'

/** The public, cacheable JSON a client reads before signing in (`Cache-Control: public`). */
const PUBLIC_RESOURCE = /^\/assets\/(config\.json|i18n\/[^/]+)$/

/** Per-request context: id, client address, CSP nonce, CSRF cookie; one log line per request (`logRequest`). */
export function requestContextMiddleware(
	routeId: (pathname: string) => string,
	logRequest: (req: express.Request, res: express.Response) => void,
): express.RequestHandler {
	return (req, res, next) => {
		const requestId = (req.get('X-Request-Id') ?? '').slice(0, 64).replace(/[^\w.-]/g, '') || randomUUID()
		const cspNonce = String(res.locals.cspNonce)
		let csrfToken = verifyCsrfCookie(readCookie(req.headers.cookie, csrfCookieName()))
		// Shared caches may keep the public JSON resources: no cookie may travel with them (they hold no form).
		if (!csrfToken && !PUBLIC_RESOURCE.test(req.path)) {
			const created = createCsrfToken()
			csrfToken = created.token
			res.append('Set-Cookie', csrfSetCookie(created.cookieValue))
		}
		res.setHeader('X-Request-Id', requestId)
		// Read now: once the socket is gone (a refused upload closes it), Express can no longer tell. A forwarded
		// "address" that is none (X-Forwarded-For says what the client wrote past the trusted proxies) is not kept.
		const clientIp = req.ip && isIP(req.ip) ? req.ip : (req.socket.remoteAddress ?? null)
		res.locals.route = routeId(req.path)
		res.locals.requestId = requestId
		res.locals.clientIp = clientIp
		logRequest(req, res)
		const context: RequestContext = {
			requestId,
			clientIp,
			clientOnLoopback: clientOnLoopback(req),
			cspNonce,
			csrfToken: csrfToken ?? '',
			dataRequest: req.path.endsWith('.data'),
			afterResponse: [],
		}
		res.once('close', () => runAfterResponse(context))
		requestContext.run(context, next)
	}
}
