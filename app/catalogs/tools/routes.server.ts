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
import { TOOL_RECORD, toolPageValues } from '~/catalogs/tools/tool-record.server'
import { TOOL_FIELDS, TOOL_LIST, TOOL_PAGES } from '~/catalogs/tools/tools'
import { exportTools, listTools } from '~/catalogs/tools/tool-list.server'
import { resolveStation, stationChoices, toolBulk, toolFormValues, toolImport } from '~/catalogs/tools/tools.server'
import { parseListState } from '~/lists/list-query'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { optionsFor } from '~/reference-lists/options.server'

/** The tools' steps of the generated catalog routes (app/catalogs/routes/*), after each has checked its grant. */
export const TOOL_ROUTES = {
	list: {
		loader: (request, access) =>
			loadCatalogList(request, access, TOOL_PAGES, TOOL_LIST, async (state) => {
				// The station filter may name a station by id or code; one that names none matches no tool.
				const station = state.filters.stationId === undefined ? undefined : await resolveStation(state.filters.stationId, access.scope)
				const [result, stations, categories] = await Promise.all([
					listTools(state, station, access.scope),
					stationChoices(access.scope),
					optionsFor(TOOL_CATEGORY_LIST, request),
				])
				return { result, station: station ?? null, stationMissing: station === null, stations, categories, provinces: access.scope }
			}),
		action: (request) => catalogListAction(request, TOOL_PAGES),
	},
	record: {
		loader: (request, params, { grants, scope, scopeOf }) =>
			loadCatalogRecord(
				request,
				params,
				grants,
				TOOL_RECORD,
				async (tool, allowed) => {
					const stations = allowed.update ? await stationChoices(scopeOf(TOOL_PAGES.functionCode, 'update')) : null
					return { values: toolPageValues(tool, stations !== null), stations, categories: await optionsFor(TOOL_CATEGORY_LIST, request) }
				},
				scope,
			),
		action: (request, params, intent, { user, scope }, view) =>
			catalogRecordAction(request, params, user, intent, TOOL_RECORD, { view, write: scope }),
	},
	new: {
		loader: (request, { scope }) => {
			// `?stationId=` preselects a station (the "add a tool" link of a station).
			const preselected = new URL(request.url).searchParams.get('stationId') ?? ''
			return loadNewCatalogRecord(request, TOOL_PAGES, async () => ({
				stations: await stationChoices(scope),
				categories: await optionsFor(TOOL_CATEGORY_LIST, request),
				preselected: preselected.slice(0, 40),
			}))
		},
		action: (request, { user, scope }) => newCatalogRecordAction(request, user, TOOL_RECORD, scope),
	},
	import: { spec: { pages: TOOL_PAGES, adapter: toolImport, choices: TOOL_CATEGORY_LIST }, scoped: true },
	bulk: async (_request, { scope }) => ({ spec: toolBulk, scope }),
	export: async (request, { scope }) => {
		const state = parseListState(new URL(request.url).searchParams, TOOL_LIST)
		const station = state.filters.stationId === undefined ? undefined : await resolveStation(state.filters.stationId, scope)
		return csvResponse(`congcu-${todayIso()}.csv`, TOOL_FIELDS, exportTools(state, station, scope), toolFormValues)
	},
	importTemplate: () => csvTemplateResponse('congcu-mau-nhap.csv', TOOL_FIELDS),
} satisfies CatalogServerRoutes
