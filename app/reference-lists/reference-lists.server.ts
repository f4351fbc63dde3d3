import { getDb, isSqlite, type DB } from '~/db/db.server'
import type { ReferenceItem } from '~/db/schema'
import type { LanguageCode } from '~/i18n/languages'
import { auditChange, changedFields, isUniqueViolation, writeTransaction, type Actor } from '~/catalogs/catalog.server'
import { LABEL_LANGUAGES, labelField, type ReferenceListDefinition, type ReferenceOption } from './definitions'
import type { ItemInput } from './item-schema.server'

/** The items of a list in its order (the lists are small: one indexed query). */
export function listItems(list: ReferenceListDefinition, db: DB = getDb()): Promise<ReferenceItem[]> {
	return db.selectFrom('reference_items').selectAll().where('list_key', '=', list.key).orderBy('sort_order').orderBy('code').execute()
}

/** An item's label in `language`, or its Vietnamese label when it has none in that language. */
export function itemLabel(item: ReferenceItem, language: LanguageCode): string {
	return item[`label_${language}`] ?? item.label_vn
}

/** What a select, a filter or a label lookup offers of a list, in the reader's language. */
export async function referenceOptions(list: ReferenceListDefinition, language: LanguageCode, db: DB = getDb()): Promise<ReferenceOption[]> {
	return (await listItems(list, db)).map((item) => ({ value: item.code, label: itemLabel(item, language) }))
}

/** The codes the list holds (it is small: one indexed query). */
export async function listedCodes(list: ReferenceListDefinition, db: DB = getDb()): Promise<string[]> {
	return (await db.selectFrom('reference_items').select('code').where('list_key', '=', list.key).execute()).map((row) => row.code)
}

/**
 * Inside a write transaction: whether the list holds `code`, its row then kept from being deleted until
 * the transaction ends. On PostgreSQL that is a share lock (deleteItem locks the row for update first, so
 * a delete and a record taking the code are one after the other); SQLite's write transactions already
 * are, one at a time.
 */
export async function holdListedCode(list: ReferenceListDefinition, code: string, trx: DB): Promise<boolean> {
	const query = trx.selectFrom('reference_items').select('id').where('list_key', '=', list.key).where('code', '=', code)
	return (await (isSqlite(trx) ? query : query.forShare()).executeTakeFirst()) !== undefined
}

/** listedCodes inside a write transaction, every row held as holdListedCode holds one (the CSV import's batches). */
export async function holdListedCodes(list: ReferenceListDefinition, trx: DB): Promise<string[]> {
	const query = trx.selectFrom('reference_items').select('code').where('list_key', '=', list.key)
	return (await (isSqlite(trx) ? query : query.forShare()).execute()).map((row) => row.code)
}

/** The number of catalog records that name `code` (an indexed count). */
export async function usageCount(list: ReferenceListDefinition, code: string, db: DB = getDb()): Promise<number> {
	const { table, column } = list.usedBy
	const row = await db
		.selectFrom(table)
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where(column as never, '=', code as never)
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

/** An item with the names of who created and last changed it, and how many records use it. */
export async function getItemRecord(list: ReferenceListDefinition, id: number, db: DB = getDb()) {
	const row = await db
		.selectFrom('reference_items')
		.leftJoin('users as creator', 'creator.id', 'reference_items.created_by')
		.leftJoin('users as editor', 'editor.id', 'reference_items.updated_by')
		.selectAll('reference_items')
		.select(['creator.display_name as created_by_name', 'editor.display_name as updated_by_name'])
		.where('reference_items.list_key', '=', list.key)
		.where('reference_items.id', '=', id)
		.executeTakeFirst()
	return row ? { ...row, usage_count: await usageCount(list, row.code, db) } : undefined
}

export type ItemRecord = NonNullable<Awaited<ReturnType<typeof getItemRecord>>>

/** The next free place at the end of the list (a new item's suggested sort order). */
export async function nextSortOrder(list: ReferenceListDefinition, db: DB = getDb()): Promise<number> {
	const row = await db.selectFrom('reference_items').select((eb) => eb.fn.max('sort_order').as('last')).where('list_key', '=', list.key).executeTakeFirst()
	return Number(row?.last ?? 0) + 10
}

/** An item as its form shows it (and as the audit log records it): text per field. */
export function itemFormValues(item: ReferenceItem): Record<string, string> {
	const values: Record<string, string> = { code: item.code }
	for (const language of LABEL_LANGUAGES) values[labelField(language)] = item[`label_${language}`] ?? ''
	values.sortOrder = String(item.sort_order)
	values.version = String(item.version)
	return values
}

function columnsOf(input: ItemInput) {
	return {
		label_vn: input.labelVn,
		label_en: input.labelEn,
		label_es: input.labelEs,
		label_de: input.labelDe,
		label_it: input.labelIt,
		label_ru: input.labelRu,
		sort_order: input.sortOrder,
	}
}

function audit(trx: DB, list: ReferenceListDefinition, kind: 'created' | 'updated' | 'deleted', item: ReferenceItem, actor: Actor, changes: ReturnType<typeof changedFields>) {
	return auditChange(trx, { action: `${list.auditEntity}.${kind}`, entity: list.auditEntity, entityId: item.id, actor, code: item.code, changes })
}

export type WriteResult =
	| { ok: true; id: number; code: string; changed: boolean }
	| { ok: false; reason: 'notFound' | 'codeTaken' | 'versionMissing' }
	| { ok: false; reason: 'conflict'; current: ItemRecord }

/** Adds an item and its audit entry, together or not at all. */
export async function createItem(list: ReferenceListDefinition, input: ItemInput & { code: string }, actor: Actor, db: DB = getDb()): Promise<WriteResult> {
	try {
		return await writeTransaction(db, async (trx) => {
			const taken = await trx.selectFrom('reference_items').select('id').where('list_key', '=', list.key).where('code', '=', input.code).executeTakeFirst()
			if (taken) return { ok: false, reason: 'codeTaken' } as const
			const now = Date.now()
			const created = await trx
				.insertInto('reference_items')
				.values({ list_key: list.key, code: input.code, ...columnsOf(input), created_by: actor.id, created_at: now, updated_by: actor.id, updated_at: now, version: 1 })
				.returningAll()
				.executeTakeFirstOrThrow()
			await audit(trx, list, 'created', created, actor, changedFields(null, itemFormValues(created)))
			return { ok: true, id: created.id, code: created.code, changed: true } as const
		})
	} catch (error) {
		// Another save took the code between our check and the insert.
		if (isUniqueViolation(error)) return { ok: false, reason: 'codeTaken' }
		throw error
	}
}

async function staleOrGone(list: ReferenceListDefinition, id: number, db: DB): Promise<WriteResult> {
	const current = await getItemRecord(list, id, db)
	return current ? { ok: false, reason: 'conflict', current } : { ok: false, reason: 'notFound' }
}

/** Saves `input` over item `id` when its version is still `input.version` (optimistic concurrency). */
export async function updateItem(list: ReferenceListDefinition, id: number, input: ItemInput, actor: Actor, db: DB = getDb()): Promise<WriteResult> {
	if (input.version === null) return { ok: false, reason: 'versionMissing' }
	const result = await writeTransaction(db, async (trx): Promise<WriteResult | 'stale'> => {
		const current = await trx.selectFrom('reference_items').selectAll().where('list_key', '=', list.key).where('id', '=', id).executeTakeFirst()
		if (!current) return { ok: false, reason: 'notFound' }
		if (current.version !== input.version) return 'stale'
		const next = { ...current, ...columnsOf(input), version: current.version + 1 }
		const changes = changedFields(itemFormValues(current), itemFormValues(next))
		if (Object.keys(changes).length === 0) return { ok: true, id, code: current.code, changed: false }
		const updated = await trx
			.updateTable('reference_items')
			.set({ ...columnsOf(input), updated_by: actor.id, updated_at: Date.now(), version: next.version })
			.where('id', '=', id)
			.where('version', '=', current.version)
			.executeTakeFirst()
		// A concurrent save won the race (PostgreSQL's read committed): ours is the stale one.
		if (Number(updated.numUpdatedRows) !== 1) return 'stale'
		await audit(trx, list, 'updated', current, actor, changes)
		return { ok: true, id, code: current.code, changed: true }
	})
	return result === 'stale' ? staleOrGone(list, id, db) : result
}

export type DeleteResult = { ok: true; code: string } | { ok: false; reason: 'notFound' } | { ok: false; reason: 'inUse'; count: number } | { ok: false; reason: 'conflict'; current: ItemRecord }

/**
 * Deletes an item that no record names; `version`, when given, must still be current. The count and the
 * delete share one write transaction (on SQLite it holds the write lock, so no record can take the code
 * in between).
 */
export async function deleteItem(list: ReferenceListDefinition, id: number, version: number | null, actor: Actor, db: DB = getDb()): Promise<DeleteResult> {
	const result = await writeTransaction(db, async (trx): Promise<DeleteResult | 'stale'> => {
		const query = trx.selectFrom('reference_items').selectAll().where('list_key', '=', list.key).where('id', '=', id)
		// Locked before counting: a record taking the code meanwhile holds it (holdListedCode) and is counted, or waits and finds it gone.
		const current = await (isSqlite(trx) ? query : query.forUpdate()).executeTakeFirst()
		if (!current) return { ok: false, reason: 'notFound' }
		if (version !== null && current.version !== version) return 'stale'
		const count = await usageCount(list, current.code, trx)
		if (count > 0) return { ok: false, reason: 'inUse', count }
		const deleted = await trx.deleteFrom('reference_items').where('id', '=', id).where('version', '=', current.version).executeTakeFirst()
		if (Number(deleted.numDeletedRows) !== 1) return 'stale'
		await audit(trx, list, 'deleted', current, actor, changedFields(itemFormValues(current), null))
		return { ok: true, code: current.code }
	})
	if (result !== 'stale') return result
	const stale = await staleOrGone(list, id, db)
	return stale.ok || stale.reason !== 'conflict' ? { ok: false, reason: 'notFound' } : stale
}
