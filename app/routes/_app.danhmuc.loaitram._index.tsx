import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ReferenceListPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { referenceListAction, referenceListLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' })
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	const access = await requirePermission(request, 'DANHMUC_LOAITRAM', 'view')
	return referenceListLoader(STATION_TYPE_LIST, request, access)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_LOAITRAM', 'view')
	return referenceListAction(STATION_TYPE_LIST, request, user)
}

export default ReferenceListPage
