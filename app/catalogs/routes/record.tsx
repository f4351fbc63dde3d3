import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { recordIntent } from '~/catalogs/catalog.server'
import { requirePermission } from '~/permissions/grants.server'
import { getRequestCatalog } from './catalog-routes.server'
import { useCatalogPage } from './pages'

// A catalog's record (/<prefix>/:id, its delete confirmation at ?intent=delete): generated for every catalog (decision 0070).
export { catalogPageLinks as links, catalogPageMeta as meta } from './page-route'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'view')
	return catalog.routes.record.loader(request, params, access)
}

/** View first (a stranger learns nothing of the form), then the action the form names: update or delete. */
export async function action({ request, params }: ActionFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const { scope: view } = await requirePermission(request, catalog.entry.functionCode, 'view')
	const intent = await recordIntent(request)
	if (!intent) throw new Response(null, { status: 400 })
	const access = await requirePermission(request, catalog.entry.functionCode, intent)
	return catalog.routes.record.action(request, params, intent, access, view)
}

export default function CatalogRecordRoute() {
	const Page = useCatalogPage('record')
	return <Page />
}
