import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { ReferenceListPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { referenceListAction, referenceListLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' })
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	const access = await requirePermission(request, 'CONGCU_NHOM', 'view')
	return referenceListLoader(TOOL_CATEGORY_LIST, request, access)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_NHOM', 'view')
	return referenceListAction(TOOL_CATEGORY_LIST, request, user)
}

export default ReferenceListPage
