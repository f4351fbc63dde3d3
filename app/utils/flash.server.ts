import { getSessionState, setFlash } from '~/auth/session.server'

/**
 * Leaves a message (a translation key and its values) for the page the browser is redirected to; the
 * layout shows it once, as a toast with JavaScript or a status region without (see `Toasts`).
 */
export async function flashSuccess(request: Request, message: string, values?: Record<string, string | number>) {
	const state = await getSessionState(request)
	if (state.status === 'active') await setFlash(state.token, { type: 'success', message, values })
}
