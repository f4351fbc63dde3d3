import type { CatalogRecordRoute } from '~/catalogs/catalog-record-route.server'
import { gaugeSchema } from './gauge-schema.server'
import { GAUGE_PAGES } from './gauges'
import { gaugeFormValues, gaugeStore, getGaugeRecord, type GaugeCatalog } from './gauges.server'

/** The record pages' steps: the form, the record, what its heading says. */
export const GAUGE_RECORD: CatalogRecordRoute<GaugeCatalog> = {
	pages: GAUGE_PAGES,
	formSchema: async () => gaugeSchema,
	getRecord: getGaugeRecord,
	displayName: (gauge) => gauge.name,
	formValues: gaugeFormValues,
	store: gaugeStore,
	refusals: {},
}
