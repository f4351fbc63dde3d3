import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { requireApiPermission } from '~/permissions/grants.server'
import { usersInBatches } from '~/users/users.server'
import { answerApi, jsonArrayResponse, type ApiMethods, toApiUser } from '~/utils/api.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' })

/** The seed's user list, every account (streamed a batch at a time): needs `view` on QUANTRI_USERS. */
export const methods = {
	GET: async ({ request }) => {
		await requireApiPermission(request, 'QUANTRI_USERS', 'view')
		return jsonArrayResponse(usersInBatches(), toApiUser)
	},
} satisfies ApiMethods
export const loader = (args: LoaderFunctionArgs) => answerApi(methods, args)
export const action = loader
