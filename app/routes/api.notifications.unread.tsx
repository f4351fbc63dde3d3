import type { LoaderFunctionArgs } from '@remix-run/node'
import { peekUser } from '~/auth/session.server'
import { countUnread } from '~/notifications/notifications.server'
import { routeHandle } from '~/permissions/access'
import { unauthorised } from '~/permissions/grants.server'
import { answerApi, type ApiMethods } from '~/utils/api.server'

export const handle = routeHandle({ authenticated: true })

/**
 * `{unread}`: the count the top bar polls with JavaScript. Asking does not count as activity (the
 * session's idle timeout runs on), and a session that has ended gets 401, never a redirect that would
 * take the page away from what the user is typing.
 */
export const methods = {
	GET: async ({ request }) => {
		const user = await peekUser(request)
		if (!user) return unauthorised(request)
		return Response.json({ unread: await countUnread(user.id) }, { headers: { 'Cache-Control': 'no-store' } })
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
