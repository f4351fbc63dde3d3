import type { LoaderFunctionArgs } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { bulkLabelsLoader } from '~/catalogs/bulk-route.server'
import { LabelSheet } from '~/components/labels'
import { requirePermission } from '~/permissions/grants.server'
import { getRequestCatalog } from './catalog-routes.server'

// GET /<prefix>/labels?id=…&id=…: the print page of the ticked records' labels (the list's export grant);
// generated for the catalogs whose registry entry has labels (decision 0070).
export { catalogPageLinks as links, catalogPageMeta as meta } from './page-route'

export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'export')
	const { spec, scope } = await catalog.routes.bulk(request, access)
	return bulkLabelsLoader(request, spec, scope)
}

export default function CatalogLabelsRoute() {
	return <LabelSheet page={useLoaderData<typeof loader>()} />
}
