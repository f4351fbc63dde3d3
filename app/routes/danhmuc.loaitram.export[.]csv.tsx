import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { itemsExportResponse } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' }, '/danhmuc/loaitram/export.csv')

/** GET /danhmuc/loaitram/export.csv(?q, sort, dir): the items the list's search selects, in its order (for those who may export). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'DANHMUC_LOAITRAM', 'export')
	return itemsExportResponse(STATION_TYPE_LIST, request)
}
