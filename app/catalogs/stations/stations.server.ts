import type { ExpressionBuilder } from 'kysely'
import { getDatabase, type DB } from '~/db/db.server'
import type { Database, Station } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { inValues, type ListResult, type ListSource } from '~/lists/list.server'
import type { ProvinceScope } from '~/permissions/scope'
import { searchKeys } from '~/catalogs/catalog.server'
import { listingSource, readListing, type CatalogListing } from '~/catalogs/engine/listing.server'
import { minorToDecimalString } from '~/catalogs/decimal'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { bulkCatalogOf, importAdapterOf } from '~/catalogs/engine/adapters.server'
import type { CatalogDefinition } from '~/catalogs/engine/definition.server'
import { recordStore } from '~/catalogs/engine/record-store.server'
import { stationSchemaFor, type StationInput } from './station-schema.server'
import { COORDINATE_SCALE, STATION_FIELDS, STATION_PAGES, type StationField, type StationFilter, type StationSort } from './stations'

export type StationListState = ListState<StationFilter, StationSort>

export interface StationListRow {
	id: number
	code: string
	name: string
	type: string
	province: string
	status: string
	commissioned_at: string | null
	tool_count: number
}

/** A station's number of tools, as the column `tool_count` of a query over stations (one index lookup per row). */
function toolCount(eb: ExpressionBuilder<Database, 'stations'>) {
	return eb
		.selectFrom('tools')
		.select((inner) => inner.fn.countAll<number>().as('n'))
		.whereRef('tools.station_id', '=', 'stations.id')
		.as('tool_count')
}

/** How the station list reads: each filter is a column of the station. */
export const STATION_LISTING: CatalogListing<StationFilter, StationSort> = {
	table: 'stations',
	sorts: {
		code: { column: 'stations.code', unique: true },
		name: { column: 'stations.name_key' },
		type: { column: 'stations.type' },
		province: { column: 'stations.province' },
		status: { column: 'stations.status' },
		commissionedAt: { column: 'stations.commissioned_at', nullable: true },
	},
	columnFilters: {
		status: { column: 'stations.status' },
		type: { column: 'stations.type' },
		province: { column: 'stations.province' },
	},
	columns: (query) =>
		query.select((eb) => [
			'stations.id',
			'stations.code',
			'stations.name',
			'stations.type',
			'stations.province',
			'stations.status',
			'stations.commissioned_at',
			toolCount(eb),
		]),
	// A page reads the sort index in order and checks the province on its entries (see `equals`).
	inProvinces: (provinces, { dialect }, purpose) => inValues(dialect, 'stations.province', provinces, { selective: purpose !== 'page' }),
}

/** What the list pattern reads for a station list state, within the reader's scope. */
export function stationListSource(state: StationListState, scope: ProvinceScope, handle = getDatabase()): Promise<ListSource> {
	return listingSource(STATION_LISTING, state, scope, handle)
}

/** One page of the station list within the reader's scope, with each station's number of tools (one index lookup per row). */
export async function listStations(
	state: StationListState,
	scope: ProvinceScope,
	handle = getDatabase(),
): Promise<ListResult<StationListRow>> {
	const page = await readListing<StationListRow, StationFilter, StationSort>(STATION_LISTING, state, scope, handle)
	return { ...page, rows: page.rows.map((row) => ({ ...row, tool_count: Number(row.tool_count) })) }
}

/** A station with the names of who created and last changed it, and its number of tools. */
export async function getStationRecord(id: number, db: DB = getDatabase().db) {
	const row = await db
		.selectFrom('stations')
		.leftJoin('users as creator', 'creator.id', 'stations.created_by')
		.leftJoin('users as editor', 'editor.id', 'stations.updated_by')
		.selectAll('stations')
		.select((eb) => ['creator.display_name as created_by_name', 'editor.display_name as updated_by_name', toolCount(eb)])
		.where('stations.id', '=', id)
		.executeTakeFirst()
	return row ? { ...row, tool_count: Number(row.tool_count) } : undefined
}

export type StationRecord = NonNullable<Awaited<ReturnType<typeof getStationRecord>>>

/** A station as its form shows it (and as the CSV export and the audit log write it): text per field. */
export function stationFormValues(station: Station): Record<StationField, string> {
	return {
		code: station.code,
		name: station.name,
		type: station.type,
		province: station.province,
		address: station.address ?? '',
		latitude: station.latitude_e6 === null ? '' : minorToDecimalString(station.latitude_e6, COORDINATE_SCALE),
		longitude: station.longitude_e6 === null ? '' : minorToDecimalString(station.longitude_e6, COORDINATE_SCALE),
		status: station.status,
		commissionedAt: station.commissioned_at ?? '',
		note: station.note ?? '',
		version: String(station.version),
	}
}

/** The number of tools each of these stations holds (a station that holds any may not be deleted); none when it holds none. */
async function toolCounts(db: DB, stationIds: number[]): Promise<Map<number, number>> {
	const rows = await db
		.selectFrom('tools')
		.select((eb) => ['station_id', eb.fn.countAll<number>().as('n')])
		.where('station_id', 'in', stationIds)
		.groupBy('station_id')
		.execute()
	return new Map(rows.map((row) => [Number(row.station_id), Number(row.n)]))
}

export type StationCatalog = {
	row: Station
	input: StationInput
	importInput: StationInput
	record: StationRecord
	refusal: 'typeNotListed' | 'outOfScope'
	blocked: { ok: false; reason: 'hasTools'; toolCount: number }
}

/** The station catalog's write side: its type must be listed, and a station that holds tools is not deleted. */
export const STATION_CATALOG: CatalogDefinition<StationCatalog> = {
	fields: STATION_FIELDS,
	formValues: stationFormValues,
	columnsOf: (input) => ({
		code: input.code,
		name: input.name,
		...searchKeys(input.name, input.code),
		type: input.type,
		province: input.province,
		address: input.address,
		latitude_e6: input.latitude,
		longitude_e6: input.longitude,
		status: input.status,
		commissioned_at: input.commissionedAt,
		note: input.note,
	}),
	newRow: { type: '', province: '', address: null, latitude_e6: null, longitude_e6: null, status: '', commissioned_at: null, note: null },
	getRecord: getStationRecord,
	provinceOf: async (values) => values.province ?? null,
	scopeField: 'province',
	listed: { list: STATION_TYPE_LIST, code: (values) => values.type, reason: 'typeNotListed' },
	importSchema: stationSchemaFor,
	pages: STATION_PAGES,
	listing: STATION_LISTING,
	exportFileName: 'tram',
	deleteBlocker: {
		holders: toolCounts,
		refusal: (toolCount) => ({ ok: false, reason: 'hasTools', toolCount }),
		bulkReason: (count) => ({ key: 'bulk.refusal.hasTools', values: { count } }),
	},
}

export const { create: createStation, update: updateStation, remove: deleteStation } = recordStore(STATION_CATALOG)

/** The bulk export and delete of stations: a station that holds tools is not deleted. */
export const stationBulk = bulkCatalogOf(STATION_CATALOG)

/** The CSV import of stations: rows matched by code. */
export const stationImport = importAdapterOf(STATION_CATALOG)
