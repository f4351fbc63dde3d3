import { routeHandle } from '~/permissions/access'
import { type ActionFunctionArgs } from '@remix-run/node'
import { recordAudit } from '~/audit/audit.server'
import { resolveBearerToken, revokeApiToken } from '~/auth/api-token.server'
import { getT } from '~/i18n/i18n.server'
import { unauthorised } from '~/permissions/grants.server'
import { methodNotAllowed } from '~/utils/api.server'
import { getClientIp } from '~/utils/logger.server'

export const handle = routeHandle({ authenticated: true })

/** POST /api/users/logout: ends the bearer token the request presents (a session cookie is not enough). */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') throw methodNotAllowed(['POST'])
	const bearer = await resolveBearerToken(request)
	if (!bearer) throw unauthorised()
	await revokeApiToken(bearer.user.id, bearer.tokenId)
	await recordAudit({ action: 'auth.sign_out', actor: bearer.user, entity: 'user', entityId: bearer.user.id, ip: getClientIp(), details: { via: 'api' } })
	return Response.json({ message: (await getT(request))('security.tokens.signedOut') })
}
