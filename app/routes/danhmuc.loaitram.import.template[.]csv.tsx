import type { LoaderFunctionArgs } from '@remix-run/node'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { itemsTemplateResponse } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' }, '/danhmuc/loaitram/import/template.csv')

/** GET /danhmuc/loaitram/import/template.csv: an empty import file, the header row only (for those who may import). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'DANHMUC_LOAITRAM', 'import')
	return itemsTemplateResponse(STATION_TYPE_LIST)
}
