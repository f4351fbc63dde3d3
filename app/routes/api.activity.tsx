import { data, type ActionFunctionArgs } from '@remix-run/node'
import { getSessionState } from '~/auth/session.server'
import { getConfig } from '~/config.server'

/**
 * The client reports user activity (clicks, at most once a minute); resolving the session
 * extends its idle timeout. Answers 401 once the session has ended, so the page can say so.
 */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') throw data({ message: 'Method Not Allowed' }, { status: 405 })
	const state = await getSessionState(request)
	if (state.status !== 'active') return data({ active: false }, { status: 401 })
	return data({ active: true, idleExpiresAt: state.session.last_seen_at + getConfig().session.idleMs })
}
