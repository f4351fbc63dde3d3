import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { asPlainResponse } from '~/catalogs/catalog.server'
import { toolBulk } from '~/catalogs/tools.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' }, '/congcu/list/export-selected.csv')

/** GET /congcu/list/export-selected.csv?id=…&id=…: the CSV of the tools ticked in the list. */
export async function loader({ request }: LoaderFunctionArgs) {
	try {
		await requirePermission(request, 'CONGCU_LIST', 'export')
	} catch (error) {
		throw await asPlainResponse(request, error)
	}
	return bulkExportLoader(request, toolBulk)
}
