import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { bulkDeleteAction, bulkDeleteLoader } from '~/catalogs/bulk-route.server'
import { stationBulk } from '~/catalogs/stations.server'
import { BulkDeleteConfirmation } from '~/components/bulk'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requirePermission(request, 'DANHMUC_TRAM', 'delete')
	return bulkDeleteLoader(request, stationBulk, scope)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, scope } = await requirePermission(request, 'DANHMUC_TRAM', 'delete')
	return bulkDeleteAction(request, user, stationBulk, scope)
}

export default function StationsBulkDeletePage() {
	return <BulkDeleteConfirmation page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
