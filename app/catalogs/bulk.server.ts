import { isSqlite, type DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import type { ListSpec, SortDirection } from '~/lists/list-query'
import { readAll } from '~/lists/list-read-all.server'
import type { AnySelect, ListSource, SortColumn } from '~/lists/list.server'
import { MAX_SELECTION, type BlockReason, type BulkRefusal, type SelectionProblem } from './bulk'
import { auditChange, changedFields, isForeignKeyViolation, writeTransaction } from './catalog.server'
import type { Actor } from '~/audit/audit.server'
import { queriedTable, scopeCondition, type CatalogTable, type InProvinces } from './engine/listing.server'
import { EVERYWHERE, type ProvinceScope } from '~/permissions/scope'

/**
 * Bulk actions on the rows a user ticked in a catalog list: export them, delete them (all or none).
 * Each catalog describes itself with a `BulkCatalog`; nothing here knows stations or tools.
 */

export interface BulkRow {
	id: number
	code: string
	/** The record's name as the pages show it (see BulkCatalog.nameOf). */
	name: string
	version: number
}

/** What a catalog tells the bulk actions about itself. */
export interface BulkCatalog<Row extends BulkRow> {
	/** The audit log's entity (`station`) and the catalog's table (`stations`). */
	entity: string
	table: CatalogTable
	/** The catalog's title (a translation key) and its list's address and query. */
	titleKey: string
	listPath: string
	// The list's own filter and sort types do not matter here.
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	list: ListSpec<any, any>
	/** The export file's name before its date (e.g. `tram`) and its columns (the import's). */
	fileName: string
	columns: readonly string[]
	/** The list's sort keys, so an export follows the list's order. */
	sortColumns: Record<string, SortColumn>
	/** A record as its form, the CSV export and the audit log write it. */
	formValues(row: Row): Record<string, string>
	/** The catalog's own delete rule: which of `ids` may not be deleted, and why. */
	deleteBlockers?(db: DB, ids: number[]): Promise<Map<number, BlockReason>>
	/**
	 * When kinds of record share the table (the reference lists' items): the column that tells them apart
	 * and this kind's value. An id of another kind is then missing, as one of no record is.
	 */
	partition?: { column: 'list_key'; value: string }
	/** The name a page shows for a stored row, when the table has no `name` column (an item's label in the reader's language). */
	nameOf?(row: Row): string
	/** The records in some provinces, for a catalog of provincial data (its listing's). */
	inProvinces?: InProvinces
}

/** The catalog's rows within the scope (decision 0052): its table, or its part of a shared one. */
function catalogRows<Row extends BulkRow>(db: DB, catalog: BulkCatalog<Row>, scope: ProvinceScope) {
	const table = queriedTable(catalog.table)
	let query = db.selectFrom(table)
	const { partition } = catalog
	// Typed as a catalog's table; a partitioned table has the column (see RecordStorage.partition).
	if (partition) query = query.where(`${table}.${partition.column}` as never, '=', partition.value as never)
	const scoped = scopeCondition(catalog.inProvinces, scope, { db, dialect: isSqlite(db) ? 'sqlite' : 'postgres' }, 'count')
	return scoped ? query.where(scoped) : query
}

/** Stored rows as the bulk actions show them: with the catalog's name for each. */
function named<Row extends BulkRow>(catalog: BulkCatalog<Row>, rows: Row[]): Row[] {
	const { nameOf } = catalog
	return nameOf ? rows.map((row) => ({ ...row, name: nameOf(row) })) : rows
}

export type Selection = { ok: true; ids: number[] } | { ok: false; problem: SelectionProblem }

/** The ids a request names (each a positive number, none twice, one to MAX_SELECTION of them). */
export function parseSelection(values: readonly string[]): Selection {
	if (values.length === 0) return { ok: false, problem: 'empty' }
	if (values.length > MAX_SELECTION) return { ok: false, problem: 'tooMany' }
	if (!values.every((value) => /^\d{1,9}$/.test(value) && Number(value) > 0)) return { ok: false, problem: 'malformed' }
	const ids = values.map(Number)
	if (new Set(ids).size !== ids.length) return { ok: false, problem: 'duplicate' }
	return { ok: true, ids }
}

/** The selected records that exist in the scope, in the list's order, and the ids that name none there. */
export async function loadSelection<Row extends BulkRow>(
	db: DB,
	dialect: Dialect,
	catalog: BulkCatalog<Row>,
	ids: number[],
	order: { sort: string; dir: SortDirection },
	scope: ProvinceScope = EVERYWHERE,
): Promise<{ rows: Row[]; missing: number[] }> {
	const table = queriedTable(catalog.table)
	const sort = catalog.sortColumns[order.sort]
	if (!sort) throw new Error(`unknown sort ${order.sort}`)
	const rows: Row[] = []
	const source: ListSource = {
		table,
		idColumn: `${table}.id`,
		filtered: catalogRows(db, catalog, scope).where(`${table}.id`, 'in', ids),
		columns: (query: AnySelect) => query.selectAll(table),
		sort,
	}
	for await (const batch of readAll<Row>(db, dialect, source, order.dir)) rows.push(...named(catalog, batch))
	const found = new Set(rows.map((row) => row.id))
	return { rows, missing: ids.filter((id) => !found.has(id)) }
}

/** What the user confirmed: each record with the version they saw. */
export interface Confirmed {
	id: number
	version: number
}

export type BulkDeleteResult = { ok: true; deleted: { id: number; code: string }[] } | { ok: false; refusals: BulkRefusal[] }

class Refused extends Error {
	constructor(readonly refusals: BulkRefusal[]) {
		super('bulk delete refused')
	}
}

async function refusalsOf<Row extends BulkRow>(
	trx: DB,
	catalog: BulkCatalog<Row>,
	items: Confirmed[],
	current: Map<number, Row>,
): Promise<BulkRefusal[]> {
	const blockers = catalog.deleteBlockers ? await catalog.deleteBlockers(trx, [...current.keys()]) : new Map<number, BlockReason>()
	const refusals: BulkRefusal[] = []
	for (const { id, version } of items) {
		const row = current.get(id)
		const block = blockers.get(id)
		if (!row) refusals.push({ id, reason: 'notFound' })
		else if (row.version !== version) refusals.push({ id, reason: 'stale', code: row.code, name: row.name, version: row.version })
		else if (block) refusals.push({ id, reason: 'blocked', code: row.code, name: row.name, block })
	}
	return refusals
}

/**
 * Deletes every confirmed record, each audited like a single delete (source `bulk`), in one
 * transaction: one that is gone (or outside the actor's scope), changed since it was confirmed or held
 * by the catalog's delete rule refuses the whole batch, and nothing is deleted.
 */
export async function bulkDelete<Row extends BulkRow>(
	db: DB,
	catalog: BulkCatalog<Row>,
	items: Confirmed[],
	actor: Actor,
	scope: ProvinceScope = EVERYWHERE,
): Promise<BulkDeleteResult> {
	const table = queriedTable(catalog.table)
	const ids = items.map((item) => item.id)
	const attempt = () =>
		writeTransaction(db, async (trx): Promise<BulkDeleteResult> => {
			// Locked on PostgreSQL (in id order, so two batches wait rather than deadlock) before their holders are counted:
			// one that takes a record meanwhile (a reference list's holdListedCode) is counted, or waits and finds it gone.
			const read = catalogRows(trx, catalog, scope).selectAll().where(`${table}.id`, 'in', ids).orderBy(`${table}.id`)
			const rows = named(catalog, (await (isSqlite(trx) ? read : read.forUpdate()).execute()) as unknown as Row[])
			const current = new Map(rows.map((row) => [row.id, row]))
			const refusals = await refusalsOf(trx, catalog, items, current)
			if (refusals.length > 0) return { ok: false, refusals }
			for (const { id, version } of items) {
				const row = current.get(id)!
				const deleted = await trx.deleteFrom(table).where('id', '=', id).where('version', '=', version).executeTakeFirst()
				// A concurrent save won the race (PostgreSQL's read committed): undo the whole batch.
				if (Number(deleted.numDeletedRows) !== 1)
					throw new Refused([{ id, reason: 'stale', code: row.code, name: row.name, version: row.version }])
				await auditChange(trx, {
					action: `${catalog.entity}.deleted`,
					entity: catalog.entity,
					entityId: id,
					actor,
					code: row.code,
					changes: changedFields(catalog.formValues(row), null),
					source: 'bulk',
				})
			}
			return { ok: true, deleted: items.map(({ id }) => ({ id, code: current.get(id)!.code })) }
		})
	try {
		return await attempt()
	} catch (error) {
		if (error instanceof Refused) return { ok: false, refusals: error.refusals }
		// A record was referred to (a tool assigned to a station) between the check and the delete: check again.
		if (isForeignKeyViolation(error)) {
			const rows = named(
				catalog,
				(await catalogRows(db, catalog, scope).selectAll().where(`${table}.id`, 'in', ids).execute()) as unknown as Row[],
			)
			const refusals = await refusalsOf(db, catalog, items, new Map(rows.map((row) => [row.id, row])))
			if (refusals.length > 0) return { ok: false, refusals }
		}
		throw error
	}
}
