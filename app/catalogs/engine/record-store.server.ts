import { getDatabase, isSqlite, type DB } from '~/db/db.server'
import { holdListedCode } from '~/reference-lists/listed-codes.server'
import {
	auditChange,
	changeColumns,
	changedFields,
	creationColumns,
	isForeignKeyViolation,
	isUniqueViolation,
	writeTransaction,
} from '../catalog.server'
import type { Actor } from '~/audit/audit.server'
import { EVERYWHERE, inScope, type ProvinceScope } from '~/permissions/scope'
import { recordDefinitionOf, type CatalogDefinition, type CatalogTypes, type RecordDefinition, type RecordTypes } from './definition.server'

export type WriteResult<T extends RecordTypes> =
	| { ok: true; id: number; code: string; changed: boolean }
	| { ok: false; reason: 'notFound' | 'codeTaken' | 'versionMissing' | 'outOfScope' | T['refusal'] }
	| { ok: false; reason: 'conflict'; current: T['record'] }

export type DeleteResult<T extends RecordTypes> =
	| { ok: true; code: string }
	| { ok: false; reason: 'notFound' | 'outOfScope' }
	| T['blocked']
	| { ok: false; reason: 'conflict'; current: T['record'] }

/** Inside a transaction: the record changed since it was read; answered as a conflict once it is over. */
type Stale = { ok: false; reason: 'stale' }
const STALE: Stale = { ok: false, reason: 'stale' }

export interface WriteOptions {
	source?: 'form' | 'import'
	db?: DB
	/** Where the writer holds the action (decision 0052): the record must lie there before and after. */
	scope?: ProvinceScope
}

/** The create, update and delete of one catalog's records (see recordStoreOf). */
export function recordStore<T extends CatalogTypes>(definition: CatalogDefinition<T>) {
	return recordStoreOf(recordDefinitionOf(definition))
}

/**
 * The create, update and delete of one kind of record: each audited in the same transaction, codes
 * unique (within the partition of a shared table), listed columns still listed, deletes refused while
 * something holds the record, updates and deletes refused when the record changed since the user read it
 * (optimistic concurrency on `version`).
 */
export function recordStoreOf<T extends RecordTypes>(definition: RecordDefinition<T>) {
	const { formValues, columnsOf, listed, reference, deleteBlocker, provinceOf } = definition
	const { entity, partition } = definition.storage
	// Queried by the columns every stored row has (StoredRow), whichever table it is: typed as one that has them all and a partition column.
	const table = definition.storage.table as 'reference_items'
	const rows = (db: DB) => {
		const query = db.selectFrom(table)
		return partition ? query.where(partition.column, '=', partition.value) : query
	}

	/** The row, locked on PostgreSQL until the transaction ends when `forUpdate` (a delete counts its holders after). */
	async function readRow(db: DB, id: number, { forUpdate = false } = {}) {
		const query = rows(db).selectAll().where('id', '=', id)
		return (await (forUpdate && !isSqlite(db) ? query.forUpdate() : query).executeTakeFirst()) as T['row'] | undefined
	}

	async function codeTaken(db: DB, code: string, exceptId?: number) {
		let query = rows(db).select('id').where('code', '=', code)
		if (exceptId !== undefined) query = query.where('id', '<>', exceptId)
		return (await query.executeTakeFirst()) !== undefined
	}

	/** Whether the values (a stored row, or what a write sets) lie in the scope; a catalog without provinces lies everywhere. */
	async function within(scope: ProvinceScope, values: Partial<T['row']>, db: DB) {
		return scope === null || !provinceOf || inScope(scope, await provinceOf(values, db))
	}

	function writeFailure(error: unknown): WriteResult<T> {
		// Another save took the code between our check and the write.
		if (isUniqueViolation(error)) return { ok: false, reason: 'codeTaken' }
		// The record the input names was deleted between the check and the write.
		if (reference && isForeignKeyViolation(error)) return { ok: false, reason: reference.reason }
		throw error
	}

	async function conflictOrGone(id: number, db: DB) {
		const current = await definition.getRecord(id, db)
		return current ? ({ ok: false, reason: 'conflict', current } as const) : ({ ok: false, reason: 'notFound' } as const)
	}

	/** Inserts a record and its audit entry, together or not at all. */
	async function create(
		input: T['input'],
		actor: Actor,
		{ source = 'form', db = getDatabase().db, scope = EVERYWHERE }: WriteOptions = {},
	): Promise<WriteResult<T>> {
		try {
			return await writeTransaction(db, async (trx): Promise<WriteResult<T>> => {
				if (!(await within(scope, columnsOf(input) as Partial<T['row']>, trx))) return { ok: false, reason: 'outOfScope' }
				if (input.code === undefined || (await codeTaken(trx, input.code))) return { ok: false, reason: 'codeTaken' }
				if (listed && !(await holdListedCode(listed.list, listed.code(input), trx))) return { ok: false, reason: listed.reason }
				const now = Date.now()
				const owner = partition ? { [partition.column]: partition.value } : {}
				const created = (await trx
					.insertInto(table)
					.values({ ...columnsOf(input), ...owner, ...creationColumns(actor, now) } as never)
					.returningAll()
					.executeTakeFirstOrThrow()) as T['row']
				const changes = changedFields(null, formValues(created))
				await auditChange(trx, { action: `${entity}.created`, entity, entityId: created.id, actor, code: created.code, changes, source })
				return { ok: true, id: created.id, code: created.code, changed: true }
			})
		} catch (error) {
			return writeFailure(error)
		}
	}

	/**
	 * Saves `input` over record `id` when its version is still `input.version` (optimistic concurrency):
	 * otherwise nothing is written and the current record is returned for the conflict message.
	 */
	async function update(
		id: number,
		input: T['input'],
		actor: Actor,
		{ source = 'form', db = getDatabase().db, scope = EVERYWHERE }: WriteOptions = {},
	): Promise<WriteResult<T>> {
		const version = input.version
		if (version === null) return { ok: false, reason: 'versionMissing' }
		try {
			const result = await writeTransaction(db, async (trx): Promise<WriteResult<T> | Stale> => {
				const current = await readRow(trx, id)
				if (!current) return { ok: false, reason: 'notFound' }
				if (current.version !== version) return STALE
				const columns = columnsOf(input)
				// In the scope before the change and after it: nobody moves a record out of their provinces, or into them from elsewhere.
				if (!(await within(scope, current, trx)) || !(await within(scope, { ...current, ...columns }, trx)))
					return { ok: false, reason: 'outOfScope' }
				const code = input.code ?? current.code
				if (code !== current.code && (await codeTaken(trx, code, id))) return { ok: false, reason: 'codeTaken' }
				if (listed) {
					const listedCode = listed.code(input)
					if (listedCode !== listed.code(current) && !(await holdListedCode(listed.list, listedCode, trx)))
						return { ok: false, reason: listed.reason }
				}
				const changes = changedFields(formValues(current), formValues({ ...current, ...columns }))
				if (Object.keys(changes).length === 0) return { ok: true, id, code, changed: false }
				const updated = await trx
					.updateTable(table)
					.set({ ...columns, ...changeColumns(actor, Date.now(), current.version + 1) } as never)
					.where('id', '=', id)
					.where('version', '=', version)
					.executeTakeFirst()
				// A concurrent save won the race (PostgreSQL's read committed): ours is the stale one.
				if (Number(updated.numUpdatedRows) !== 1) return STALE
				await auditChange(trx, { action: `${entity}.updated`, entity, entityId: id, actor, code, changes, source })
				return { ok: true, id, code, changed: true }
			})
			return result.ok || result.reason !== 'stale' ? (result as WriteResult<T>) : await conflictOrGone(id, db)
		} catch (error) {
			return writeFailure(error)
		}
	}

	/** Deletes a record nothing holds (see the definition's deleteBlocker); `version`, when given, must still be current. */
	async function remove(
		id: number,
		version: number | null,
		actor: Actor,
		db: DB = getDatabase().db,
		scope: ProvinceScope = EVERYWHERE,
	): Promise<DeleteResult<T>> {
		try {
			const result = await writeTransaction(db, async (trx): Promise<DeleteResult<T> | Stale> => {
				// Locked before its holders are counted: one that takes it meanwhile (holdListedCode) is counted, or waits and finds it gone.
				const current = await readRow(trx, id, { forUpdate: true })
				if (!current) return { ok: false, reason: 'notFound' }
				if (version !== null && current.version !== version) return STALE
				if (!(await within(scope, current, trx))) return { ok: false, reason: 'outOfScope' }
				const holders = deleteBlocker ? ((await deleteBlocker.holders(trx, [id])).get(id) ?? 0) : 0
				if (deleteBlocker && holders > 0) return deleteBlocker.refusal(holders)
				const deleted = await trx.deleteFrom(table).where('id', '=', id).where('version', '=', current.version).executeTakeFirst()
				if (Number(deleted.numDeletedRows) !== 1) return STALE
				await auditChange(trx, {
					action: `${entity}.deleted`,
					entity,
					entityId: id,
					actor,
					code: current.code,
					changes: changedFields(formValues(current), null),
				})
				return { ok: true, code: current.code }
			})
			return result.ok || result.reason !== 'stale' ? (result as DeleteResult<T>) : await conflictOrGone(id, db)
		} catch (error) {
			// A holder (a tool assigned to the station) came between the check and the delete.
			if (deleteBlocker && isForeignKeyViolation(error)) {
				const holders = (await deleteBlocker.holders(db, [id])).get(id) ?? ((await definition.getRecord(id, db)) ? 0 : 1)
				return deleteBlocker.refusal(holders)
			}
			throw error
		}
	}

	return { create, update, remove }
}
