import { catalogListSpec, defineCatalogPages } from '~/catalogs/catalog-pages'
import ENTRY from './catalog.js'

/**
 * Gauges (code, name, a kind, a capacity): the example catalog of docs/development.md "Add a catalog". This
 * folder is what the guide has a newcomer write; tests/docs/add-a-catalog.test.ts follows the guide with it in a
 * copy of the checkout, and tests/integration/test-only-catalog.test.ts drives every page of it in process.
 */
export const GAUGE_FUNCTION = ENTRY.functionCode
export const GAUGES_PATH = `/${ENTRY.prefix}`

export const GAUGE_KINDS = ['pressure', 'flow', 'level'] as const
export const GAUGE_FIELDS = ['code', 'name', 'kind', 'capacity', 'version'] as const
export type GaugeField = (typeof GAUGE_FIELDS)[number]
/** The longest code, as the schema's `codeField` allows it. */
export const GAUGE_CODE_MAX = 20

export type GaugeFilter = 'kind'
export type GaugeSort = 'code' | 'name' | 'kind' | 'capacity'
export const GAUGE_LIST = catalogListSpec<GaugeFilter, GaugeSort>({ kind: { kind: 'choice', values: GAUGE_KINDS } }, [
	'code',
	'name',
	'kind',
	'capacity',
])

export const GAUGE_PAGES = defineCatalogPages({
	key: 'gauges',
	entity: 'gauge',
	functionCode: GAUGE_FUNCTION,
	path: GAUGES_PATH,
	spec: GAUGE_LIST,
	columns: { kind: 'gauges.fields.kind', capacity: 'gauges.fields.capacity' },
})

export interface GaugeListRow {
	id: number
	code: string
	name: string
	kind: string
	capacity: number
}
