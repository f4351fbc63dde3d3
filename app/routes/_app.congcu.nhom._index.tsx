import type { LoaderFunctionArgs } from '@remix-run/node'
import { ReferenceListPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { referenceListLoader } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' })
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	const { grants } = await requirePermission(request, 'CONGCU_NHOM', 'view')
	return referenceListLoader(TOOL_CATEGORY_LIST, request, grants)
}

export default ReferenceListPage
