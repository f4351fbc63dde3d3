import { type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { importPageAction, importPageLoader, type CatalogImportSpec } from '~/catalogs/import-route.server'
import { STATION_FIELDS, STATION_STATUSES, STATIONS_PATH } from '~/catalogs/stations'
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

const IMPORT: CatalogImportSpec = { catalog: 'stations', titleKey: 'stations.importTitle', listPath: STATIONS_PATH, importPath: `${STATIONS_PATH}/import`, adapter: stationImport, choices: STATION_TYPE_LIST }

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'import')
	return importPageLoader(request, user, IMPORT)
}

export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'import')
	return importPageAction(request, user, IMPORT)
}

export default function StationImportPage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const { maxMegabytes, job, report, choices } = useLoaderData<typeof loader>()
	return (
		<CsvImportPage
			title={t('stations.importTitle')}
			backHref={STATIONS_PATH}
			backLabel={t('stations.backToList')}
			columns={STATION_FIELDS}
			templateHref={`${STATIONS_PATH}/import/template.csv`}
			formatHelp={[
				t('stations.csvHelp.type', { values: choicesHelp(choices) }),
				t('stations.csvHelp.status', { values: STATION_STATUSES.join(', ') }),
				t('stations.csvHelp.province'),
				t('stations.csvHelp.coordinates'),
				t('csv.formatDates'),
			]}
			maxMegabytes={maxMegabytes}
			report={actionData?.report ?? report}
			job={actionData ? null : job}
		/>
	)
}
