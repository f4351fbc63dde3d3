import type { LoaderFunctionArgs } from '@remix-run/node'
import { asPlainResponse } from '~/catalogs/catalog.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { itemsTemplateResponse } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' }, '/danhmuc/loaitram/import/template.csv')

/** GET /danhmuc/loaitram/import/template.csv: an empty import file, the header row only (for those who may import). */
export async function loader({ request }: LoaderFunctionArgs) {
	try {
		await requirePermission(request, 'DANHMUC_LOAITRAM', 'import')
	} catch (error) {
		throw await asPlainResponse(request, error)
	}
	return itemsTemplateResponse(STATION_TYPE_LIST)
}
