import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { getRequestCatalog } from './catalog-routes.server'

/** GET /<prefix>/export.csv?…: the records of the list's current search and filters, in its order (decision 0070: generated for every catalog). */
export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requireDownloadPermission(request, catalog.entry.functionCode, 'export')
	return catalog.routes.export(request, access)
}
