import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import { ReferenceItemsImportPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { itemImportSpec } from '~/reference-lists/routes.server'
import { keepHeaders } from '~/utils/headers'

export const handle = routeHandle({ function: 'CONGCU_NHOM' })
export const headers = keepHeaders('Connection')
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_NHOM', 'import')
	return importPageLoader(request, user, itemImportSpec(TOOL_CATEGORY_LIST))
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_NHOM', 'import')
	return importPageAction(request, user, itemImportSpec(TOOL_CATEGORY_LIST))
}

export default function ToolCategoriesImportPage() {
	return <ReferenceItemsImportPage list={TOOL_CATEGORY_LIST} />
}
