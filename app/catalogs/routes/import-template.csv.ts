import type { LoaderFunctionArgs } from '@remix-run/node'
import { requireDownloadPermission } from '~/permissions/download-permission.server'
import { getRequestCatalog } from './catalog-routes.server'

/** GET /<prefix>/import/template.csv: an empty import file, the header row only, for those who may import (decision 0070: generated for every catalog). */
export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	await requireDownloadPermission(request, catalog.entry.functionCode, 'import')
	return catalog.routes.importTemplate()
}
