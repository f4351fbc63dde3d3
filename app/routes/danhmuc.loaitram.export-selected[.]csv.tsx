import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { bulkOf } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' }, '/danhmuc/loaitram/export-selected.csv')

/** GET /danhmuc/loaitram/export-selected.csv?id=…&id=…: the CSV of the station types ticked in the list. */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'DANHMUC_LOAITRAM', 'export')
	return bulkExportLoader(request, await bulkOf(STATION_TYPE_LIST, request))
}
