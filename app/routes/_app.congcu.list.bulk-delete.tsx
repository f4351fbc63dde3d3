import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { bulkDeleteAction, bulkDeleteLoader } from '~/catalogs/bulk-route.server'
import { toolBulk } from '~/catalogs/tools.server'
import { BulkDeleteConfirmation } from '~/components/bulk'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requirePermission(request, 'CONGCU_LIST', 'delete')
	return bulkDeleteLoader(request, toolBulk, scope)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, scope } = await requirePermission(request, 'CONGCU_LIST', 'delete')
	return bulkDeleteAction(request, user, toolBulk, scope)
}

export default function ToolsBulkDeletePage() {
	return <BulkDeleteConfirmation page={useLoaderData<typeof loader>()} answer={useActionData<typeof action>()} />
}
