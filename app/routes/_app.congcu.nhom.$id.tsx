import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { recordIntent } from '~/catalogs/catalog.server'
import { ReferenceItemPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { itemAction, itemLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' }, '/congcu/nhom/1')
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request, params }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'CONGCU_NHOM', 'view')
	return itemLoader(TOOL_CATEGORY_LIST, request, params.id, grants)
}

export async function action({ request, params }: ActionFunctionArgs) {
	await requirePermission(request, 'CONGCU_NHOM', 'view')
	const intent = await recordIntent(request)
	const { user } = await requirePermission(request, 'CONGCU_NHOM', intent)
	return itemAction(TOOL_CATEGORY_LIST, request, params.id, user, intent)
}

export default ReferenceItemPage
