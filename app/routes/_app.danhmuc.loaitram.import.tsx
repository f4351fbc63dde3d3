import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { importPageAction, importPageLoader } from '~/catalogs/import-route.server'
import { ReferenceItemsImportPage, referenceListLinks, referenceListMeta } from '~/components/reference-list'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { itemImportSpec } from '~/reference-lists/routes.server'
import { keepHeaders } from '~/utils/headers'

export const handle = routeHandle({ function: 'DANHMUC_LOAITRAM' })
export const headers = keepHeaders('Connection')
export const links = referenceListLinks
export const meta = referenceListMeta

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_LOAITRAM', 'import')
	return importPageLoader(request, user, itemImportSpec(STATION_TYPE_LIST))
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_LOAITRAM', 'import')
	return importPageAction(request, user, itemImportSpec(STATION_TYPE_LIST))
}

export default function StationTypesImportPage() {
	return <ReferenceItemsImportPage list={STATION_TYPE_LIST} />
}
