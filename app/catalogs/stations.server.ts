import type { Expression, SqlBool } from 'kysely'
import { getDatabase, type DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import type { Station } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { equals, readAll, readPage, search, type AnySelect, type FilterPurpose, type ListResult, type ListSource, type SortColumn } from '~/lists/list.server'
import { auditChange, changedFields, isForeignKeyViolation, isUniqueViolation, writeTransaction, searchKeys, type Actor } from './catalog.server'
import type { BulkCatalog } from './bulk.server'
import { readCatalogVersion } from './catalog-version.server'
import { minorToDecimalString } from './decimal'
import { STATION_TYPE_LIST } from '~/reference-lists/definitions'
import { holdListedCode, holdListedCodes } from '~/reference-lists/reference-lists.server'
import type { ImportAdapter } from './csv-import.server'
import { stationSchemaFor, type StationInput } from './station-schema.server'
import { COORDINATE_SCALE, STATION_FIELDS, STATION_LIST, STATIONS_PATH, type StationField, type StationFilter, type StationSort } from './stations'

const SORTS: Record<StationSort, SortColumn> = {
	code: { column: 'stations.code', unique: true },
	name: { column: 'stations.name_key' },
	type: { column: 'stations.type' },
	province: { column: 'stations.province' },
	status: { column: 'stations.status' },
	commissionedAt: { column: 'stations.commissioned_at', nullable: true },
}

export type StationListState = ListState<StationFilter, StationSort>

/** The stations the list's search and filters select (no columns chosen yet). */
export async function filteredStations(db: DB, dialect: Dialect, state: Pick<StationListState, 'q' | 'filters'>) {
	const { condition: searched, atLeast } = await search(db, dialect, 'stations', state.q)
	const build = (purpose: FilterPurpose) => {
		const selective = purpose === 'count'
		const conditions: Expression<SqlBool>[] = searched ? [searched] : []
		const { status, type, province } = state.filters
		if (status) conditions.push(equals(dialect, 'stations.status', status, { selective }))
		if (type) conditions.push(equals(dialect, 'stations.type', type, { selective }))
		if (province) conditions.push(equals(dialect, 'stations.province', province, { selective }))
		const query = db.selectFrom('stations')
		return conditions.length > 0 ? query.where((eb) => eb.and(conditions)) : query
	}
	return { filtered: build('page'), counted: build('count'), searchMatchesAtLeast: atLeast }
}

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

function stationColumns(query: AnySelect) {
	return query.select((eb) => [
		'stations.id',
		'stations.code',
		'stations.name',
		'stations.type',
		'stations.province',
		'stations.status',
		'stations.commissioned_at',
		eb
			.selectFrom('tools')
			.select((inner) => inner.fn.countAll<number>().as('n'))
			.whereRef('tools.station_id', '=', 'stations.id')
			.as('tool_count'),
	])
}

/** What the list pattern reads for a station list state. */
export async function stationListSource(state: StationListState, handle = getDatabase()): Promise<ListSource> {
	const { filtered, counted, searchMatchesAtLeast } = await filteredStations(handle.db, handle.dialect, state)
	return { table: 'stations', idColumn: 'stations.id', filtered, counted, searchMatchesAtLeast, columns: stationColumns, sort: SORTS[state.sort], version: () => readCatalogVersion(handle.db) }
}

/** One page of the station list, with each station's number of tools (one index lookup per row). */
export async function listStations(state: StationListState, handle = getDatabase()): Promise<ListResult<StationListRow>> {
	const { db, dialect } = handle
	const page = await readPage<StationListRow>(db, dialect, await stationListSource(state, handle), state)
	return { ...page, rows: page.rows.map((row) => ({ ...row, tool_count: Number(row.tool_count) })) }
}

/** Every station the list's search and filters select, in the list's order, a batch at a time (the CSV export). */
export async function* exportStations(state: StationListState, handle = getDatabase()): AsyncGenerator<Station[]> {
	const { db, dialect } = handle
	const { filtered } = await filteredStations(db, dialect, state)
	yield* readAll<Station>(db, dialect, { table: 'stations', idColumn: 'stations.id', filtered, columns: (query) => query.selectAll('stations'), sort: SORTS[state.sort] }, state.dir)
}

/** A station with the names of who created and last changed it, and its number of tools. */
export async function getStationRecord(id: number, db: DB = getDatabase().db) {
	const row = await db
		.selectFrom('stations')
		.leftJoin('users as creator', 'creator.id', 'stations.created_by')
		.leftJoin('users as editor', 'editor.id', 'stations.updated_by')
		.selectAll('stations')
		.select((eb) => [
			'creator.display_name as created_by_name',
			'editor.display_name as updated_by_name',
			eb.selectFrom('tools').select((inner) => inner.fn.countAll<number>().as('n')).whereRef('tools.station_id', '=', 'stations.id').as('tool_count'),
		])
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

function columnsOf(input: StationInput) {
	return {
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
	}
}

export type WriteResult =
	| { ok: true; id: number; changed: boolean }
	| { ok: false; reason: 'notFound' }
	| { ok: false; reason: 'codeTaken' }
	/** The type is no longer in its list (deleted since the form was checked). */
	| { ok: false; reason: 'typeNotListed' }
	| { ok: false; reason: 'conflict'; current: StationRecord }
	| { ok: false; reason: 'versionMissing' }

async function codeTaken(db: DB, code: string, exceptId?: number) {
	let query = db.selectFrom('stations').select('id').where('code', '=', code)
	if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
	return (await query.executeTakeFirst()) !== undefined
}

/** Inserts a station and its audit entry, together or not at all. */
export async function createStation(input: StationInput, actor: Actor, { source = 'form' as 'form' | 'import', db = getDatabase().db } = {}): Promise<WriteResult> {
	try {
		return await writeTransaction(db, async (trx) => {
			if (await codeTaken(trx, input.code)) return { ok: false, reason: 'codeTaken' } as const
			if (!(await holdListedCode(STATION_TYPE_LIST, input.type, trx))) return { ok: false, reason: 'typeNotListed' } as const
			const now = Date.now()
			const created = await trx
				.insertInto('stations')
				.values({ ...columnsOf(input), created_by: actor.id, created_at: now, updated_by: actor.id, updated_at: now, version: 1 })
				.returningAll()
				.executeTakeFirstOrThrow()
			await auditChange(trx, {
				action: 'station.created',
				entity: 'station',
				entityId: created.id,
				actor,
				code: created.code,
				changes: changedFields(null, stationFormValues(created)),
				source,
			})
			return { ok: true, id: created.id, changed: true } as const
		})
	} catch (error) {
		// Another save took the code between our check and the insert.
		if (isUniqueViolation(error)) return { ok: false, reason: 'codeTaken' }
		throw error
	}
}

/**
 * Saves `input` over station `id` when its version is still `input.version` (optimistic concurrency):
 * otherwise nothing is written and the current record is returned for the conflict message.
 */
export async function updateStation(id: number, input: StationInput, actor: Actor, { source = 'form' as 'form' | 'import', db = getDatabase().db } = {}): Promise<WriteResult> {
	if (input.version === null) return { ok: false, reason: 'versionMissing' }
	try {
		const result = await writeTransaction(db, async (trx): Promise<WriteResult | { ok: false; reason: 'stale' }> => {
			const current = await trx.selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst()
			if (!current) return { ok: false, reason: 'notFound' }
			if (current.version !== input.version) return { ok: false, reason: 'stale' }
			if (input.code !== current.code && (await codeTaken(trx, input.code, id))) return { ok: false, reason: 'codeTaken' }
			if (input.type !== current.type && !(await holdListedCode(STATION_TYPE_LIST, input.type, trx))) return { ok: false, reason: 'typeNotListed' }
			const before = stationFormValues(current)
			const changes = changedFields(before, stationFormValues({ ...current, ...columnsOf(input) }))
			if (Object.keys(changes).length === 0) return { ok: true, id, changed: false }
			const updated = await trx
				.updateTable('stations')
				.set({ ...columnsOf(input), updated_by: actor.id, updated_at: Date.now(), version: current.version + 1 })
				.where('id', '=', id)
				.where('version', '=', input.version!)
				.executeTakeFirst()
			// A concurrent save won the race (PostgreSQL's read committed): ours is the stale one.
			if (Number(updated.numUpdatedRows) !== 1) return { ok: false, reason: 'stale' }
			await auditChange(trx, { action: 'station.updated', entity: 'station', entityId: id, actor, code: input.code, changes, source })
			return { ok: true, id, changed: true }
		})
		if (result.ok || result.reason !== 'stale') return result
		const current = await getStationRecord(id, db)
		return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'notFound' }
	} catch (error) {
		if (isUniqueViolation(error)) return { ok: false, reason: 'codeTaken' }
		throw error
	}
}

export type DeleteResult =
	| { ok: true; code: string }
	| { ok: false; reason: 'notFound' }
	| { ok: false; reason: 'hasTools'; toolCount: number }
	| { ok: false; reason: 'conflict'; current: StationRecord }

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

/** Deletes a station that holds no tools; `version`, when given, must still be current. */
export async function deleteStation(id: number, version: number | null, actor: Actor, db: DB = getDatabase().db): Promise<DeleteResult> {
	try {
		const result = await writeTransaction(db, async (trx): Promise<DeleteResult | { ok: false; reason: 'stale' }> => {
			const current = await trx.selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst()
			if (!current) return { ok: false, reason: 'notFound' }
			if (version !== null && current.version !== version) return { ok: false, reason: 'stale' }
			const toolCount = (await toolCounts(trx, [id])).get(id) ?? 0
			if (toolCount > 0) return { ok: false, reason: 'hasTools', toolCount }
			const deleted = await trx.deleteFrom('stations').where('id', '=', id).where('version', '=', current.version).executeTakeFirst()
			if (Number(deleted.numDeletedRows) !== 1) return { ok: false, reason: 'stale' }
			await auditChange(trx, {
				action: 'station.deleted',
				entity: 'station',
				entityId: id,
				actor,
				code: current.code,
				changes: changedFields(stationFormValues(current), null),
			})
			return { ok: true, code: current.code }
		})
		if (result.ok || result.reason !== 'stale') return result
		const current = await getStationRecord(id, db)
		return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'notFound' }
	} catch (error) {
		// A tool was assigned between the check and the delete.
		if (isForeignKeyViolation(error)) {
			const current = await getStationRecord(id, db)
			return { ok: false, reason: 'hasTools', toolCount: current?.tool_count ?? 1 }
		}
		throw error
	}
}

/** The bulk export and delete of stations: a station that holds tools is not deleted. */
export const stationBulk: BulkCatalog<Station> = {
	entity: 'station',
	table: 'stations',
	titleKey: 'stations.title',
	listPath: STATIONS_PATH,
	list: STATION_LIST,
	fileName: 'tram',
	columns: STATION_FIELDS,
	sortColumns: SORTS,
	formValues: stationFormValues,
	async deleteBlockers(db, ids) {
		const counts = await toolCounts(db, ids)
		return new Map([...counts].map(([id, count]) => [id, { key: 'bulk.refusal.hasTools', values: { count } }]))
	},
}

/** The CSV import of stations: rows matched by code. */
export const stationImport: ImportAdapter<StationInput, Station> = {
	entity: 'station',
	table: 'stations',
	columns: STATION_FIELDS,
	schema: async (trx) => stationSchemaFor(await holdListedCodes(STATION_TYPE_LIST, trx)),
	formValues: stationFormValues,
	merged: (current, input) => ({ ...(current ?? NEW_ROW), ...columnsOf(input) }),
	insertValues: (input, actor, now) => ({ ...columnsOf(input), created_by: actor.id, created_at: now, updated_by: actor.id, updated_at: now, version: 1 }),
	updateValues: (input, actor, now, version) => ({ ...columnsOf(input), updated_by: actor.id, updated_at: now, version }),
}

const NEW_ROW: Station = {
	id: 0,
	code: '',
	name: '',
	name_key: '',
	search_text: '',
	type: '',
	province: '',
	address: null,
	latitude_e6: null,
	longitude_e6: null,
	status: '',
	commissioned_at: null,
	note: null,
	created_by: null,
	created_at: 0,
	updated_by: null,
	updated_at: 0,
	version: 1,
}
