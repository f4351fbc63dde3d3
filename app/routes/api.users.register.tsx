import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { registerSchema } from '~/users/forms.server'
import { recordAudit } from '~/audit/audit.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getApiT } from '~/i18n/api-language.server'
import { requireApiPermission } from '~/permissions/grants.server'
import { EmailTakenError } from '~/users/users.server'
import { answerApi, type ApiMethods, parseApiBody, toApiUser } from '~/utils/api.server'
import { getClientIp } from '~/utils/logger.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

/** The seed's registration, as an administrator's action: needs `create` on QUANTRI_USERS. */
export const methods = {
	POST: async ({ request }) => {
		const { user: actor } = await requireApiPermission(request, 'QUANTRI_USERS', 'create')
		const t = await getApiT(request)
		const body = await parseApiBody(request, registerSchema, t)
		try {
			const user = await getAuthProvider().createAccount({
				email: body.email,
				password: body.password,
				firstName: body.firstName,
				lastName: body.lastName,
				mustChangePassword: true,
			})
			await recordAudit({
				action: 'user.created',
				actor,
				entity: 'user',
				entityId: user.id,
				ip: getClientIp(),
				details: { email: user.email, via: 'api' },
			})
			return Response.json(toApiUser(user))
		} catch (error) {
			if (error instanceof EmailTakenError) {
				// The seed's text in English (the contract); translated in the other languages.
				return Response.json({ message: t('api.usernameTaken', { username: body.username || body.email }) }, { status: 400 })
			}
			throw error
		}
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
