import { catalogListAction, loadCatalogList } from '~/catalogs/catalog-list-route.server'
import {
	catalogRecordAction,
	loadCatalogRecord,
	loadNewCatalogRecord,
	newCatalogRecordAction,
} from '~/catalogs/catalog-record-route.server'
import { csvResponse, csvTemplateResponse } from '~/catalogs/csv-export.server'
import { todayIso } from '~/catalogs/fields.server'
import type { CatalogServerRoutes } from '~/catalogs/routes/contracts.server'
import { STATION_RECORD } from '~/catalogs/stations/station-record.server'
import { STATION_FIELDS, STATION_LIST, STATION_PAGES } from '~/catalogs/stations/stations'
import { exportStations, listStations, stationBulk, stationFormValues, stationImport } from '~/catalogs/stations/stations.server'
import { TOOL_FUNCTION } from '~/catalogs/tools/tools'
import { parseListState } from '~/lists/list-query'
import { can } from '~/permissions/grants'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { optionsFor } from '~/reference-lists/options.server'

/** The stations' steps of the generated catalog routes (app/catalogs/routes/*), after each has checked its grant. */
export const STATION_ROUTES = {
	list: {
		loader: (request, access) =>
			loadCatalogList(request, access, STATION_PAGES, STATION_LIST, async (state) => {
				const [result, types] = await Promise.all([listStations(state, access.scope), optionsFor(STATION_TYPE_LIST, request)])
				return { result, types, provinces: access.scope }
			}),
		action: (request) => catalogListAction(request, STATION_PAGES),
	},
	record: {
		loader: (request, params, { grants, scope, scopeOf }) =>
			loadCatalogRecord(
				request,
				params,
				grants,
				STATION_RECORD,
				async () => ({
					types: await optionsFor(STATION_TYPE_LIST, request),
					addTool: can(grants, TOOL_FUNCTION, 'create'),
					provinces: scopeOf(STATION_PAGES.functionCode, 'update'),
				}),
				scope,
			),
		action: (request, params, intent, { user, scope }, view) =>
			catalogRecordAction(request, params, user, intent, STATION_RECORD, { view, write: scope }),
	},
	new: {
		loader: (request, { scope }) =>
			loadNewCatalogRecord(request, STATION_PAGES, async () => ({ types: await optionsFor(STATION_TYPE_LIST, request), provinces: scope })),
		action: (request, { user, scope }) => newCatalogRecordAction(request, user, STATION_RECORD, scope),
	},
	import: { spec: { pages: STATION_PAGES, adapter: stationImport, choices: STATION_TYPE_LIST }, scoped: true },
	bulk: async (_request, { scope }) => ({ spec: stationBulk, scope }),
	export: async (request, { scope }) => {
		const state = parseListState(new URL(request.url).searchParams, STATION_LIST)
		return csvResponse(`tram-${todayIso()}.csv`, STATION_FIELDS, exportStations(state, scope), stationFormValues)
	},
	importTemplate: () => csvTemplateResponse('tram-mau-nhap.csv', STATION_FIELDS),
} satisfies CatalogServerRoutes
