import { routeHandle } from '~/permissions/access'
import { type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiPermission } from '~/permissions/grants.server'
import { listUsers } from '~/users/users.server'
import { toApiUser } from '~/utils/api.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

/** The seed's user list: needs `view` on QUANTRI_USERS. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiPermission(request, 'QUANTRI_USERS', 'view')
	return Response.json((await listUsers()).map(toApiUser))
}
