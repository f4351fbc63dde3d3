import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { requirePermission } from '~/permissions/grants.server'
import { getRequestCatalog } from './catalog-routes.server'
import { useCatalogPage } from './pages'

// A catalog's new-record page (/<prefix>/new): generated for every catalog (decision 0070).
export { catalogPageLinks as links, catalogPageMeta as meta } from './page-route'

export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'create')
	return catalog.routes.new.loader(request, access)
}

export async function action({ request }: ActionFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'create')
	return catalog.routes.new.action(request, access)
}

export default function CatalogNewRecordRoute() {
	const Page = useCatalogPage('new')
	return <Page />
}
