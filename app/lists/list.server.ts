import { sql, type Expression, type SelectQueryBuilder, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import type { Database } from '~/db/schema'
import type { ListState, PageInfo, SortDirection } from './list-query'

/**
 * The list pattern on the server: search, filters, sort, one page of rows and a bounded count, the same
 * way for every list (catalogs now, administration screens later), on SQLite and PostgreSQL.
 *
 * The tables it lists have an index per sortable column, `(column, id)`, carrying the filter columns
 * and `search_text` too (see migration 0003). A page is read in two steps: the page's ids from such an
 * index alone (filters and search evaluated on the index entries), then those rows. So the cost of a
 * page is bounded by one index scan, whatever mix of filters, search, sort and page is asked for.
 */

/**
 * How far a count goes. A search counts at most 1,000 matches and the whole, unfiltered list at most
 * 10,000 (beyond, the list says "more than …" and pages on with "next"): such counts cost no more than
 * a page whatever the data. A list narrowed by filters only is counted exactly, from the filters' own
 * indexes, unless its source caps those counts too (`capFilteredCount`). The last page (and a short first one) needs no count at all.
 */
export const COUNT_CAP = 10_000
export const SEARCH_COUNT_CAP = 1_000

export interface SortColumn {
	/** A column reference such as `stations.name_key`. */
	column: string
	/** What is sorted by when it is not the column itself (a label in the reader's language, falling back to another column). */
	expression?: Expression<unknown>
	/**
	 * A second column that orders rows equal in the first (a reference list's sort order, then its code):
	 * with `unique`, the two together are unique. Not with `nullable`.
	 */
	then?: string
	/** May hold NULLs: sorted first ascending and last descending on both databases (SQLite's order). */
	nullable?: boolean
	/** Unique by itself: no `id` tie-breaker needed. */
	unique?: boolean
}

// The builders are generic over any table of the schema; Kysely's own types carry the specifics.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySelect = SelectQueryBuilder<Database, any, any>

/** What a sort orders by first: its expression, or its column. */
export function sortKey(sort: SortColumn): Expression<unknown> {
	return sort.expression ?? sql.ref(sort.column)
}

/**
 * Orders by the chosen column and then `id`, both in the same direction, so a page is a range of one
 * index and the order is total: no row shows on two pages.
 */
export function orderList<Q extends AnySelect>(query: Q, dialect: Dialect, sort: SortColumn, dir: SortDirection, idColumn: string): Q {
	const column = sortKey(sort)
	let ordered: AnySelect
	if (sort.nullable && dialect === 'postgres') {
		ordered = query.orderBy(dir === 'asc' ? sql`${column} asc nulls first` : sql`${column} desc nulls last`)
	} else {
		ordered = query.orderBy(column, dir)
	}
	if (sort.then) ordered = ordered.orderBy(sql.ref(sort.then), dir)
	if (!sort.unique) ordered = ordered.orderBy(sql.ref(idColumn), dir)
	return ordered as Q
}

/**
 * `column = value` for a filter. On SQLite a filter is written `+column` unless it is `selective` (it
 * keeps a handful of rows, like one station's tools): SQLite then reads the sort column's covering
 * index in order, checks the filter on each entry and stops after a page, instead of fetching every
 * row of a status or a province and sorting them. PostgreSQL's planner weighs this itself.
 */
export function equals(
	dialect: Dialect,
	column: string,
	value: string | number,
	{ selective }: { selective: boolean },
): Expression<SqlBool> {
	const ref = sql.ref(column)
	return dialect === 'sqlite' && !selective ? sql<SqlBool>`+${ref} = ${value}` : sql<SqlBool>`${ref} = ${value}`
}

/** Like `equals` for `column in (subquery)`. */
export function inSubquery(
	dialect: Dialect,
	column: string,
	subquery: Expression<unknown>,
	{ selective }: { selective: boolean },
): Expression<SqlBool> {
	const ref = sql.ref(column)
	return dialect === 'sqlite' && !selective ? sql<SqlBool>`+${ref} in (${subquery})` : sql<SqlBool>`${ref} in (${subquery})`
}

/** Like `equals` for `column in (values)`; an empty list matches nothing. */
export function inValues(
	dialect: Dialect,
	column: string,
	values: readonly (string | number)[],
	{ selective }: { selective: boolean },
): Expression<SqlBool> {
	if (values.length === 0) return sql<SqlBool>`0 = 1`
	const ref = sql.ref(column)
	const list = sql.join(values.map((value) => sql`${value}`))
	return dialect === 'sqlite' && !selective ? sql<SqlBool>`+${ref} in (${list})` : sql<SqlBool>`${ref} in (${list})`
}

/**
 * How a list's filters are written: for reading a page in sort order (a narrow filter checked on each
 * entry of the sort index), for reading a page from the narrow filters' own indexes (the rows they keep,
 * then sorted), or for counting.
 */
export type FilterPurpose = 'page' | 'page-by-filter' | 'count'

/** How many rows `filtered` matches, counting at most `cap + 1` of them (all of them when `cap` is null). */
export async function countUpTo(db: DB, filtered: AnySelect, cap: number | null = COUNT_CAP): Promise<{ total: number; exact: boolean }> {
	if (cap === null) {
		const row = (await filtered
			.clearSelect()
			.clearOrderBy()
			.select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
			.executeTakeFirstOrThrow()) as { n: number | string | bigint }
		return { total: Number(row.n), exact: true }
	}
	const matches = filtered
		.clearSelect()
		.clearOrderBy()
		.select(sql<number>`1`.as('one'))
		.limit(cap + 1)
	const row = (await db
		.selectFrom(matches.as('matches'))
		.select((eb) => eb.fn.countAll<number | string | bigint>().as('n'))
		.executeTakeFirstOrThrow()) as { n: number | string | bigint }
	const n = Number(row.n)
	return n > cap ? { total: cap, exact: false } : { total: n, exact: true }
}

export interface ListResult<Row> extends PageInfo {
	rows: Row[]
}

export interface ListSource {
	/** The table's name and its id column, e.g. `stations` and `stations.id`. */
	table: keyof Database & string
	idColumn: string
	/** The table with the list's search and filters applied (no columns chosen). */
	filtered: AnySelect
	/**
	 * The same rows for counting: filters that may use their own index (a status is a range of the
	 * status index, counted without reading anything else). Defaults to `filtered`.
	 */
	counted?: AnySelect
	/**
	 * The same rows with the narrow filters read from their own indexes, when that is another query
	 * (SQLite: `equals`): see `choosePageQuery`. With it, `tableRows`.
	 */
	filteredByFilter?: AnySelect
	/** About how many rows the table holds (at least as many as it does). */
	tableRows?: () => Promise<number>
	/** The search alone matches at least this many rows (see `search`, list-search.server.ts). */
	searchMatchesAtLeast?: number
	/**
	 * Counts narrowed by filters stop here too (COUNT_CAP): for a list whose filters can each match
	 * millions of rows (the audit log's events and actors), where an exact count would read them all.
	 */
	capFilteredCount?: boolean
	/** Chooses the columns of the rows shown (applied to the bare table, rows picked by id). */
	columns: (query: AnySelect) => AnySelect
	sort: SortColumn
	/**
	 * Reads the version of the rows listed: a counter the database moves with every write that could
	 * change them (the catalog version, migration 0008). With it, where a searched page lies is kept while
	 * the version stands still (see SEARCHED_PAGES).
	 */
	version?: () => Promise<number>
}

/** The query of the ids of `size` rows from `offset`, in list order (served by the covering sort index). */
export function pageIdsQuery(dialect: Dialect, source: ListSource, dir: SortDirection, offset: number, size: number): AnySelect {
	return orderList(source.filtered.select(sql<number>`${sql.ref(source.idColumn)}`.as('id')), dialect, source.sort, dir, source.idColumn)
		.limit(size)
		.offset(offset)
}

/** The rows with these ids, in list order. */
export async function rowsByIds<Row>(db: DB, dialect: Dialect, source: ListSource, dir: SortDirection, ids: number[]): Promise<Row[]> {
	if (ids.length === 0) return []
	const query = source.columns(db.selectFrom(source.table)).where(sql.ref(source.idColumn), 'in', ids)
	return (await orderList(query, dialect, source.sort, dir, source.idColumn).execute()) as Row[]
}

/** The largest id of a table: at least its number of rows, read from the end of its primary key (`tableRows`). */
export async function largestId(db: DB, table: 'stations' | 'tools' | 'users'): Promise<number> {
	const row = await db
		.selectFrom(table)
		.select((eb) => eb.fn.max<number | string | null>(`${table}.id`).as('id'))
		.executeTakeFirst()
	return Number(row?.id ?? 0)
}

/** The count cap for a list state (see COUNT_CAP). */
export function countCap(state: Pick<ListState, 'q' | 'filters'>, source: Pick<ListSource, 'capFilteredCount'> = {}): number | null {
	if (state.q) return SEARCH_COUNT_CAP
	return Object.keys(state.filters).length > 0 && !source.capFilteredCount ? null : COUNT_CAP
}

/** The last page number when the count is exact (for sending a reader past the end back to it). */
export function lastPage(info: Pick<PageInfo, 'total' | 'size' | 'exact'>): number | null {
	return info.exact ? Math.max(1, Math.ceil(info.total / info.size)) : null
}

/** Parameters Remix adds to its data requests: not part of a list's address. */
const FRAMEWORK_PARAMS = ['_routes', 'index', '_data']

/**
 * Whether `url` already is the list's canonical address (`listSearch` of its state). A list loader
 * redirects otherwise, so a submitted filter form (its empty fields and all) lands on one short,
 * bookmarkable address per view.
 */
export function isCanonical(url: URL, canonical: string): boolean {
	const params = new URLSearchParams(url.search)
	for (const name of FRAMEWORK_PARAMS) params.delete(name)
	const text = params.toString()
	return (text ? `?${text}` : '') === canonical
}
