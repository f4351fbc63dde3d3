import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvTemplateResponse } from '~/catalogs/csv-export.server'
import { TOOL_FIELDS } from '~/catalogs/tools'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' }, '/congcu/list/import/template.csv')

/** GET /congcu/list/import/template.csv: an empty import file, the header row only (for those who may import). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'CONGCU_LIST', 'import')
	return csvTemplateResponse('congcu-mau-nhap.csv', TOOL_FIELDS)
}
