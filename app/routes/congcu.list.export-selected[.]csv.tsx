import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { toolBulk } from '~/catalogs/tools.server'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' }, '/congcu/list/export-selected.csv')

/** GET /congcu/list/export-selected.csv?id=…&id=…: the CSV of the tools ticked in the list. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requireDownloadPermission(request, 'CONGCU_LIST', 'export')
	return bulkExportLoader(request, toolBulk, scope)
}
