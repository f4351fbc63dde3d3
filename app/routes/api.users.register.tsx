import { routeHandle } from '~/permissions/access'
import { type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node'
import { registerSchema } from '~/users/forms.server'
import { recordAudit } from '~/audit/audit.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getT } from '~/i18n/i18n.server'
import { requireApiPermission } from '~/permissions/grants.server'
import { EmailTakenError } from '~/users/users.server'
import { methodNotAllowed, parseApiBody, toApiUser } from '~/utils/api.server'
import { getClientIp } from '~/utils/logger.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiPermission(request, 'QUANTRI_USERS', 'create')
	throw methodNotAllowed(['POST'])
}

/** The seed's registration, as an administrator's action: needs `create` on QUANTRI_USERS. */
export async function action({ request }: ActionFunctionArgs) {
	if (request.method !== 'POST') throw methodNotAllowed(['POST'])
	const { user: actor } = await requireApiPermission(request, 'QUANTRI_USERS', 'create')
	const t = await getT(request)
	const body = await parseApiBody(request, registerSchema, t)
	try {
		const user = await getAuthProvider().createAccount({
			email: body.email,
			password: body.password,
			firstName: body.firstName,
			lastName: body.lastName,
			mustChangePassword: true,
		})
		await recordAudit({ action: 'user.created', actor, entity: 'user', entityId: user.id, ip: getClientIp(), details: { email: user.email, via: 'api' } })
		return Response.json(toApiUser(user))
	} catch (error) {
		if (error instanceof EmailTakenError) {
			return Response.json({ message: `Username "${body.username || body.email}" is already taken` }, { status: 400 })
		}
		throw error
	}
}
