import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { bulkOf } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' }, '/congcu/nhom/export-selected.csv')

/** GET /congcu/nhom/export-selected.csv?id=…&id=…: the CSV of the tool categories ticked in the list. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'CONGCU_NHOM', 'export')
	return bulkExportLoader(request, await bulkOf(TOOL_CATEGORY_LIST, request))
}
