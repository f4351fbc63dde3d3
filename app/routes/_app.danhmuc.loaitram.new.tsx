import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NewReferenceItemPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { newItemAction, newItemLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' })
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'DANHMUC_LOAITRAM', 'create')
	return newItemLoader(STATION_TYPE_LIST, request)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_LOAITRAM', 'create')
	return newItemAction(STATION_TYPE_LIST, request, user)
}

export default NewReferenceItemPage
