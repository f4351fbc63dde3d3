import { sql } from 'kysely'
import { getDatabase, type DB } from '~/db/db.server'
import type { Tool } from '~/db/schema'
import { inScope, type ProvinceScope } from '~/permissions/scope'
import { searchKeys } from '~/catalogs/catalog.server'
import { TOOL_LISTING, type StationRef } from './tool-list.server'
import { minorToDecimalString } from '~/catalogs/decimal'
import type { RowError } from '~/catalogs/csv'
import { bulkCatalogOf, importAdapterOf } from '~/catalogs/engine/adapters.server'
import type { CatalogDefinition } from '~/catalogs/engine/definition.server'
import { recordStore } from '~/catalogs/engine/record-store.server'
import { toolSchemaFor, type ToolInput } from './tool-schema.server'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { MONEY_SCALE, TOOL_FIELDS, TOOL_PAGES, type ToolField } from './tools'

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

/**
 * The stations in the scope to offer in a select, by code, or null when there are too many for one.
 * Whether there are too many is asked first, of the province index alone: a scope of two provinces holds
 * some 6,000 stations, and reading and sorting their rows to offer none cost 16–40 ms a tool page.
 */
export async function stationChoices(scope: ProvinceScope, db: DB = getDatabase().db): Promise<StationRef[] | null> {
	const provinces = scope === null ? null : scope.length > 0 ? [...scope] : ['']
	let probe = db.selectFrom('stations').select(sql<number>`1`.as('one'))
	if (provinces) probe = probe.where('province', 'in', provinces)
	const { n } = await db
		.selectFrom(probe.limit(STATION_SELECT_LIMIT + 1).as('probe'))
		.select((eb) => eb.fn.countAll<number | string>().as('n'))
		.executeTakeFirstOrThrow()
	if (Number(n) > STATION_SELECT_LIMIT) return null
	let rows = db.selectFrom('stations').select(['id', 'code', 'name'])
	if (provinces) rows = rows.where('province', 'in', provinces)
	return rows.orderBy('code').execute()
}
