import { data, type LoaderFunctionArgs } from '@remix-run/node'
import { requireApiPermission } from '~/permissions/grants.server'
import { listUsers } from '~/users/users.server'
import { toApiUser } from '~/utils/api.server'

/** The seed's user list: needs `view` on QUANTRI_USERS. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireApiPermission(request, 'QUANTRI_USERS', 'view')
	return data((await listUsers()).map(toApiUser))
}
