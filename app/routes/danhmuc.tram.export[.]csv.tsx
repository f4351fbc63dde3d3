import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvResponse } from '~/catalogs/csv-export.server'
import { todayIso } from '~/catalogs/fields.server'
import { STATION_FIELDS, STATION_LIST } from '~/catalogs/stations'
import { exportStations, stationFormValues } from '~/catalogs/stations.server'
import { parseListState } from '~/lists/list-query'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'DANHMUC_TRAM' }, '/danhmuc/tram/export.csv')

/** GET /danhmuc/tram/export.csv?…: the stations of the list's current search and filters, in its order. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requireDownloadPermission(request, 'DANHMUC_TRAM', 'export')
	const state = parseListState(new URL(request.url).searchParams, STATION_LIST)
	return csvResponse(`tram-${todayIso()}.csv`, STATION_FIELDS, exportStations(state, scope), stationFormValues)
}
