import { catalogRecordRoute } from '~/catalogs/record-route-of.server'
import { GAUGE_CATALOG } from './gauges.server'

/** The record pages' steps: its form, record and store come from the definition; it refuses nothing of its own. */
export const GAUGE_RECORD = catalogRecordRoute(GAUGE_CATALOG, { refusals: {} })
