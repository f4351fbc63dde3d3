import { catalogServerRoutes } from '~/catalogs/routes/catalog-server-routes.server'
import { GAUGE_RECORD } from './gauge-record.server'
import { GAUGE_LIST } from './gauges'
import { GAUGE_CATALOG, listGauges } from './gauges.server'

/** The gauges' steps of the generated catalog routes (app/catalogs/routes/*), after each has checked its grant. */
export const GAUGE_ROUTES = catalogServerRoutes({
	catalog: GAUGE_CATALOG,
	record: GAUGE_RECORD,
	list: GAUGE_LIST,
	listPage: async (state, _request, { scope }) => ({ result: await listGauges(state, scope) }),
})
