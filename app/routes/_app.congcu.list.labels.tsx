import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { bulkLabelsLoader } from '~/catalogs/bulk-route.server'
import { toolBulk } from '~/catalogs/tools.server'
import { LabelSheet } from '~/components/labels'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** GET /congcu/list/labels?id=…&id=…: the print page of the ticked tools' labels (the list's export grant). */
export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requirePermission(request, 'CONGCU_LIST', 'export')
	return bulkLabelsLoader(request, toolBulk, scope)
}

export default function ToolLabelsPage() {
	return <LabelSheet page={useLoaderData<typeof loader>()} />
}
