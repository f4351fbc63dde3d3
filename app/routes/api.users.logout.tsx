import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { recordAudit } from '~/audit/audit.server'
import { resolveBearerToken, revokeApiToken } from '~/auth/api-token.server'
import { getApiT } from '~/i18n/api-language.server'
import { unauthorised } from '~/permissions/grants.server'
import { answerApi, type ApiMethods } from '~/utils/api.server'
import { getClientIp } from '~/utils/logger.server'

export const handle = routeHandle({ authenticated: true })

/** POST /api/users/logout: ends the bearer token the request presents (a session cookie is not enough). */
export const methods = {
	POST: async ({ request }) => {
		const bearer = await resolveBearerToken(request)
		if (!bearer) return unauthorised(request)
		await revokeApiToken(bearer.user.id, bearer.tokenId)
		await recordAudit({
			action: 'auth.sign_out',
			actor: bearer.user,
			entity: 'user',
			entityId: bearer.user.id,
			ip: getClientIp(),
			details: { via: 'api' },
		})
		return Response.json({ message: (await getApiT(request))('security.tokens.signedOut') })
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
