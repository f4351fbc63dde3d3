import type express from 'express'
import { pinoHttp } from 'pino-http'
import { baseLogger } from '~/utils/logger.server'

/**
 * One JSON line per request that reaches the portal (not per static file or probe).
 * `requestId` comes from the request's logger, `event` from the message.
 */
export function requestLogger() {
	const requestLine = (req: express.Request, res: express.Response, logged: { responseTime?: number }) => ({
		method: req.method,
		path: req.path,
		status: res.statusCode,
		routeId: res.locals.route,
		clientIp: res.locals.clientIp,
		durationMs: logged.responseTime,
	})
	return pinoHttp<express.Request, express.Response>({
		logger: baseLogger(),
		genReqId: (_req, res) => String(res.locals.requestId),
		// The line is requestLine alone: never the request's headers (cookies, tokens) or the response's.
		quietReqLogger: true,
		quietResLogger: true,
		customAttributeKeys: { reqId: 'requestId' },
		customSuccessObject: requestLine,
		customErrorObject: (req, res, _error, logged) => requestLine(req, res, logged),
		// The message is the line's `event` (the logger's message key).
		customSuccessMessage: () => 'http.request',
		customErrorMessage: () => 'http.request',
	})
}
