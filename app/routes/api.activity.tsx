import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { getSessionState } from '~/auth/session.server'
import { getConfig } from '~/config.server'
import { answerApi, type ApiMethods } from '~/utils/api.server'

export const handle = routeHandle({ authenticated: true })

/**
 * The client reports user activity (clicks, at most once a minute); resolving the session
 * extends its idle timeout. Answers 401 once the session has ended, so the page can say so.
 */
export const methods = {
	POST: async ({ request }) => {
		const state = await getSessionState(request)
		if (state.status !== 'active') return Response.json({ active: false }, { status: 401 })
		const idleExpiresAt = state.session.last_seen_at + getConfig().session.idleMs
		// The remaining time as well as the instant: the browser's clock may not be the server's.
		return Response.json({ active: true, idleExpiresAt, idleExpiresInMs: idleExpiresAt - Date.now() })
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
