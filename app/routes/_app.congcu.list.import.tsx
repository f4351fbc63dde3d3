import { data, redirect, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { useTranslation } from 'react-i18next'
import { getConfig } from '~/config.server'
import { importCsv, readUpload, type ImportReport } from '~/catalogs/csv-import.server'
import { TOOL_CATEGORIES, TOOL_FIELDS, TOOL_STATUSES, TOOLS_PATH } from '~/catalogs/tools'
import { toolImport } from '~/catalogs/tools.server'
import { CsvImportPage } from '~/components/csv-import'
import { getT } from '~/i18n/i18n.server'
import { routeHandle } from '~/permissions/access'
import { requirePermission } from '~/permissions/grants.server'
import catalogStyles from '~/styles/catalogs.css'
import { keepHeaders } from '~/utils/headers'
import { pageTitle } from '~/utils/meta'
import { flashSuccess } from '~/utils/flash.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' })

export const headers = keepHeaders('Connection')

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }]

export const meta: MetaFunction<typeof loader> = ({ data, matches }) => pageTitle(data?.title, matches)

export async function loader({ request }: LoaderFunctionArgs) {
	await requirePermission(request, 'CONGCU_LIST', 'import')
	return { title: (await getT(request))('tools.importTitle'), maxMegabytes: getConfig().maxUploadBytes / 1024 / 1024 }
}

/** POST multipart `file`: all rows valid → written in one transaction; otherwise the per-row report, nothing written. */
export async function action({ request }: ActionFunctionArgs) {
	const { user } = await requirePermission(request, 'CONGCU_LIST', 'import')
	const upload = await readUpload(request)
	if (!upload.ok) {
		const report: ImportReport = { ok: false, rows: 0, fileError: upload.fileError, rowErrors: [], moreErrors: 0 }
		const status = upload.fileError.key === 'csv.errors.tooLarge' ? 413 : 400
		// An upload left partly unread: the connection is not reused.
		return data({ report }, { status, headers: upload.closeConnection ? { Connection: 'close' } : undefined })
	}
	const report = await importCsv(upload.text, toolImport, user, upload.fileName)
	if (!report.ok) return data({ report }, { status: 400 })
	await flashSuccess(request, 'csv.imported', { created: report.created, updated: report.updated, unchanged: report.unchanged })
	return redirect(TOOLS_PATH)
}

export default function ToolImportPage() {
	const { t } = useTranslation()
	const actionData = useActionData<typeof action>()
	const { maxMegabytes } = useLoaderData<typeof loader>()
	return (
		<CsvImportPage
			title={t('tools.importTitle')}
			backHref={TOOLS_PATH}
			backLabel={t('tools.backToList')}
			columns={TOOL_FIELDS}
			formatHelp={[
				t('tools.csvHelp.category', { values: TOOL_CATEGORIES.join(', ') }),
				t('tools.csvHelp.status', { values: TOOL_STATUSES.join(', ') }),
				t('tools.csvHelp.station'),
				t('tools.csvHelp.value'),
				t('csv.formatDates'),
			]}
			maxMegabytes={maxMegabytes}
			report={actionData?.report ?? null}
		/>
	)
}
