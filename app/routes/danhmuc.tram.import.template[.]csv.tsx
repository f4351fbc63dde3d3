import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvTemplateResponse } from '~/catalogs/csv-export.server'
import { STATION_FIELDS } from '~/catalogs/stations'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' }, '/danhmuc/tram/import/template.csv')

/** GET /danhmuc/tram/import/template.csv: an empty import file, the header row only (for those who may import). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'DANHMUC_TRAM', 'import')
	return csvTemplateResponse('tram-mau-nhap.csv', STATION_FIELDS)
}
