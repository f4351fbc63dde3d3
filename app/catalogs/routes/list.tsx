import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/permissions/grants.server'
import { getRequestCatalog } from './catalog-routes.server'
import { useCatalogPage } from './pages'

// A catalog's list (/<prefix>): generated for every catalog of the registry (decision 0070).
export { catalogPageLinks as links, catalogPageMeta as meta } from './page-route'

export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'view')
	return catalog.routes.list.loader(request, access)
}

export async function action({ request }: ActionFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'view')
	return catalog.routes.list.action(request, access)
}

export default function CatalogListRoute() {
	const Page = useCatalogPage('list')
	return <Page />
}
