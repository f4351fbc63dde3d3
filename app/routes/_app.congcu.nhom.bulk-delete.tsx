import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { bulkDeleteAction, bulkDeleteLoader } from '~/catalogs/bulk-route.server'
import { BulkDeleteConfirmation } from '~/components/bulk'
import { referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { bulkOf } from '~/reference-lists/routes.server'

export const handle = routeHandle({ function: 'CONGCU_NHOM' })
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'CONGCU_NHOM', 'delete')
	return bulkDeleteLoader(request, await bulkOf(TOOL_CATEGORY_LIST, request))
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_NHOM', 'delete')
	return bulkDeleteAction(request, user, await bulkOf(TOOL_CATEGORY_LIST, request))
}

export default function ToolCategoriesBulkDeletePage() {
	return <BulkDeleteConfirmation page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
