import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { importPageAction, importPageLoader, type CatalogImportSpec } from '~/catalogs/import-route.server'
import { STATION_FIELDS, STATION_PAGES, STATION_STATUSES } from '~/catalogs/stations'
import { stationImport } from '~/catalogs/stations.server'
import { CsvImportPage } from '~/components/csv-import'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import { choicesHelp, STATION_TYPE_LIST } from '~/reference-lists/definitions'
import catalogStyles from '~/styles/catalogs.css'
import { keepHeaders } from '~/utils/headers'
import { pageTitle } from '~/utils/meta'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const headers = keepHeaders('Connection')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

const IMPORT: CatalogImportSpec = { pages: STATION_PAGES, adapter: stationImport, choices: STATION_TYPE_LIST }

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'import')
	return importPageLoader(request, user, IMPORT)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user, scope } = await requirePermission(request, 'DANHMUC_TRAM', 'import')
	return importPageAction(request, user, IMPORT, scope)
}

export default function StationImportPage() {
	const { t } = useTranslation()
	const page = useLoaderData<typeof loader>()
	return (
		<CsvImportPage
			pages={STATION_PAGES}
			page={page}
			answer={useActionData<typeof action>()}
			columns={STATION_FIELDS}
			formatHelp={[
				t('stations.csvHelp.type', { values: choicesHelp(page.choices) }),
				t('stations.csvHelp.status', { values: STATION_STATUSES.join(', ') }),
				t('stations.csvHelp.province'),
				t('stations.csvHelp.coordinates'),
				t('csv.formatDates'),
			]}
		/>
	)
}
