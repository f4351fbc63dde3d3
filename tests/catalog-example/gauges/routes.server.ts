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
import { parseListState } from '~/lists/list-query'
import { GAUGE_RECORD } from './gauge-record.server'
import { GAUGE_FIELDS, GAUGE_LIST, GAUGE_PAGES } from './gauges'
import { exportGauges, gaugeBulk, gaugeFormValues, gaugeImport, listGauges } from './gauges.server'

/** The gauges' steps of the generated catalog routes (app/catalogs/routes/*), after each has checked its grant. */
export const GAUGE_ROUTES = {
	list: {
		loader: (request, access) =>
			loadCatalogList(request, access, GAUGE_PAGES, GAUGE_LIST, async (state) => ({ result: await listGauges(state, access.scope) })),
		action: (request) => catalogListAction(request, GAUGE_PAGES),
	},
	record: {
		loader: (request, params, { grants }) => loadCatalogRecord(request, params, grants, GAUGE_RECORD, async () => ({})),
		action: (request, params, intent, { user }) => catalogRecordAction(request, params, user, intent, GAUGE_RECORD),
	},
	new: {
		loader: (request) => loadNewCatalogRecord(request, GAUGE_PAGES, async () => ({})),
		action: (request, { user }) => newCatalogRecordAction(request, user, GAUGE_RECORD),
	},
	import: { spec: gaugeImport, scoped: false },
	bulk: async (_request, { scope }) => ({ spec: gaugeBulk, scope }),
	export: async (request, { scope }) => {
		const state = parseListState(new URL(request.url).searchParams, GAUGE_LIST)
		return csvResponse(`dongho-${todayIso()}.csv`, GAUGE_FIELDS, exportGauges(state, scope), gaugeFormValues)
	},
	importTemplate: () => csvTemplateResponse('dongho-mau-nhap.csv', GAUGE_FIELDS),
} satisfies CatalogServerRoutes
