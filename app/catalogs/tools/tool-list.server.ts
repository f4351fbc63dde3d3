import type { Expression, SqlBool } from 'kysely'
import { getDatabase, type DB } from '~/db/db.server'
import type { Tool } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { equals, inSubquery, inValues, type ListResult, type ListSource } from '~/lists/list.server'
import type { ProvinceScope } from '~/permissions/scope'
import { exportListing, listingSource, readListing, type CatalogListing, type Narrowing } from '~/catalogs/engine/listing.server'
import type { ToolFilter, ToolSort } from './tools'

export type ToolListState = ListState<ToolFilter, ToolSort>

export interface StationRef {
	id: number
	code: string
	name: string
}

/** How the tool list reads; its station and province filters are its own (`toolNarrowing`). */
export const TOOL_LISTING: CatalogListing<ToolFilter, ToolSort> = {
	table: 'tools',
	sorts: {
		code: { column: 'tools.code', unique: true },
		name: { column: 'tools.name_key' },
		category: { column: 'tools.category' },
		status: { column: 'tools.status' },
		quantity: { column: 'tools.quantity' },
		value: { column: 'tools.value_minor', nullable: true },
		purchaseDate: { column: 'tools.purchase_date', nullable: true },
	},
	columnFilters: {
		status: { column: 'tools.status' },
		category: { column: 'tools.category' },
	},
	columns: (query) =>
		query.select([
			'tools.id',
			'tools.code',
			'tools.name',
			'tools.category',
			'tools.status',
			'tools.quantity',
			'tools.unit',
			'tools.value_minor',
			'tools.purchase_date',
			'tools.station_id',
		]),
	// A tool is in its station's province; one without a station is in none.
	inProvinces: (provinces, { db, dialect }, purpose) =>
		provinces.length === 0
			? inValues(dialect, 'tools.station_id', [], { selective: true })
			: inSubquery(
					dialect,
					'tools.station_id',
					db
						.selectFrom('stations')
						.select('stations.id')
						.where('stations.province', 'in', [...provinces]),
					{ selective: purpose !== 'page' },
				),
}

/** The station filter (`station` as resolved; null: it names none) and the province of a tool's station. */
function toolNarrowing(state: Pick<ToolListState, 'filters'>, station: StationRef | null | undefined): Narrowing {
	return ({ db, dialect }, purpose) => {
		const conditions: Expression<SqlBool>[] = []
		// A station filter naming no station matches nothing (rather than being ignored).
		if (station !== undefined) conditions.push(equals(dialect, 'tools.station_id', station?.id ?? 0, { selective: true }))
		const { province } = state.filters
		if (province) {
			// A province's stations are a few thousand at most: its tools are checked in list order on a first
			// page, read from the station index for a deep or rare one (`choosePageQuery`).
			const stations = db.selectFrom('stations').select('stations.id').where('stations.province', '=', province)
			conditions.push(inSubquery(dialect, 'tools.station_id', stations, { selective: purpose !== 'page' }))
		}
		return conditions
	}
}

export interface ToolListRow {
	id: number
	code: string
	name: string
	category: string
	status: string
	quantity: number
	unit: string
	value_minor: number | null
	purchase_date: string | null
	station: StationRef | null
}

/** The stations of a page of tools, in one query (no join: the page is read in the sort index's order). */
async function stationsOf(db: DB, ids: (number | null)[]): Promise<Map<number, StationRef>> {
	const wanted = [...new Set(ids.filter((id): id is number => id !== null))]
	if (wanted.length === 0) return new Map()
	const rows = await db.selectFrom('stations').select(['id', 'code', 'name']).where('id', 'in', wanted).execute()
	return new Map(rows.map((row) => [row.id, row]))
}

/** What the list pattern reads for a tool list state, within the reader's scope. */
export function toolListSource(
	state: ToolListState,
	station: StationRef | null | undefined,
	scope: ProvinceScope,
	handle = getDatabase(),
): Promise<ListSource> {
	return listingSource(TOOL_LISTING, state, scope, handle, toolNarrowing(state, station))
}

export async function listTools(
	state: ToolListState,
	station: StationRef | null | undefined,
	scope: ProvinceScope,
	handle = getDatabase(),
): Promise<ListResult<ToolListRow>> {
	const page = await readListing<Omit<ToolListRow, 'station'> & { station_id: number | null }, ToolFilter, ToolSort>(
		TOOL_LISTING,
		state,
		scope,
		handle,
		toolNarrowing(state, station),
	)
	const stations = await stationsOf(
		handle.db,
		page.rows.map((row) => row.station_id),
	)
	return {
		...page,
		rows: page.rows.map(({ station_id, ...row }) => ({
			...row,
			value_minor: row.value_minor === null ? null : Number(row.value_minor),
			station: station_id === null ? null : (stations.get(station_id) ?? null),
		})),
	}
}

/** Every tool the list's search and filters select, in the list's order, a batch at a time (the CSV export). */
export function exportTools(
	state: ToolListState,
	station: StationRef | null | undefined,
	scope: ProvinceScope,
	handle = getDatabase(),
): AsyncGenerator<Tool[]> {
	return exportListing<Tool, ToolFilter, ToolSort>(TOOL_LISTING, state, scope, handle, toolNarrowing(state, station))
}
