import type { LoaderFunctionArgs } from '@remix-run/node'
import { peekUser } from '~/auth/session.server'
import { countUnread } from '~/notifications/notifications.server'
import { routeHandle } from '~/permissions/access'

export const handle = routeHandle({ authenticated: true })

/**
 * `{unread}`: the count the top bar polls with JavaScript. Asking does not count as activity (the
 * session's idle timeout runs on), and a session that has ended gets 401, never a redirect that would
 * take the page away from what the user is typing.
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const headers = { 'Cache-Control': 'no-store' }
	const user = await peekUser(request)
	if (!user) return Response.json({ message: 'Unauthorised' }, { status: 401, headers })
	return Response.json({ unread: await countUnread(user.id) }, { headers })
}
