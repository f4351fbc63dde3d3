import { createHash } from 'node:crypto'
import type { DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import { versionedCache } from '~/utils/versioned-cache.server'
import type { ListState, SortDirection } from './list-query'
import {
	countCap,
	countUpTo,
	pageIdsQuery,
	rowsByIds,
	SEARCH_COUNT_CAP,
	type AnySelect,
	type ListResult,
	type ListSource,
} from './list.server'

/**
 * One page of a list (the list pattern of list.server.ts): where it lies, found by the cheaper of the
 * page queries a source offers, and its rows.
 */
async function pageIds(dialect: Dialect, source: ListSource, dir: SortDirection, offset: number, size: number): Promise<number[]> {
	const ids = await pageIdsQuery(dialect, source, dir, offset, size).execute()
	return (ids as { id: number }[]).map((row) => Number(row.id))
}

/** Where a page lies: the ids of its rows, whether another page follows, and the number of matches. */
interface PagePlace {
	ids: number[]
	hasNext: boolean
	total: number
	exact: boolean
}

/**
 * Where searched pages lie, per instance, while the rows' version stands still (at most a minute). A
 * search that matches many rows and is sorted by another column has no index to follow: at 1,000,000
 * rows finding its page costs tens of milliseconds (SQLite) to about 100 ms (PostgreSQL), while the
 * same page asked again (reloads, the way back from a record, other users' shared views) costs a
 * counter read. The key is a digest of the page's own queries, so whatever they select is part of it.
 * docs/decisions/0029-searched-pages-cache.md
 */
const SEARCHED_PAGES = versionedCache('searched-list-pages', { maxAgeMs: 60_000, maxEntries: 256 })

function queryText(query: AnySelect): string {
	const { sql: text, parameters } = query.compile()
	return `${text}\n${JSON.stringify(parameters, (_, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value))}`
}

/**
 * Index entries read in list order cost about a 32nd of a row found through a narrow filter's index
 * (measured on SQLite at 1,000,000 tools: 0.13 µs an entry of a covering sort index read in order; 0.35 µs
 * an entry of the station index and 4 µs a row read from it and sorted).
 */
const ROW_COST_IN_ENTRIES = 32

/**
 * Which query finds a page when a narrow filter may be read either way (a province's tools: 3.6 % of them,
 * fewer still with a status): in list order, `offset + size` rows cost about that many times
 * `table rows / matches` entries, and from the filter's index at least `matches` rows. The first pages of
 * a common match set are found at once in order; a deep page, or a rare one, from the filter's index.
 * Counted matches that stopped at the cap are common: in order.
 */
function choosePageQuery(source: ListSource, count: { total: number; exact: boolean }, rowsToRead: number, tableRows: number): AnySelect {
	if (!source.filteredByFilter || !count.exact) return source.filtered
	const entriesInOrder = (rowsToRead * tableRows) / Math.max(count.total, 1)
	return entriesInOrder <= ROW_COST_IN_ENTRIES * count.total ? source.filtered : source.filteredByFilter
}

/** The ids of a page's rows, right away, and the number of matches, to come (counted alongside the rows when it must be). */
async function placePage(db: DB, dialect: Dialect, source: ListSource, state: Pick<ListState, 'q' | 'filters' | 'dir' | 'page' | 'size'>) {
	const offset = (state.page - 1) * state.size
	if (source.filteredByFilter && source.tableRows) {
		// The count decides how the page is read (choosePageQuery), so it comes first.
		const [count, tableRows] = await Promise.all([
			countUpTo(db, source.counted ?? source.filtered, countCap(state, source)),
			source.tableRows(),
		])
		const filtered = choosePageQuery(source, count, offset + state.size + 1, tableRows)
		const ids = count.total === 0 ? [] : await pageIds(dialect, { ...source, filtered }, state.dir, offset, state.size + 1)
		const total = count.exact ? count.total : Math.max(count.total, offset + ids.length)
		return { ids: ids.slice(0, state.size), hasNext: ids.length > state.size, counted: Promise.resolve({ total, exact: count.exact }) }
	}
	const ids = await pageIds(dialect, source, state.dir, offset, state.size + 1)
	const hasNext = ids.length > state.size
	const cap = countCap(state, source)
	const countNeeded = hasNext || (ids.length === 0 && state.page > 1)
	// A search alone (no filter) known to match more than the cap: "more than 1,000" without counting.
	const overCap = cap !== null && Object.keys(state.filters).length === 0 && (source.searchMatchesAtLeast ?? 0) > cap
	const counting = !countNeeded
		? { total: offset + ids.length, exact: true }
		: overCap
			? { total: cap, exact: false }
			: countUpTo(db, source.counted ?? source.filtered, cap)
	const place = async (): Promise<Omit<PagePlace, 'ids' | 'hasNext'>> => {
		const count = await counting
		// Counting stopped at the cap, but the rows read prove at least this many.
		return { total: count.exact ? count.total : Math.max(count.total, offset + ids.length), exact: count.exact }
	}
	return { ids: ids.slice(0, state.size), hasNext, counted: place() }
}

/**
 * One page in the state's order (one row more is read, to know whether another page follows), and
 * the number of matches: known from the page itself when it is the last, otherwise counted (bounded).
 * The rows themselves are always read afresh.
 */
export async function readPage<Row>(
	db: DB,
	dialect: Dialect,
	source: ListSource,
	state: Pick<ListState, 'q' | 'filters' | 'dir' | 'page' | 'size'>,
): Promise<ListResult<Row>> {
	let place: PagePlace
	let rows: Row[]
	if (state.q && source.version) {
		const version = await source.version()
		const offset = (state.page - 1) * state.size
		const queries = [
			queryText(pageIdsQuery(dialect, source, state.dir, offset, state.size + 1)),
			queryText(source.counted ?? source.filtered),
			(source.searchMatchesAtLeast ?? 0) > SEARCH_COUNT_CAP,
		]
		// A digest: a short search's condition may list up to SEARCH_PROBE_LIMIT ids.
		const key = createHash('sha256').update(queries.join('\n')).digest('base64')
		place = await SEARCHED_PAGES.get(key, version, async () => {
			const { ids, hasNext, counted } = await placePage(db, dialect, source, state)
			return { ids, hasNext, ...(await counted) }
		})
		rows = await rowsByIds<Row>(db, dialect, source, state.dir, place.ids)
	} else {
		const { ids, hasNext, counted } = await placePage(db, dialect, source, state)
		const [count, read] = await Promise.all([counted, rowsByIds<Row>(db, dialect, source, state.dir, ids)])
		place = { ids, hasNext, ...count }
		rows = read
	}
	return { rows, page: state.page, size: state.size, total: place.total, exact: place.exact, hasNext: place.hasNext }
}
