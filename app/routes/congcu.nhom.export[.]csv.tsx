import type { LoaderFunctionArgs } from '@remix-run/node'
import { asPlainResponse } from '~/catalogs/catalog.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { itemsExportResponse } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' }, '/congcu/nhom/export.csv')

/** GET /congcu/nhom/export.csv: every item of the list, in its order (for those who may export). */
export async function loader({ request }: LoaderFunctionArgs) {
	try {
		await requirePermission(request, 'CONGCU_NHOM', 'export')
	} catch (error) {
		throw await asPlainResponse(request, error)
	}
	return itemsExportResponse(TOOL_CATEGORY_LIST)
}
