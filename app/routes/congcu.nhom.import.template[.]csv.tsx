import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { itemsTemplateResponse } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' }, '/congcu/nhom/import/template.csv')

/** GET /congcu/nhom/import/template.csv: an empty import file, the header row only (for those who may import). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'CONGCU_NHOM', 'import')
	return itemsTemplateResponse(TOOL_CATEGORY_LIST)
}
