import type { Kysely, Selectable } from 'kysely'
import { searchKeys } from '~/catalogs/catalog.server'
import type { CatalogDefinition } from '~/catalogs/engine/definition.server'
import { readListing, type CatalogListing } from '~/catalogs/engine/listing.server'
import { recordStore } from '~/catalogs/engine/record-store.server'
import { getDb, type DB } from '~/db/db.server'
import type { CatalogTableColumns, Database } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import type { ProvinceScope } from '~/permissions/scope'
import { gaugeSchema, type GaugeInput } from './gauge-schema.server'
import { GAUGE_FIELDS, GAUGE_PAGES, type GaugeField, type GaugeFilter, type GaugeListRow, type GaugeSort } from './gauges'

/** The gauges' table: the columns every catalog table has, and its own. */
export interface GaugesTable extends CatalogTableColumns {
	kind: string
	capacity: number
}
export type GaugeRow = Selectable<GaugesTable>
export interface GaugeRecord extends GaugeRow {
	created_by_name: string | null
	updated_by_name: string | null
}
export type GaugeCatalog = {
	row: GaugeRow
	input: GaugeInput
	importInput: GaugeInput
	record: GaugeRecord
	refusal: never
	blocked: never
}

/** The application's schema with the gauges' table, whether or not app/db/schema.ts lists it yet. */
type GaugeDatabase = Database & { gauges: GaugesTable }
export const gaugeDb = (db: DB = getDb()) => db as unknown as Kysely<GaugeDatabase>

const GAUGE_LISTING: CatalogListing<GaugeFilter, GaugeSort> = {
	table: 'gauges',
	sorts: {
		code: { column: 'gauges.code', unique: true },
		name: { column: 'gauges.name_key' },
		kind: { column: 'gauges.kind' },
		capacity: { column: 'gauges.capacity' },
	},
	columnFilters: { kind: { column: 'gauges.kind' } },
	columns: (query) => query.select(['gauges.id', 'gauges.code', 'gauges.name', 'gauges.kind', 'gauges.capacity']),
}

export function listGauges(state: ListState<GaugeFilter, GaugeSort>, scope: ProvinceScope) {
	return readListing<GaugeListRow, GaugeFilter, GaugeSort>(GAUGE_LISTING, state, scope)
}

export function gaugeFormValues(gauge: GaugeRow): Record<GaugeField, string> {
	return { code: gauge.code, name: gauge.name, kind: gauge.kind, capacity: String(gauge.capacity), version: String(gauge.version) }
}

export async function getGaugeRecord(id: number, db: DB = getDb()): Promise<GaugeRecord | undefined> {
	return gaugeDb(db)
		.selectFrom('gauges')
		.leftJoin('users as creator', 'creator.id', 'gauges.created_by')
		.leftJoin('users as editor', 'editor.id', 'gauges.updated_by')
		.selectAll('gauges')
		.select(['creator.display_name as created_by_name', 'editor.display_name as updated_by_name'])
		.where('gauges.id', '=', id)
		.executeTakeFirst()
}

export const GAUGE_CATALOG: CatalogDefinition<GaugeCatalog> = {
	fields: GAUGE_FIELDS,
	formValues: gaugeFormValues,
	columnsOf: (input) => ({
		code: input.code,
		name: input.name,
		...searchKeys(input.name, input.code),
		kind: input.kind,
		capacity: input.capacity,
	}),
	newRow: { kind: '', capacity: 0 },
	getRecord: getGaugeRecord,
	importSchema: () => gaugeSchema,
	pages: GAUGE_PAGES,
	listing: GAUGE_LISTING,
	exportFileName: 'dongho',
}

export const gaugeStore = recordStore(GAUGE_CATALOG)
