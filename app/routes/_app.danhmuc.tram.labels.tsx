import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { bulkLabelsLoader } from '~/catalogs/bulk-route.server'
import { stationBulk } from '~/catalogs/stations.server'
import { LabelSheet } from '~/components/labels'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

/** GET /danhmuc/tram/labels?id=…&id=…: the print page of the ticked stations' labels (the list's export grant). */
export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requirePermission(request, 'DANHMUC_TRAM', 'export')
	return bulkLabelsLoader(request, stationBulk, scope)
}

export default function StationLabelsPage() {
	return <LabelSheet page={useLoaderData<typeof loader>()} />
}
