import { catalogServerRoutes } from '~/catalogs/routes/catalog-server-routes.server'
import { TOOL_RECORD, toolPageValues } from '~/catalogs/tools/tool-record.server'
import { TOOL_LIST, TOOL_PAGES } from '~/catalogs/tools/tools'
import { exportTools, listTools } from '~/catalogs/tools/tool-list.server'
import { resolveStation, stationChoices, TOOL_CATALOG } from '~/catalogs/tools/tools.server'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import type { ProvinceScope } from '~/permissions/scope'
import { optionsFor } from '~/reference-lists/options.server'

/** The station the list's filter names, by id or code (undefined: no filter; null: it names none, so no tool matches). */
function filteredStation(filters: { stationId?: string }, scope: ProvinceScope) {
	return filters.stationId === undefined ? undefined : resolveStation(filters.stationId, scope)
}

/** The tools' steps of the generated catalog routes (app/catalogs/routes/*), after each has checked its grant. */
export const TOOL_ROUTES = catalogServerRoutes({
	catalog: TOOL_CATALOG,
	record: TOOL_RECORD,
	list: TOOL_LIST,
	listPage: async (state, request, { scope }) => {
		const station = await filteredStation(state.filters, scope)
		const [result, stations, categories] = await Promise.all([
			listTools(state, station, scope),
			stationChoices(scope),
			optionsFor(TOOL_CATEGORY_LIST, request),
		])
		return { result, station: station ?? null, stationMissing: station === null, stations, categories, provinces: scope }
	},
	recordPage: async (request, tool, allowed, { scopeOf }) => {
		const stations = allowed.update ? await stationChoices(scopeOf(TOOL_PAGES.functionCode, 'update')) : null
		return { values: toolPageValues(tool, stations !== null), stations, categories: await optionsFor(TOOL_CATEGORY_LIST, request) }
	},
	newPage: async (request, { scope }) => {
		// `?stationId=` preselects a station (the "add a tool" link of a station).
		const preselected = new URL(request.url).searchParams.get('stationId') ?? ''
		return {
			stations: await stationChoices(scope),
			categories: await optionsFor(TOOL_CATEGORY_LIST, request),
			preselected: preselected.slice(0, 40),
		}
	},
	exportRows: async (state, scope) => exportTools(state, await filteredStation(state.filters, scope), scope),
})
