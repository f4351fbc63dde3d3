import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '~/config.server'
import { importCsv, readUpload, type ImportReport } from '~/catalogs/csv-import.server'
import { STATION_FIELDS, STATION_STATUSES, STATION_TYPES, STATIONS_PATH } from '~/catalogs/stations'
import { stationImport } from '~/catalogs/stations.server'
import { CsvImportPage } from '~/components/csv-import'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { keepHeaders } from '~/utils/headers'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' })

export const headers = keepHeaders('Connection')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'DANHMUC_TRAM', 'import')
	return { title: (await getT(request))('stations.importTitle'), maxMegabytes: getConfig().maxUploadBytes / 1024 / 1024 }
}

/** POST multipart `file`: all rows valid → written in one transaction; otherwise the per-row report, nothing written. */
export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'DANHMUC_TRAM', 'import')
	const upload = await readUpload(request)
	if (!upload.ok) {
		const report: ImportReport = { ok: false, rows: 0, fileError: upload.fileError, rowErrors: [], moreErrors: 0 }
		const status = upload.fileError.key === 'csv.errors.tooLarge' ? 413 : 400
		// An upload left partly unread: the connection is not reused.
		return data({ report }, { status, headers: upload.closeConnection ? { Connection: 'close' } : undefined })
	}
	const report = await importCsv(upload.text, stationImport, user, upload.fileName)
	if (!report.ok) return data({ report }, { status: 400 })
	await flashSuccess(request, 'csv.imported', { created: report.created, updated: report.updated, unchanged: report.unchanged })
	return redirect(STATIONS_PATH)
}

export default function StationImportPage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const { maxMegabytes } = useLoaderData<typeof loader>()
	return (
		<CsvImportPage
			title={t('stations.importTitle')}
			backHref={STATIONS_PATH}
			backLabel={t('stations.backToList')}
			columns={STATION_FIELDS}
			formatHelp={[
				t('stations.csvHelp.type', { values: STATION_TYPES.join(', ') }),
				t('stations.csvHelp.status', { values: STATION_STATUSES.join(', ') }),
				t('stations.csvHelp.province'),
				t('stations.csvHelp.coordinates'),
				t('csv.formatDates'),
			]}
			maxMegabytes={maxMegabytes}
			report={actionData?.report ?? null}
		/>
	)
}
