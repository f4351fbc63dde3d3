import { Writable } from 'node:stream'
import type { EntryContext, HandleDataRequestFunction } from '@remix-run/node'
import { RemixServer, isRouteErrorResponse } from '@remix-run/react'
import { renderToPipeableStream } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
import { getI18nInstance, getLanguage } from './i18n/i18n.server'
import { DOCUMENT_MENU, DocumentMenuContext } from './components/shell/menu-markup-context'
import type { MenuMarkupParts } from './components/shell/menu-markup.server'
import { documentResponse, fillPlaceholders, partsPlaceholder } from './server/document-parts.server'
import { databaseUnavailability } from './db/availability.server'
import { withCompactManifest } from './server/compact-manifest.server'
import { logger, requestContext } from './utils/logger.server'
import { takeRenderOnly } from './utils/render-only.server'
import { NonceProvider } from './utils/nonce'

export const streamTimeout = 5_000

/**
 * React 18.3's streaming renderer encodes short strings into a 2 kB buffer; when a multi-byte character
 * does not fit at the buffer's end it flushes the whole buffer, unused tail included, so one to three
 * zero bytes land in the page right before that character ("Tên c\0ủa" shows as "c�ủa"). HTML never
 * needs a NUL byte: dropping them restores the text.
 */
export function withoutNulBytes(html: Buffer): Buffer {
	let nul = html.indexOf(0)
	if (nul === -1) return html
	// Copies the runs between NUL bytes (a filter calling back per byte cost 28 ms on a 2,000-entry menu page).
	const cleaned = Buffer.allocUnsafe(html.length)
	let written = 0
	let start = 0
	while (nul !== -1) {
		written += html.copy(cleaned, written, start, nul)
		start = nul + 1
		nul = html.indexOf(0, start)
	}
	written += html.copy(cleaned, written, start)
	return cleaned.subarray(0, written)
}

/** Collects the rendered document: sent as one body, not as the renderer's dozens of 2 kB writes. */
function collect(onDone: (html: Buffer) => void): Writable {
	const chunks: Buffer[] = []
	return new Writable({
		write(chunk: Buffer, _encoding, callback) {
			chunks.push(chunk)
			callback()
		},
		final(callback) {
			onDone(withCompactManifest(withoutNulBytes(Buffer.concat(chunks))))
			callback()
		},
	})
}

export default async function handleRequest(
	request: Request,
	responseStatusCode: number,
	responseHeaders: Headers,
	remixContext: EntryContext,
) {
	const language = await getLanguage(request)
	const nonce = requestContext.getStore()?.cspNonce ?? ''
	// The menu is rendered and compressed once per role set: the render leaves a placeholder for it.
	const menu = takeRenderOnly<MenuMarkupParts>(DOCUMENT_MENU)
	const menuPlaceholders = menu && { nav: menu.nav.length > 0 ? partsPlaceholder('nav') : '' }
	// Bots and browsers alike get the whole document at once: nothing here streams in later,
	// and a page complete on arrival is what a browser without JavaScript needs.
	return new Promise<Response>((resolve, reject) => {
		let shellRendered = false
		const { pipe, abort } = renderToPipeableStream(
			<NonceProvider value={nonce}>
				<I18nextProvider i18n={getI18nInstance(language)}>
					<DocumentMenuContext.Provider value={menuPlaceholders ?? null}>
						<RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
					</DocumentMenuContext.Provider>
				</I18nextProvider>
			</NonceProvider>,
			{
				nonce,
				onAllReady() {
					shellRendered = true
					clearTimeout(abortTimer)
					responseHeaders.set('Content-Type', 'text/html; charset=utf-8')
					if (!responseHeaders.has('Cache-Control')) responseHeaders.set('Cache-Control', 'no-store')
					pipe(
						collect((html) => {
							const parts = menu ? fillPlaceholders(html, { nav: menu.nav }) : [html]
							resolve(documentResponse(parts, { headers: responseHeaders, status: responseStatusCode }))
						}),
					)
				},
				onShellError(error: unknown) {
					clearTimeout(abortTimer)
					reject(error)
				},
				onError(error: unknown) {
					responseStatusCode = 500
					if (shellRendered) logger.error('render.error', { error: String(error) })
				},
			},
		)
		// Cleared as soon as rendering ends: a timer left running per request holds its whole render in memory.
		const abortTimer = setTimeout(abort, streamTimeout + 1_000)
	})
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
	if (!response.headers.has('Cache-Control')) response.headers.set('Cache-Control', 'no-store')
	return response
}

export function handleError(error: unknown, { request }: { request: Request }) {
	if (request.signal.aborted) return
	const where = { method: request.method, path: new URL(request.url).pathname }
	// A 4xx that Remix raises itself (an unsupported method, an unknown route's action) is not a fault.
	if (error instanceof Response || isRouteErrorResponse(error)) {
		logger.warn('request.refused', { ...where, status: error.status })
		return
	}
	const unavailable = databaseUnavailability(error)
	const context = requestContext.getStore()
	if (unavailable && context) {
		context.databaseUnavailable = unavailable
		logger.warn('db.unavailable', { ...where, reason: unavailable, error: error instanceof Error ? error.message : String(error) })
		return
	}
	logger.error('request.error', {
		...where,
		error: error instanceof Error ? error.message : String(error),
		stack: error instanceof Error ? error.stack : undefined,
	})
}
