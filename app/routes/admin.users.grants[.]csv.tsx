import type { LoaderFunctionArgs } from '@remix-run/node'
import { GRANT_REPORT_COLUMNS, grantsReport } from '~/admin/grants-report.server'
import { csvResponse } from '~/catalogs/csv-export.server'
import { todayIso } from '~/catalogs/fields.server'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'QUANTRI_USERS' }, '/admin/users/grants.csv')

/** GET /admin/users/grants.csv: who holds which grant, through which role (the `export` action of user administration). */
export async function loader({ request }: LoaderFunctionArgs) {
	await requireDownloadPermission(request, 'QUANTRI_USERS', 'export')
	return csvResponse(`grants-${todayIso()}.csv`, GRANT_REPORT_COLUMNS, grantsReport(), (row) => row)
}
