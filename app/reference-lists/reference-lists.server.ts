import { sql, type SqlBool } from 'kysely'
import type { RecordTypes } from '~/catalogs/engine/definition.server'
import { recordStoreOf } from '~/catalogs/engine/record-store.server'
import { normalizeSearch, searchTerms } from '~/catalogs/search-text'
import { getDatabase, getDb, type DatabaseHandle, type DB } from '~/db/db.server'
import type { ReferenceItem } from '~/db/schema'
import type { LanguageCode } from '~/i18n/languages'
import type { ListState } from '~/lists/list-query'
import { readAll } from '~/lists/list-read-all.server'
import { type AnySelect, type ListResult, type ListSource, type SortColumn } from '~/lists/list.server'
import { readPage } from '~/lists/list-page.server'
import { LABEL_LANGUAGES, labelField, type ItemSort, type ReferenceOption } from './definitions'
import type { ReferenceListDefinition } from './definition'
import { versionedCache } from '~/utils/versioned-cache.server'
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
export async function referenceOptions(
	list: ReferenceListDefinition,
	language: LanguageCode,
	db: DB = getDb(),
): Promise<ReferenceOption[]> {
	return (await listItems(list, db)).map((item) => ({ value: item.code, label: itemLabel(item, language) }))
}

/** The number of catalog records that name `code` (an indexed count). */
export async function usageCount(list: ReferenceListDefinition, code: string, db: DB = getDb()): Promise<number> {
	return (await usageByCode(list, db, [code])).get(code) ?? 0
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
	const row = await db
		.selectFrom('reference_items')
		.select((eb) => eb.fn.max('sort_order').as('last'))
		.where('list_key', '=', list.key)
		.executeTakeFirst()
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

export function columnsOf(input: ItemInput & { code?: string }) {
	return {
		...(input.code !== undefined && { code: input.code }),
		label_vn: input.labelVn,
		label_en: input.labelEn,
		label_es: input.labelEs,
		label_de: input.labelDe,
		label_it: input.labelIt,
		label_ru: input.labelRu,
		sort_order: input.sortOrder,
	}
}

export interface ItemTypes extends RecordTypes {
	row: ReferenceItem
	/** A new item's form has its code; an edited item's keeps the code it has. */
	input: ItemInput & { code?: string }
	record: ItemRecord
	refusal: never
	blocked: { ok: false; reason: 'inUse'; count: number }
}

/** How many catalog records name each code (one grouped, indexed count); only `codes` when given. A code no record names is left out. */
async function usageByCode(list: ReferenceListDefinition, db: DB, codes?: readonly string[]): Promise<Map<string, number>> {
	const { table, column } = list.usedBy
	let query = db.selectFrom(table).select((eb) => [eb.ref(column as never).as('code'), eb.fn.countAll<number>().as('n')])
	if (codes) query = query.where(column as never, 'in', codes as never)
	const rows = (await query.groupBy(column as never).execute()) as unknown as { code: string; n: number | string }[]
	return new Map(rows.map((row) => [row.code, Number(row.n)]))
}

/**
 * The usage counts a list page shows, kept while the catalog version (migration 0008: every write to
 * stations and tools moves it) stands still and for at most USAGE_MAX_AGE_MS, as the dashboard keeps its
 * figures: at 1,000,000 tools, counting them by category takes about 60 ms of the server, which every
 * view of the list would otherwise pay. Deletes count afresh, inside their transaction (holdersOf).
 */
const USAGE_MAX_AGE_MS = 5_000
const usageCache = versionedCache('reference-list-usage', { maxAgeMs: USAGE_MAX_AGE_MS, maxEntries: 8 })

function cachedUsageByCode(list: ReferenceListDefinition, catalogVersion: number, db: DB = getDb()): Promise<Map<string, number>> {
	return usageCache.get(list.key, catalogVersion, () => usageByCode(list, db))
}

/** An item's records: the catalog records that name its code, for all of `ids` at once. */
export function holdersOf(list: ReferenceListDefinition) {
	return async (db: DB, ids: number[]) => {
		const items = await db
			.selectFrom('reference_items')
			.select(['id', 'code'])
			.where('list_key', '=', list.key)
			.where('id', 'in', ids)
			.execute()
		const counts = new Map<number, number>()
		if (items.length === 0) return counts
		const byCode = await usageByCode(
			list,
			db,
			items.map((item) => item.code),
		)
		for (const item of items) {
			const count = byCode.get(item.code) ?? 0
			if (count > 0) counts.set(item.id, count)
		}
		return counts
	}
}

const stores = new Map<ReferenceListDefinition['key'], ReturnType<typeof recordStoreOf<ItemTypes>>>()

/** The create, update and delete of a list's items (the catalogs' record store, in the list's part of reference_items). */
export function itemStore(list: ReferenceListDefinition) {
	let store = stores.get(list.key)
	if (!store) {
		store = recordStoreOf<ItemTypes>({
			storage: { entity: list.auditEntity, table: 'reference_items', partition: { column: 'list_key', value: list.key } },
			formValues: itemFormValues,
			columnsOf,
			getRecord: (id, db) => getItemRecord(list, id, db),
			deleteBlocker: { holders: holdersOf(list), refusal: (count) => ({ ok: false, reason: 'inUse', count }) },
		})
		stores.set(list.key, store)
	}
	return store
}

/** A row of a list's page: the item's label in the reader's language, and how many records name it. */
export interface ItemListRow {
	id: number
	code: string
	name: string
	sort_order: number
	usage_count: number
}

/** The list's sort keys: the code, the label the reader sees (falling back to Vietnamese), and the list's order (sort order, then code). */
export function itemSorts(language: LanguageCode): Record<ItemSort, SortColumn> {
	const label = `reference_items.label_${language}`
	return {
		code: { column: 'reference_items.code', unique: true },
		name:
			language === 'vn'
				? { column: label }
				: { column: label, expression: sql`coalesce(${sql.ref(label)}, ${sql.ref('reference_items.label_vn')})` },
		sortOrder: { column: 'reference_items.sort_order', then: 'reference_items.code', unique: true },
	}
}

/**
 * The ids of the list's items whose code or any label holds every word of `q` (accents and case aside,
 * as the catalogs' search); null without words. A list is small (tens of items): its codes and labels
 * are read and matched here, and the ids handed to the list pattern, instead of a search column kept
 * on every write.
 */
async function searchedIds(list: ReferenceListDefinition, q: string, db: DB): Promise<number[] | null> {
	const terms = searchTerms(q)
	if (terms.length === 0) return null
	const items = await listItems(list, db)
	const text = (item: ReferenceItem) =>
		normalizeSearch([item.code, ...LABEL_LANGUAGES.map((language) => item[`label_${language}`] ?? '')].join(' '))
	return items.filter((item) => terms.every((term) => text(item).includes(term))).map((item) => item.id)
}

type ItemListState = Pick<ListState<never, ItemSort>, 'q' | 'sort' | 'dir'>

/** What the list pattern reads for a list's state, in the reader's language: its items, searched, sorted. */
export async function itemListSource(
	list: ReferenceListDefinition,
	state: ItemListState,
	language: LanguageCode,
	db: DB = getDb(),
): Promise<ListSource> {
	const ids = await searchedIds(list, state.q, db)
	const items = db.selectFrom('reference_items').where('reference_items.list_key', '=', list.key)
	return {
		table: 'reference_items',
		idColumn: 'reference_items.id',
		filtered: ids === null ? items : ids.length > 0 ? items.where('reference_items.id', 'in', ids) : items.where(sql<SqlBool>`0 = 1`),
		columns: (query: AnySelect) =>
			query.select([
				'reference_items.id',
				'reference_items.code',
				'reference_items.sort_order',
				'reference_items.label_vn',
				sql.ref(`reference_items.label_${language}`).as('label'),
			]),
		sort: itemSorts(language)[state.sort],
	}
}

/**
 * One page of a list, each item labelled in the reader's language, with the number of records that name
 * it (as of `catalogVersion`, the version the request read with the user's grants).
 */
export async function readItems(
	list: ReferenceListDefinition,
	state: ListState<never, ItemSort>,
	language: LanguageCode,
	catalogVersion: number,
	{ db, dialect }: DatabaseHandle = getDatabase(),
): Promise<ListResult<ItemListRow>> {
	type Read = Omit<ItemListRow, 'name' | 'usage_count'> & { label: string | null; label_vn: string }
	const [page, usage] = await Promise.all([
		readPage<Read>(db, dialect, await itemListSource(list, state, language, db), state),
		cachedUsageByCode(list, catalogVersion, db),
	])
	return {
		...page,
		rows: page.rows.map(({ label, label_vn, ...row }) => ({ ...row, name: label ?? label_vn, usage_count: usage.get(row.code) ?? 0 })),
	}
}

/** A list's items for its CSV export: those the list's search selects, in its order. */
export async function* exportItems(
	list: ReferenceListDefinition,
	state: ItemListState,
	language: LanguageCode,
	{ db, dialect }: DatabaseHandle = getDatabase(),
): AsyncGenerator<ReferenceItem[]> {
	const source = await itemListSource(list, state, language, db)
	yield* readAll<ReferenceItem>(db, dialect, { ...source, columns: (query) => query.selectAll('reference_items') }, state.dir)
}
