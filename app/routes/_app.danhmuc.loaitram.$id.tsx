import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { recordIntent } from '~/catalogs/catalog.server'
import { ReferenceItemPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { itemAction, itemLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' }, '/danhmuc/loaitram/1')
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'DANHMUC_LOAITRAM', 'view')
	return itemLoader(STATION_TYPE_LIST, request, params.id, grants)
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requirePermission(request, 'DANHMUC_LOAITRAM', 'view')
	const intent = await recordIntent(request)
	const { user } = await requirePermission(request, 'DANHMUC_LOAITRAM', intent)
	return itemAction(STATION_TYPE_LIST, request, params.id, user, intent)
}

export default ReferenceItemPage
