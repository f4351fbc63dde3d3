import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { loadNewCatalogRecord, newCatalogRecordAction } from '~/catalogs/catalog-record-route.server'
import { STATION_RECORD } from '~/catalogs/station-record.server'
import { STATION_PAGES } from '~/catalogs/stations'
import { CatalogNewRecordPage } from '~/components/catalog-record'
import { StationForm } from '~/components/station-form'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { optionsFor } from '~/reference-lists/routes.server'
import catalogStyles from '~/styles/catalogs.css'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requirePermission(request, 'DANHMUC_TRAM', 'create')
	return loadNewCatalogRecord(request, STATION_PAGES, async () => ({
		types: await optionsFor(STATION_TYPE_LIST, request),
		provinces: scope,
	}))
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, scope } = await requirePermission(request, 'DANHMUC_TRAM', 'create')
	return newCatalogRecordAction(request, user, STATION_RECORD, scope)
}

export default function NewStationPage() {
	const { types, provinces } = useLoaderData<typeof loader>()
	return (
		<CatalogNewRecordPage
			pages={STATION_PAGES}
			answer={useActionData<typeof action>()}
			initialValues={{ status: 'active' }}
			form={(props) => <StationForm {...props} types={types} provinces={provinces} />}
		/>
	)
}
