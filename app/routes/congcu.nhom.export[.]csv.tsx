import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { itemsExportResponse } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' }, '/congcu/nhom/export.csv')

/** GET /congcu/nhom/export.csv(?q, sort, dir): the items the list's search selects, in its order (for those who may export). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'CONGCU_NHOM', 'export')
	return itemsExportResponse(TOOL_CATEGORY_LIST, request)
}
