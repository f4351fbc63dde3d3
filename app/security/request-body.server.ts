import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from 'express'
import { getFixedT } from '~/i18n/i18n.server'
import { languageFromCookieHeader, languageTag, requestLanguage } from '~/i18n/languages'
import { logger } from '~/utils/logger.server'

/** Forms and JSON: the permission matrix of 2,000 functions x 6 actions is about 150 kB. */
export const FORM_BODY_LIMIT = 1024 * 1024
/** Multipart framing and the form's other fields add a little to an uploaded file. */
export const UPLOAD_FRAMING_ALLOWANCE = 64 * 1024

const PAGE_METHODS = ['GET', 'HEAD', 'POST']
/** What Remix hands to an API route, whose own table answers 405 for those it does not take (decision 0037). */
const ROUTED_API_METHODS = ['GET', 'HEAD', 'OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE']
const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data'])
const JSON_TYPE = 'application/json'

type Refusal =
	'methodNotAllowed' | 'tooLarge' | 'unsupportedType' | 'malformed' | 'crossSite' | 'unavailable' | 'storageUnavailable' | 'serverError'
const STATUS: Record<Refusal, number> = {
	methodNotAllowed: 405,
	tooLarge: 413,
	unsupportedType: 415,
	malformed: 400,
	crossSite: 403,
	unavailable: 503,
	storageUnavailable: 503,
	serverError: 500,
}

/** The title and the text of a refusal's answer (a server error says what the error page says). */
function refusalText(refusal: Refusal): [title: string, detail: string] {
	return refusal === 'serverError'
		? ['errors.serverErrorTitle', 'errors.serverErrorBody']
		: [`errors.request.${refusal}`, `errors.request.${refusal}Detail`]
}

export function isApiPath(path: string) {
	return path === '/api' || path.startsWith('/api/')
}

/** CSV imports take a file up to MAX_UPLOAD_MB; they read it themselves, as a stream. With JavaScript the form posts to `….data`. */
export function isUploadPath(path: string) {
	return path.endsWith('/import') || path.endsWith('/import.data')
}

function escapeHtml(text: string) {
	return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
}

/**
 * A short answer, translated for pages (the `lang` cookie), JSON for the API (in the language no user is
 * known for yet: cookie, else Accept-Language); never a stack trace.
 * `log: false` when the caller reports refusals in bulk (load shedding: a line per refusal would add
 * to the overload).
 */
export function refuse(
	req: ExpressRequest,
	res: ExpressResponse,
	refusal: Refusal,
	headers: Record<string, string> = {},
	{ close = false, log = true } = {},
) {
	const status = STATUS[refusal]
	if (log) logger.warn('http.request_refused', { method: req.method, path: req.path, status, reason: refusal })
	const api = isApiPath(req.path)
	const language = api
		? requestLanguage(req.headers.cookie ?? null, req.get('Accept-Language') ?? null)
		: languageFromCookieHeader(req.headers.cookie ?? null)
	const t = getFixedT(language)
	const [titleKey, detailKey] = refusalText(refusal)
	res.status(status).set({ 'Cache-Control': 'no-store', ...headers })
	// Whatever is left of the body is read and dropped (not kept), so that the client, still sending,
	// reads this answer and the connection stays usable; past DISCARD_LIMIT the connection closes instead.
	if (close) res.set('Connection', 'close')
	else if (!req.complete) discardRest(req)
	if (api) {
		res.set('Content-Language', languageTag(language)).json({ message: t(titleKey) })
		return
	}
	const title = escapeHtml(t(titleKey))
	res
		.type('html')
		.send(
			`<!doctype html><html lang="${languageTag(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} | ${escapeHtml(t('app.name'))}</title></head>` +
				`<body><main><h1>${title}</h1><p>${escapeHtml(t(detailKey))}</p><p><a href="/">${escapeHtml(t('errors.goHome'))}</a></p></main></body></html>`,
		)
}

/** The media type of a Content-Type header, lower case, without parameters. */
function mediaType(header: string | undefined): string | null {
	const type = header?.split(';', 1)[0]?.trim().toLowerCase()
	return type ? type : null
}

function hasBody(req: ExpressRequest) {
	return req.headers['transfer-encoding'] !== undefined || Number(req.headers['content-length'] ?? 0) > 0
}

/** More than this read and dropped from a refused or unread body closes the connection instead. */
const DISCARD_LIMIT = 64 * 1024 * 1024

/**
 * Reads the rest of a body nobody needs and drops it (a refused upload, a redirect to sign-in before
 * a form was read), so the next request on the keep-alive connection is not stuck behind it.
 */
export function discardRest(req: ExpressRequest) {
	let discarded = 0
	req.removeAllListeners('data')
	req.on('data', (chunk: Buffer) => {
		discarded += chunk.length
		if (discarded > DISCARD_LIMIT) req.socket.destroy()
	})
	req.resume()
}

/** Reads the whole body, refusing it as soon as it grows past `limit`; null when it did (the rest is left unread). */
function readLimited(req: ExpressRequest, limit: number): Promise<Buffer | null> {
	return new Promise((resolve, reject) => {
		const chunks: Buffer[] = []
		let size = 0
		const onData = (chunk: Buffer) => {
			size += chunk.length
			if (size <= limit) {
				chunks.push(chunk)
				return
			}
			req.off('data', onData)
			req.off('end', onEnd)
			req.pause()
			resolve(null)
		}
		const onEnd = () => resolve(Buffer.concat(chunks, size))
		req.on('data', onData)
		req.once('end', onEnd)
		req.once('error', reject)
	})
}

/** Whether a body of this type can be parsed at all: Remix would otherwise fail inside a route with a 500. */
async function isWellFormed(type: string, contentType: string, body: Buffer): Promise<boolean> {
	if (type === JSON_TYPE) {
		try {
			JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body))
			return true
		} catch {
			return false
		}
	}
	if (type === 'multipart/form-data') {
		try {
			await new Response(body as Uint8Array<ArrayBuffer>, { headers: { 'Content-Type': contentType } }).formData()
			return true
		} catch {
			return false
		}
	}
	return true
}

/**
 * Guards every request before Remix sees it: methods a route kind supports (405), a body of a known type
 * (415) that parses (400) and stays within its limit (413), measured while reading, before any parsing.
 * Forms and JSON are read here, within FORM_BODY_LIMIT, and handed on whole (`res.locals.body`); uploads
 * go on as a stream the import reads itself, refused here only when their declared length is too large.
 */
export function requestBodyGuard({
	maxUploadBytes,
	apiMethods,
}: {
	maxUploadBytes: number
	apiMethods: (path: string) => readonly string[] | null
}) {
	return async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
		const api = isApiPath(req.path)
		if (!(api ? ROUTED_API_METHODS : PAGE_METHODS).includes(req.method)) {
			const allowed = api ? (apiMethods(req.path) ?? ROUTED_API_METHODS.filter((method) => method !== 'OPTIONS')) : PAGE_METHODS
			refuse(req, res, 'methodNotAllowed', { Allow: allowed.join(', ') })
			return
		}
		if (req.method === 'GET' || req.method === 'HEAD') {
			next()
			return
		}
		const contentType = req.headers['content-type'] ?? ''
		const type = mediaType(contentType)
		if (!hasBody(req) && (api || req.method === 'DELETE')) {
			next()
			return
		}
		// Pages read forms; only the API reads JSON.
		if (type === null || !(FORM_TYPES.has(type) || (api && type === JSON_TYPE))) {
			refuse(req, res, 'unsupportedType')
			return
		}
		if (type === 'multipart/form-data' && !/;\s*boundary=/i.test(contentType)) {
			refuse(req, res, 'malformed')
			return
		}
		const upload = isUploadPath(req.path)
		const limit = upload ? maxUploadBytes + UPLOAD_FRAMING_ALLOWANCE : FORM_BODY_LIMIT
		const declared = Number(req.headers['content-length'] ?? 0)
		if (!Number.isSafeInteger(declared) || declared > limit) {
			refuse(req, res, 'tooLarge', {}, { close: !Number.isSafeInteger(declared) || declared > DISCARD_LIMIT })
			return
		}
		if (upload) {
			next()
			return
		}
		let body: Buffer | null
		try {
			body = await readLimited(req, limit)
		} catch {
			// The client went away mid-body: nobody is left to answer.
			req.destroy()
			return
		}
		if (body === null) {
			refuse(req, res, 'tooLarge')
			return
		}
		if (!(await isWellFormed(type, contentType, body))) {
			refuse(req, res, 'malformed')
			return
		}
		res.locals.body = body
		next()
	}
}
