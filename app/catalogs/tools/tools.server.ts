import type { Expression, SqlBool } from 'kysely'
import { getDatabase, type DB } from '~/db/db.server'
import type { Tool } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { equals, inSubquery, inValues, type ListResult, type ListSource } from '~/lists/list.server'
import { inScope, type ProvinceScope } from '~/permissions/scope'
import { searchKeys } from '~/catalogs/catalog.server'
import { exportListing, listingSource, readListing, type CatalogListing, type Narrowing } from '~/catalogs/engine/listing.server'
import { minorToDecimalString } from '~/catalogs/decimal'
import type { RowError } from '~/catalogs/csv'
import { bulkCatalogOf, importAdapterOf } from '~/catalogs/engine/adapters.server'
import type { CatalogDefinition } from '~/catalogs/engine/definition.server'
import { recordStore } from '~/catalogs/engine/record-store.server'
import { toolSchemaFor, type ToolInput } from './tool-schema.server'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { MONEY_SCALE, TOOL_FIELDS, TOOL_PAGES, type ToolField, type ToolFilter, type ToolSort } from './tools'

export type ToolListState = ListState<ToolFilter, ToolSort>

export interface StationRef {
	id: number
	code: string
	name: string
}

/**
 * The station a typed reference names: digits are a station id (the form's select sends ids), anything
 * else a station code, any case. Digits that are no id are tried as a code too (codes may be all digits).
 */
export async function resolveStation(reference: string, scope: ProvinceScope, db: DB = getDatabase().db): Promise<StationRef | null> {
	const text = reference.trim()
	const found = async () => {
		if (/^\d{1,9}$/.test(text)) {
			const byId = await db
				.selectFrom('stations')
				.select(['id', 'code', 'name', 'province'])
				.where('id', '=', Number(text))
				.executeTakeFirst()
			if (byId) return byId
		}
		if (!/^[A-Za-z0-9-]{1,20}$/.test(text)) return null
		return (
			(await db
				.selectFrom('stations')
				.select(['id', 'code', 'name', 'province'])
				.where('code', '=', text.toUpperCase())
				.executeTakeFirst()) ?? null
		)
	}
	const station = await found()
	// A station outside the scope is one the reader does not know of.
	return station && inScope(scope, station.province) ? { id: station.id, code: station.code, name: station.name } : null
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
					{ selective: purpose === 'count' },
				),
}

/** The station filter (`station` as resolved; null: it names none) and the province of a tool's station. */
function toolNarrowing(state: Pick<ToolListState, 'filters'>, station: StationRef | null | undefined): Narrowing {
	return ({ db, dialect }) => {
		const conditions: Expression<SqlBool>[] = []
		// A station filter naming no station matches nothing (rather than being ignored).
		if (station !== undefined) conditions.push(equals(dialect, 'tools.station_id', station?.id ?? 0, { selective: true }))
		const { province } = state.filters
		if (province) {
			// A province's stations are a few thousand at most: their tools come from the station index.
			const stations = db.selectFrom('stations').select('stations.id').where('stations.province', '=', province)
			conditions.push(inSubquery(dialect, 'tools.station_id', stations, { selective: true }))
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

/** A tool with its station and the names of who created and last changed it. */
export async function getToolRecord(id: number, db: DB = getDatabase().db) {
	const row = await db
		.selectFrom('tools')
		.leftJoin('stations', 'stations.id', 'tools.station_id')
		.leftJoin('users as creator', 'creator.id', 'tools.created_by')
		.leftJoin('users as editor', 'editor.id', 'tools.updated_by')
		.selectAll('tools')
		.select([
			'stations.code as station_code',
			'stations.name as station_name',
			'stations.province as station_province',
			'creator.display_name as created_by_name',
			'editor.display_name as updated_by_name',
		])
		.where('tools.id', '=', id)
		.executeTakeFirst()
	return row ? { ...row, value_minor: row.value_minor === null ? null : Number(row.value_minor) } : undefined
}

export type ToolRecord = NonNullable<Awaited<ReturnType<typeof getToolRecord>>>

/** A tool as its form shows it (and as the CSV export and the audit log write it): text per field. */
export function toolFormValues(tool: Tool): Record<ToolField, string> {
	return {
		code: tool.code,
		name: tool.name,
		category: tool.category,
		serialNumber: tool.serial_number ?? '',
		stationId: tool.station_id === null ? '' : String(tool.station_id),
		status: tool.status,
		quantity: String(tool.quantity),
		unit: tool.unit,
		purchaseDate: tool.purchase_date ?? '',
		value: tool.value_minor === null ? '' : minorToDecimalString(Number(tool.value_minor), MONEY_SCALE),
		note: tool.note ?? '',
		version: String(tool.version),
	}
}

/** A validated tool whose station reference has been resolved to an id. */
export type ResolvedToolInput = Omit<ToolInput, 'stationId'> & { stationId: number | null }

/** A CSV row of tools: its station reference is resolved to an id before anything is written. */
export type ToolImportInput = ToolInput & { resolvedStationId?: number | null }

function resolvedInput(input: ToolImportInput): ResolvedToolInput {
	return { ...input, stationId: input.resolvedStationId ?? null }
}

/** Resolves the station references of many rows with a few queries (ids and codes, in chunks). */
async function resolveStations(rows: { line: number; input: ToolImportInput }[], db: DB): Promise<RowError[]> {
	const references = [...new Set(rows.map((row) => row.input.stationId).filter((ref): ref is string => ref !== null))]
	const ids = references.filter((ref) => /^\d{1,9}$/.test(ref)).map(Number)
	const codes = references.filter((ref) => /^[A-Za-z0-9-]{1,20}$/.test(ref)).map((ref) => ref.toUpperCase())
	const byId = new Set<number>()
	const byCode = new Map<string, number>()
	for (let start = 0; start < ids.length; start += 500) {
		const found = await db
			.selectFrom('stations')
			.select('id')
			.where('id', 'in', ids.slice(start, start + 500))
			.execute()
		for (const row of found) byId.add(row.id)
	}
	for (let start = 0; start < codes.length; start += 500) {
		const found = await db
			.selectFrom('stations')
			.select(['id', 'code'])
			.where('code', 'in', codes.slice(start, start + 500))
			.execute()
		for (const row of found) byCode.set(row.code, row.id)
	}
	const errors: RowError[] = []
	for (const { line, input } of rows) {
		const ref = input.stationId
		if (ref === null) {
			input.resolvedStationId = null
			continue
		}
		const id = /^\d{1,9}$/.test(ref) && byId.has(Number(ref)) ? Number(ref) : byCode.get(ref.toUpperCase())
		if (id === undefined) errors.push({ line, column: 'stationId', error: { key: 'tools.errors.stationNotFound' } })
		else input.resolvedStationId = id
	}
	return errors
}

/** A tool's province: its station's (none without a station). */
async function stationProvince(values: { station_id?: number | null }, db: DB): Promise<string | null> {
	if (values.station_id == null) return null
	const station = await db.selectFrom('stations').select('province').where('id', '=', values.station_id).executeTakeFirst()
	return station?.province ?? null
}

export type ToolCatalog = {
	row: Tool
	input: ResolvedToolInput
	importInput: ToolImportInput
	record: ToolRecord
	refusal: 'categoryNotListed' | 'stationNotFound' | 'outOfScope'
	blocked: never
}

/** The tool catalog's write side: its category must be listed and its station exist; nothing refers to a tool, so any may be deleted. */
export const TOOL_CATALOG: CatalogDefinition<ToolCatalog> = {
	fields: TOOL_FIELDS,
	formValues: toolFormValues,
	columnsOf: (input) => ({
		code: input.code,
		name: input.name,
		...searchKeys(input.name, input.code, input.serialNumber),
		category: input.category,
		serial_number: input.serialNumber,
		station_id: input.stationId,
		status: input.status,
		quantity: input.quantity,
		unit: input.unit,
		purchase_date: input.purchaseDate,
		value_minor: input.value,
		note: input.note,
	}),
	newRow: {
		category: '',
		serial_number: null,
		station_id: null,
		status: '',
		quantity: 0,
		unit: '',
		purchase_date: null,
		value_minor: null,
		note: null,
	},
	getRecord: getToolRecord,
	provinceOf: stationProvince,
	scopeField: 'stationId',
	listed: { list: TOOL_CATEGORY_LIST, code: (values) => values.category, reason: 'categoryNotListed' },
	importSchema: toolSchemaFor,
	pages: TOOL_PAGES,
	listing: TOOL_LISTING,
	exportFileName: 'congcu',
	// The station a tool belongs to: the CSV names it by id or code; the foreign key catches one deleted meanwhile.
	reference: { reason: 'stationNotFound', resolveImported: resolveStations, resolved: resolvedInput },
}

export const { create: createTool, update: updateTool, remove: deleteTool } = recordStore(TOOL_CATALOG)

/** The bulk export and delete of tools. */
export const toolBulk = bulkCatalogOf(TOOL_CATALOG)

/** The CSV import of tools: rows matched by code; `stationId` holds a station id or code. */
export const toolImport = importAdapterOf(TOOL_CATALOG)

/** At most this many stations are offered as a select; beyond, the station is typed (code or id). */
export const STATION_SELECT_LIMIT = 500

/** The stations in the scope to offer in a select, by code, or null when there are too many for one. */
export async function stationChoices(scope: ProvinceScope, db: DB = getDatabase().db): Promise<StationRef[] | null> {
	let query = db.selectFrom('stations').select(['id', 'code', 'name'])
	if (scope !== null) query = query.where('province', 'in', scope.length > 0 ? [...scope] : [''])
	const rows = await query
		.orderBy('code')
		.limit(STATION_SELECT_LIMIT + 1)
		.execute()
	return rows.length > STATION_SELECT_LIMIT ? null : rows
}
