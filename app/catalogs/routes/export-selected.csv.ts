import type { LoaderFunctionArgs } from '@remix-run/node'
import { bulkExportLoader } from '~/catalogs/bulk-route.server'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { getRequestCatalog } from './catalog-routes.server'

/** GET /<prefix>/export-selected.csv?id=…&id=…: the CSV of the records ticked in the list (decision 0070: generated for every catalog). */
export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requireDownloadPermission(request, catalog.entry.functionCode, 'export')
	const { spec, scope } = await catalog.routes.bulk(request, access)
	return bulkExportLoader(request, spec, scope)
}
