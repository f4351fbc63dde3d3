import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import { requirePermission } from '~/permissions/grants.server'
import { EVERYWHERE } from '~/permissions/scope'
import { keepHeaders } from '~/utils/headers'
import { getRequestCatalog } from './catalog-routes.server'
import { useCatalogPage } from './pages'

// A catalog's CSV import page (/<prefix>/import): generated for every catalog (decision 0070).
export { catalogPageLinks as links, catalogPageMeta as meta } from './page-route'

export const headers = keepHeaders('Connection')

export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const { user } = await requirePermission(request, catalog.entry.functionCode, 'import')
	return importPageLoader(request, user, catalog.routes.import.spec)
}

export async function action({ request }: ActionFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const { user, scope } = await requirePermission(request, catalog.entry.functionCode, 'import')
	return importPageAction(request, user, catalog.routes.import.spec, catalog.routes.import.scoped ? scope : EVERYWHERE)
}

export default function CatalogImportRoute() {
	const Page = useCatalogPage('import')
	return <Page />
}
