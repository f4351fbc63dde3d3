import type { Expression, SqlBool } from 'kysely'
import { getDatabase, type DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import type { Tool } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { equals, inSubquery, readAll, readPage, search, type AnySelect, type FilterPurpose, type ListResult, type ListSource, type SortColumn } from '~/lists/list.server'
import { auditChange, changedFields, isForeignKeyViolation, isUniqueViolation, writeTransaction, searchKeys, type Actor } from './catalog.server'
import type { BulkCatalog } from './bulk.server'
import { readCatalogVersion } from './catalog-version.server'
import { minorToDecimalString } from './decimal'
import type { ImportAdapter, RowError } from './csv-import.server'
import { toolSchemaFor, type ToolInput } from './tool-schema.server'
import { TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { holdListedCode, holdListedCodes } from '~/reference-lists/reference-lists.server'
import { MONEY_SCALE, TOOL_FIELDS, TOOL_LIST, TOOLS_PATH, type ToolField, type ToolFilter, type ToolSort } from './tools'

const SORTS: Record<ToolSort, SortColumn> = {
	code: { column: 'tools.code', unique: true },
	name: { column: 'tools.name_key' },
	category: { column: 'tools.category' },
	status: { column: 'tools.status' },
	quantity: { column: 'tools.quantity' },
	value: { column: 'tools.value_minor', nullable: true },
	purchaseDate: { column: 'tools.purchase_date', nullable: true },
}

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
export async function resolveStation(reference: string, db: DB = getDatabase().db): Promise<StationRef | null> {
	const text = reference.trim()
	if (/^\d{1,9}$/.test(text)) {
		const byId = await db.selectFrom('stations').select(['id', 'code', 'name']).where('id', '=', Number(text)).executeTakeFirst()
		if (byId) return byId
	}
	if (!/^[A-Za-z0-9-]{1,20}$/.test(text)) return null
	return (await db.selectFrom('stations').select(['id', 'code', 'name']).where('code', '=', text.toUpperCase()).executeTakeFirst()) ?? null
}

/** The tools the list's search and filters select; `station` is the resolved station filter (null: it names none). */
export async function filteredTools(db: DB, dialect: Dialect, state: Pick<ToolListState, 'q' | 'filters'>, station: StationRef | null | undefined) {
	const { condition: searched, atLeast } = await search(db, dialect, 'tools', state.q)
	const build = (purpose: FilterPurpose) => {
		const selective = purpose === 'count'
		const conditions: Expression<SqlBool>[] = searched ? [searched] : []
		const { status, category, province } = state.filters
		if (status) conditions.push(equals(dialect, 'tools.status', status, { selective }))
		if (category) conditions.push(equals(dialect, 'tools.category', category, { selective }))
		// A station filter naming no station matches nothing (rather than being ignored).
		if (station !== undefined) conditions.push(equals(dialect, 'tools.station_id', station?.id ?? 0, { selective: true }))
		if (province) {
			// A province's stations are a few thousand at most: their tools come from the station index.
			const stations = db.selectFrom('stations').select('stations.id').where('stations.province', '=', province)
			conditions.push(inSubquery(dialect, 'tools.station_id', stations, { selective: true }))
		}
		const query = db.selectFrom('tools')
		return conditions.length > 0 ? query.where((eb) => eb.and(conditions)) : query
	}
	return { filtered: build('page'), counted: build('count'), searchMatchesAtLeast: atLeast }
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

function toolColumns(query: AnySelect) {
	return query.select([
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
	])
}

/** What the list pattern reads for a tool list state. */
export async function toolListSource(state: ToolListState, station: StationRef | null | undefined, handle = getDatabase()): Promise<ListSource> {
	const { filtered, counted, searchMatchesAtLeast } = await filteredTools(handle.db, handle.dialect, state, station)
	return { table: 'tools', idColumn: 'tools.id', filtered, counted, searchMatchesAtLeast, columns: toolColumns, sort: SORTS[state.sort], version: () => readCatalogVersion(handle.db) }
}

export async function listTools(state: ToolListState, station: StationRef | null | undefined, handle = getDatabase()): Promise<ListResult<ToolListRow>> {
	const { db, dialect } = handle
	const source = await toolListSource(state, station, handle)
	const page = await readPage<Omit<ToolListRow, 'station'> & { station_id: number | null }>(db, dialect, source, state)
	const stations = await stationsOf(db, page.rows.map((row) => row.station_id))
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
export async function* exportTools(state: ToolListState, station: StationRef | null | undefined, handle = getDatabase()): AsyncGenerator<Tool[]> {
	const { db, dialect } = handle
	const { filtered } = await filteredTools(db, dialect, state, station)
	yield* readAll<Tool>(db, dialect, { table: 'tools', idColumn: 'tools.id', filtered, columns: (query) => query.selectAll('tools'), sort: SORTS[state.sort] }, state.dir)
}

/** A tool with its station and the names of who created and last changed it. */
export async function getToolRecord(id: number, db: DB = getDatabase().db) {
	const row = await db
		.selectFrom('tools')
		.leftJoin('stations', 'stations.id', 'tools.station_id')
		.leftJoin('users as creator', 'creator.id', 'tools.created_by')
		.leftJoin('users as editor', 'editor.id', 'tools.updated_by')
		.selectAll('tools')
		.select(['stations.code as station_code', 'stations.name as station_name', 'creator.display_name as created_by_name', 'editor.display_name as updated_by_name'])
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

function columnsOf(input: ResolvedToolInput) {
	return {
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
	}
}

export type WriteResult =
	| { ok: true; id: number; changed: boolean }
	| { ok: false; reason: 'notFound' }
	| { ok: false; reason: 'codeTaken' }
	| { ok: false; reason: 'stationNotFound' }
	/** The category is no longer in its list (deleted since the form was checked). */
	| { ok: false; reason: 'categoryNotListed' }
	| { ok: false; reason: 'conflict'; current: ToolRecord }
	| { ok: false; reason: 'versionMissing' }

async function codeTaken(db: DB, code: string, exceptId?: number) {
	let query = db.selectFrom('tools').select('id').where('code', '=', code)
	if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
	return (await query.executeTakeFirst()) !== undefined
}

function writeFailure(error: unknown): WriteResult {
	if (isUniqueViolation(error)) return { ok: false, reason: 'codeTaken' }
	// The station was deleted between the check and the write.
	if (isForeignKeyViolation(error)) return { ok: false, reason: 'stationNotFound' }
	throw error
}

export async function createTool(input: ResolvedToolInput, actor: Actor, { source = 'form' as 'form' | 'import', db = getDatabase().db } = {}): Promise<WriteResult> {
	try {
		return await writeTransaction(db, async (trx) => {
			if (await codeTaken(trx, input.code)) return { ok: false, reason: 'codeTaken' } as const
			if (!(await holdListedCode(TOOL_CATEGORY_LIST, input.category, trx))) return { ok: false, reason: 'categoryNotListed' } as const
			const now = Date.now()
			const created = await trx
				.insertInto('tools')
				.values({ ...columnsOf(input), created_by: actor.id, created_at: now, updated_by: actor.id, updated_at: now, version: 1 })
				.returningAll()
				.executeTakeFirstOrThrow()
			await auditChange(trx, { action: 'tool.created', entity: 'tool', entityId: created.id, actor, code: created.code, changes: changedFields(null, toolFormValues(created)), source })
			return { ok: true, id: created.id, changed: true } as const
		})
	} catch (error) {
		return writeFailure(error)
	}
}

/** Saves `input` over tool `id` when its version is still `input.version`; see updateStation. */
export async function updateTool(id: number, input: ResolvedToolInput, actor: Actor, { source = 'form' as 'form' | 'import', db = getDatabase().db } = {}): Promise<WriteResult> {
	if (input.version === null) return { ok: false, reason: 'versionMissing' }
	try {
		const result = await writeTransaction(db, async (trx): Promise<WriteResult | { ok: false; reason: 'stale' }> => {
			const current = await trx.selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirst()
			if (!current) return { ok: false, reason: 'notFound' }
			if (current.version !== input.version) return { ok: false, reason: 'stale' }
			if (input.code !== current.code && (await codeTaken(trx, input.code, id))) return { ok: false, reason: 'codeTaken' }
			if (input.category !== current.category && !(await holdListedCode(TOOL_CATEGORY_LIST, input.category, trx))) return { ok: false, reason: 'categoryNotListed' }
			const changes = changedFields(toolFormValues(current), toolFormValues({ ...current, ...columnsOf(input) }))
			if (Object.keys(changes).length === 0) return { ok: true, id, changed: false }
			const updated = await trx
				.updateTable('tools')
				.set({ ...columnsOf(input), updated_by: actor.id, updated_at: Date.now(), version: current.version + 1 })
				.where('id', '=', id)
				.where('version', '=', input.version!)
				.executeTakeFirst()
			if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'stale' }
			await auditChange(trx, { action: 'tool.updated', entity: 'tool', entityId: id, actor, code: input.code, changes, source })
			return { ok: true, id, changed: true }
		})
		if (result.ok || result.reason !== 'stale') return result
		const current = await getToolRecord(id, db)
		return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'notFound' }
	} catch (error) {
		return writeFailure(error)
	}
}

export type DeleteResult = { ok: true; code: string } | { ok: false; reason: 'notFound' } | { ok: false; reason: 'conflict'; current: ToolRecord }

export async function deleteTool(id: number, version: number | null, actor: Actor, db: DB = getDatabase().db): Promise<DeleteResult> {
	const result = await writeTransaction(db, async (trx): Promise<DeleteResult | { ok: false; reason: 'stale' }> => {
		const current = await trx.selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirst()
		if (!current) return { ok: false, reason: 'notFound' }
		if (version !== null && current.version !== version) return { ok: false, reason: 'stale' }
		const deleted = await trx.deleteFrom('tools').where('id', '=', id).where('version', '=', current.version).executeTakeFirst()
		if (Number(deleted.numDeletedRows) !== 1) return { ok: false, reason: 'stale' }
		await auditChange(trx, { action: 'tool.deleted', entity: 'tool', entityId: id, actor, code: current.code, changes: changedFields(toolFormValues(current), null) })
		return { ok: true, code: current.code }
	})
	if (result.ok || result.reason !== 'stale') return result
	const current = await getToolRecord(id, db)
	return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'notFound' }
}

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
		const found = await db.selectFrom('stations').select('id').where('id', 'in', ids.slice(start, start + 500)).execute()
		for (const row of found) byId.add(row.id)
	}
	for (let start = 0; start < codes.length; start += 500) {
		const found = await db.selectFrom('stations').select(['id', 'code']).where('code', 'in', codes.slice(start, start + 500)).execute()
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

/** The bulk export and delete of tools (nothing refers to a tool: any may be deleted). */
export const toolBulk: BulkCatalog<Tool> = {
	entity: 'tool',
	table: 'tools',
	titleKey: 'tools.title',
	listPath: TOOLS_PATH,
	list: TOOL_LIST,
	fileName: 'congcu',
	columns: TOOL_FIELDS,
	sortColumns: SORTS,
	formValues: toolFormValues,
}

/** The CSV import of tools: rows matched by code; `stationId` holds a station id or code. */
export const toolImport: ImportAdapter<ToolImportInput, Tool> = {
	entity: 'tool',
	table: 'tools',
	columns: TOOL_FIELDS,
	schema: async (trx) => toolSchemaFor(await holdListedCodes(TOOL_CATEGORY_LIST, trx)),
	resolve: resolveStations,
	formValues: toolFormValues,
	merged: (current, input) => ({ ...(current ?? NEW_ROW), ...columnsOf(resolvedInput(input)) }),
	insertValues: (input, actor, now) => ({ ...columnsOf(resolvedInput(input)), created_by: actor.id, created_at: now, updated_by: actor.id, updated_at: now, version: 1 }),
	updateValues: (input, actor, now, version) => ({ ...columnsOf(resolvedInput(input)), updated_by: actor.id, updated_at: now, version }),
}

const NEW_ROW: Tool = {
	id: 0,
	code: '',
	name: '',
	name_key: '',
	search_text: '',
	category: '',
	serial_number: null,
	station_id: null,
	status: '',
	quantity: 0,
	unit: '',
	purchase_date: null,
	value_minor: null,
	note: null,
	created_by: null,
	created_at: 0,
	updated_by: null,
	updated_at: 0,
	version: 1,
}

/** At most this many stations are offered as a select; beyond, the station is typed (code or id). */
export const STATION_SELECT_LIMIT = 500

/** The stations to offer in a select, by code, or null when there are too many for one. */
export async function stationChoices(db: DB = getDatabase().db): Promise<StationRef[] | null> {
	const rows = await db.selectFrom('stations').select(['id', 'code', 'name']).orderBy('code').limit(STATION_SELECT_LIMIT + 1).execute()
	return rows.length > STATION_SELECT_LIMIT ? null : rows
}
