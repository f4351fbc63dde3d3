import { catalogServerRoutes } from '~/catalogs/routes/catalog-server-routes.server'
import { STATION_RECORD } from '~/catalogs/stations/station-record.server'
import { STATION_LIST, STATION_PAGES } from '~/catalogs/stations/stations'
import { listStations, STATION_CATALOG } from '~/catalogs/stations/stations.server'
import { TOOL_FUNCTION } from '~/catalogs/tools/tools'
import { can } from '~/permissions/grants'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { optionsFor } from '~/reference-lists/options.server'

/** The stations' steps of the generated catalog routes (app/catalogs/routes/*), after each has checked its grant. */
export const STATION_ROUTES = catalogServerRoutes({
	catalog: STATION_CATALOG,
	record: STATION_RECORD,
	list: STATION_LIST,
	listPage: async (state, request, { scope }) => {
		const [result, types] = await Promise.all([listStations(state, scope), optionsFor(STATION_TYPE_LIST, request)])
		return { result, types, provinces: scope }
	},
	recordPage: async (request, _station, _allowed, { grants, scopeOf }) => ({
		types: await optionsFor(STATION_TYPE_LIST, request),
		addTool: can(grants, TOOL_FUNCTION, 'create'),
		provinces: scopeOf(STATION_PAGES.functionCode, 'update'),
	}),
	newPage: async (request, { scope }) => ({ types: await optionsFor(STATION_TYPE_LIST, request), provinces: scope }),
})
