import type { LoaderFunctionArgs } from '@remix-run/node'
import { csvResponse } from '~/catalogs/csv-export.server'
import { todayIso } from '~/catalogs/fields.server'
import { TOOL_FIELDS, TOOL_LIST } from '~/catalogs/tools'
import { exportTools, resolveStation, toolFormValues } from '~/catalogs/tools.server'
import { parseListState } from '~/lists/list-query'
import { routeHandle } from '~/permissions/access'
import { requireDownloadPermission } from '~/permissions/download-permission.server'

export const handle = routeHandle({ function: 'CONGCU_LIST' }, '/congcu/list/export.csv')

/** GET /congcu/list/export.csv?…: the tools of the list's current search and filters, in its order. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { scope } = await requireDownloadPermission(request, 'CONGCU_LIST', 'export')
	const state = parseListState(new URL(request.url).searchParams, TOOL_LIST)
	const station = state.filters.stationId === undefined ? undefined : await resolveStation(state.filters.stationId, scope)
	return csvResponse(`congcu-${todayIso()}.csv`, TOOL_FIELDS, exportTools(state, station, scope), toolFormValues)
}
