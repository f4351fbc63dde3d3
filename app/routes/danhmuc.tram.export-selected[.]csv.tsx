import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { stationBulk } from '~/catalogs/stations.server'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' }, '/danhmuc/tram/export-selected.csv')

/** GET /danhmuc/tram/export-selected.csv?id=…&id=…: the CSV of the stations ticked in the list. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requireDownloadPermission(request, 'DANHMUC_TRAM', 'export')
	return bulkExportLoader(request, stationBulk, scope)
}
