/**
 * The list pattern's state, read from and written to the URL query: search `q`, filters, `sort`, `dir`,
 * `page`, `size`. Everything a list shows is in its address, so it works without JavaScript (plain GET
 * forms and links), can be bookmarked and survives a reload. Unknown or malformed values fall back to
 * the defaults instead of failing: an old bookmark still opens.
 *
 * Shared by loaders (parse) and components (links): no server code here.
 */

export const PAGE_SIZES = [10, 25, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 25
export const MAX_QUERY_LENGTH = 200
/** Pages beyond this are not offered (an offset this deep is a sign to search instead). */
export const MAX_PAGE = 100_000

export type SortDirection = 'asc' | 'desc'

export type FilterSpec =
	/** One of a fixed set of values (a select); `resolve` maps other spellings (e.g. a name) to a value. */
	| { kind: 'choice'; values: readonly string[]; resolve?: (text: string) => string | null }
	/** Free text of at most `max` characters, checked by the server (e.g. a station code or id). */
	| { kind: 'text'; max: number }

export interface ListSpec<Filter extends string = string, Sort extends string = string> {
	filters: Record<Filter, FilterSpec>
	sorts: readonly Sort[]
	defaultSort: Sort
	defaultDir: SortDirection
}

export interface ListState<Filter extends string = string, Sort extends string = string> {
	q: string
	/** Only the filters that are set, each with a valid value. */
	filters: Partial<Record<Filter, string>>
	sort: Sort
	dir: SortDirection
	page: number
	size: PageSize
}

function positiveInteger(text: string | null, max: number): number | null {
	if (!text || !/^\d{1,9}$/.test(text)) return null
	const value = Number(text)
	return value >= 1 && value <= max ? value : null
}

/** A parameter as text to search or filter by: control characters (NUL, which PostgreSQL refuses, above all) removed. */
function textParam(params: URLSearchParams, name: string): string {
	return (params.get(name) ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim()
}

export function parseListState<Filter extends string, Sort extends string>(
	params: URLSearchParams,
	spec: ListSpec<Filter, Sort>,
): ListState<Filter, Sort> {
	const q = textParam(params, 'q').slice(0, MAX_QUERY_LENGTH)
	const filters: Partial<Record<Filter, string>> = {}
	for (const name of Object.keys(spec.filters) as Filter[]) {
		const filter = spec.filters[name]
		let value = textParam(params, name)
		if (!value) continue
		if (filter.kind === 'choice' && !filter.values.includes(value)) value = filter.resolve?.(value) ?? ''
		if (filter.kind === 'choice' ? filter.values.includes(value) : value.length <= filter.max) filters[name] = value
	}
	const sortParam = params.get('sort') as Sort | null
	const sort = sortParam && spec.sorts.includes(sortParam) ? sortParam : spec.defaultSort
	const dirParam = params.get('dir')
	const dir: SortDirection = dirParam === 'asc' || dirParam === 'desc' ? dirParam : sort === spec.defaultSort ? spec.defaultDir : 'asc'
	const sizeParam = Number(params.get('size'))
	const size = (PAGE_SIZES as readonly number[]).includes(sizeParam) ? (sizeParam as PageSize) : DEFAULT_PAGE_SIZE
	const page = positiveInteger(params.get('page'), MAX_PAGE) ?? 1
	return { q, filters, sort, dir, page, size }
}

/** Whether a search or a filter narrows the list (an empty result is then "no match", not "empty"). */
export function isNarrowed(state: Pick<ListState, 'q' | 'filters'>): boolean {
	return activeFilterCount(state) > 0
}

/** How many of the search and the filters narrow the list (the "Filters" disclosure shows it). */
export function activeFilterCount(state: Pick<ListState, 'q' | 'filters'>): number {
	return (state.q !== '' ? 1 : 0) + Object.keys(state.filters).length
}

/**
 * The query string (with `?`, or '' when all defaults) of `state` changed by `changes`. Defaults are
 * left out, so addresses stay short and equal states have equal addresses. Changing anything but the
 * page goes back to page 1.
 */
export function listSearch<Filter extends string, Sort extends string>(
	state: ListState<Filter, Sort>,
	spec: ListSpec<Filter, Sort>,
	changes: Partial<Omit<ListState<Filter, Sort>, 'filters'>> & { filters?: Partial<Record<Filter, string | null>> } = {},
): string {
	const next = { ...state, ...changes, filters: { ...state.filters } }
	for (const [name, value] of Object.entries(changes.filters ?? {}) as [Filter, string | null][]) {
		if (value) next.filters[name] = value
		else delete next.filters[name]
	}
	if (changes.page === undefined && Object.keys(changes).length > 0) next.page = 1
	const params = new URLSearchParams()
	if (next.q) params.set('q', next.q)
	for (const name of Object.keys(spec.filters) as Filter[]) {
		const value = next.filters[name]
		if (value) params.set(name, value)
	}
	const defaultDir = next.sort === spec.defaultSort ? spec.defaultDir : 'asc'
	if (next.sort !== spec.defaultSort) params.set('sort', next.sort)
	if (next.dir !== defaultDir) params.set('dir', next.dir)
	if (next.page > 1) params.set('page', String(next.page))
	if (next.size !== DEFAULT_PAGE_SIZE) params.set('size', String(next.size))
	const text = params.toString()
	return text ? `?${text}` : ''
}

/** The query for a click on a column header: the same column flips direction, another starts ascending. */
export function sortSearch<Filter extends string, Sort extends string>(
	state: ListState<Filter, Sort>,
	spec: ListSpec<Filter, Sort>,
	column: Sort,
): string {
	const dir: SortDirection = state.sort === column ? (state.dir === 'asc' ? 'desc' : 'asc') : 'asc'
	return listSearch(state, spec, { sort: column, dir })
}

export interface PageInfo {
	page: number
	size: number
	/** Rows matching, exactly when `exact`, otherwise a lower bound (counting stopped there). */
	total: number
	exact: boolean
	/** Whether a page follows this one. */
	hasNext: boolean
}

/** The page numbers to offer as links: the first, the last (when known), and two around the current one; null is a gap. */
export function pageLinks({ page, size, total, exact, hasNext }: PageInfo): (number | null)[] {
	const last = exact ? Math.max(1, Math.ceil(total / size)) : hasNext ? page + 1 : page
	const wanted = new Set<number>([1, last])
	for (let n = page - 2; n <= page + 2; n++) if (n >= 1 && n <= last) wanted.add(n)
	const sorted = [...wanted].sort((a, b) => a - b)
	const result: (number | null)[] = []
	for (const n of sorted) {
		const previous = result[result.length - 1]
		if (typeof previous === 'number' && n - previous > 1) result.push(null)
		result.push(n)
	}
	return result
}
