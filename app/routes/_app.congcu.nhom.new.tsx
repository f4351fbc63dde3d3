import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { NewReferenceItemPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { newItemAction, newItemLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' })
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'CONGCU_NHOM', 'create')
	return newItemLoader(TOOL_CATEGORY_LIST, request)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_NHOM', 'create')
	return newItemAction(TOOL_CATEGORY_LIST, request, user)
}

export default NewReferenceItemPage
