import { getSessionState, setFlash, type Flash } from '~/auth/session.server'
import type { CatalogTextName } from '~/catalogs/catalog-texts'

/**
 * Leaves a message (a translation key and its values) for the page the browser is redirected to; the
 * layout shows it once, as a toast with JavaScript or a status region without (see `Toasts`).
 */
async function leaveFlash(request: Request, flash: Flash) {
	const state = await getSessionState(request)
	if (state.status === 'active') await setFlash(state.token, flash)
}

export async function flashSuccess(request: Request, message: string, values?: Record<string, string | number>) {
	await leaveFlash(request, { type: 'success', message, values })
}

/** One of a catalog's page texts (`created`, `saved`, `deleted`), in the reader's language when it is shown. */
export async function flashCatalogSuccess(
	request: Request,
	catalog: string,
	text: CatalogTextName,
	values: Record<string, string | number>,
) {
	await leaveFlash(request, { type: 'success', message: text, values, catalog })
}

/** A request turned down without harm, told on the page it came from (e.g. a bulk action with no row ticked). */
export async function flashWarning(request: Request, message: string, values?: Record<string, string | number>) {
	await leaveFlash(request, { type: 'warning', message, values })
}
