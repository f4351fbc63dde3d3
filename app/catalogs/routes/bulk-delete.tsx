import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { bulkDeleteAction, bulkDeleteLoader } from '~/catalogs/bulk-route.server'
import { BulkDeleteConfirmation } from '~/components/bulk'
import { requirePermission } from '~/permissions/grants.server'
import { getRequestCatalog } from './catalog-routes.server'

// The confirmation and the bulk delete of a catalog's ticked records (/<prefix>/bulk-delete): generated for every catalog (decision 0070).
export { catalogPageLinks as links, catalogPageMeta as meta } from './page-route'

export async function loader({ request }: LoaderFunctionArgs) {
	const catalog = getRequestCatalog(request)
	const access = await requirePermission(request, catalog.entry.functionCode, 'delete')
	const { spec, scope } = await catalog.routes.bulk(request, access)
	return bulkDeleteLoader(request, spec, scope)
}

export async function action({ request }: ActionFunctionArgs) {
	const catalog = getRequestCatalog(request)
	return bulkDeleteAction(request, async (action) => {
		const access = await requirePermission(request, catalog.entry.functionCode, action)
		return { user: access.user, ...(await catalog.routes.bulk(request, access)) }
	})
}

export default function CatalogBulkDeleteRoute() {
	return <BulkDeleteConfirmation page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
