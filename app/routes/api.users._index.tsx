import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { requireApiPermission } from '~/permissions/grants.server'
import { listUsers } from '~/users/users.server'
import { answerApi, type ApiMethods, toApiUser } from '~/utils/api.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

/** The seed's user list: needs `view` on QUANTRI_USERS. */
export const methods = {
	GET: async ({ request }) => {
		await requireApiPermission(request, 'QUANTRI_USERS', 'view')
		return Response.json((await listUsers()).map(toApiUser))
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
