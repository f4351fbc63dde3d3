import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { asPlainResponse } from '~/catalogs/catalog.server'
import { stationBulk } from '~/catalogs/stations.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' }, '/danhmuc/tram/export-selected.csv')

/** GET /danhmuc/tram/export-selected.csv?id=…&id=…: the CSV of the stations ticked in the list. */
export async function loader({ request }: LoaderFunctionArgs) {
	try {
		await requirePermission(request, 'DANHMUC_TRAM', 'export')
	} catch (error) {
		throw await asPlainResponse(request, error)
	}
	return bulkExportLoader(request, stationBulk)
}
