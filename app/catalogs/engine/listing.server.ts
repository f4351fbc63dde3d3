import type { Expression, SqlBool } from 'kysely'
import { getDatabase, type DatabaseHandle } from '~/db/db.server'
import type { Database } from '~/db/schema'
import type { ListState } from '~/lists/list-query'
import { readAll } from '~/lists/list-read-all.server'
import { search } from '~/lists/list-search.server'
import {
	equals,
	largestId,
	type AnySelect,
	type FilterPurpose,
	type ListResult,
	type ListSource,
	type SortColumn,
} from '~/lists/list.server'
import { readPage } from '~/lists/list-page.server'
import type { ProvinceScope } from '~/permissions/scope'
import { readCatalogVersion } from '../catalog-version.server'

/**
 * A catalog's table: stations, tools, or any table with the columns every catalog record has
 * (`CatalogRow`) that another catalog creates (a test's own, say).
 */
export type CatalogTable = string

/**
 * The table as the engine's queries name it. Kysely's schema knows stations and tools only; the engine
 * reads and writes any catalog's table by the columns every catalog has, so its queries are typed as on
 * those two (and cast where a catalog's own columns are written).
 */
export function queriedTable(table: CatalogTable): 'stations' | 'tools' {
	return table as 'stations' | 'tools'
}

/**
 * How a catalog's list reads (the list pattern of app/lists/list.server.ts): its sort columns, its
 * filters, and the columns of a list row. One listing per catalog gives its pages, its export and the
 * top bar's search.
 */
export interface CatalogListing<Filter extends string, Sort extends string> {
	table: CatalogTable
	sorts: Record<Sort, SortColumn>
	/**
	 * Filters that keep the rows whose column equals the value; `selective` when a value keeps a handful
	 * of rows (see `equals`). A filter left out here is the catalog's own (`Narrowing`).
	 */
	columnFilters: Partial<Record<Filter, { column: string; selective?: boolean }>>
	/** The columns of a list row (the rows of a page are then picked by id). */
	columns: (query: AnySelect) => AnySelect
	/**
	 * The records in these provinces (decision 0052): a catalog of provincial data has one; without it
	 * (the reference lists) the catalog is the same everywhere and a scope does not narrow it.
	 */
	inProvinces?: InProvinces
}

/** The condition "the record lies in one of `provinces`", as a page or a count reads it. */
export type InProvinces = (
	provinces: readonly string[],
	handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
	purpose: FilterPurpose,
) => Expression<SqlBool>

/** The condition that keeps a catalog's records to the scope, or none when the scope does not narrow it. */
export function scopeCondition(
	inProvinces: InProvinces | undefined,
	scope: ProvinceScope,
	handle: Pick<DatabaseHandle, 'db' | 'dialect'>,
	purpose: FilterPurpose,
): Expression<SqlBool> | null {
	if (scope === null || !inProvinces) return null
	return inProvinces(scope, handle, purpose)
}

/** Conditions of a catalog's own for a list state (a tool's station, its station's province). */
export type Narrowing = (handle: DatabaseHandle, purpose: FilterPurpose) => Expression<SqlBool>[]

type State<Filter extends string, Sort extends string> = Pick<ListState<Filter, Sort>, 'q' | 'filters' | 'sort' | 'dir'>

/** The rows the state's search and filters select, for reading a page and for counting. */
async function filtered<Filter extends string, Sort extends string>(
	listing: CatalogListing<Filter, Sort>,
	state: State<Filter, Sort>,
	scope: ProvinceScope,
	handle: DatabaseHandle,
	narrowing?: Narrowing,
) {
	const { db, dialect } = handle
	const table = queriedTable(listing.table)
	const { condition: searched, atLeast } = await search(db, dialect, table, state.q)
	const build = (purpose: FilterPurpose) => {
		const conditions: Expression<SqlBool>[] = searched ? [searched] : []
		for (const [name, filter] of Object.entries(listing.columnFilters) as [Filter, { column: string; selective?: boolean }][]) {
			const value = state.filters[name]
			if (value) conditions.push(equals(dialect, filter.column, value, { selective: filter.selective === true || purpose === 'count' }))
		}
		if (narrowing) conditions.push(...narrowing(handle, purpose))
		const scoped = scopeCondition(listing.inProvinces, scope, handle, purpose)
		if (scoped) conditions.push(scoped)
		const query = db.selectFrom(table as keyof Database & 'stations')
		return conditions.length > 0 ? query.where((eb) => eb.and(conditions)) : query
	}
	const page = build('page')
	const byFilter = build('page-by-filter')
	return {
		filtered: page,
		counted: build('count'),
		searchMatchesAtLeast: atLeast,
		// A narrow filter that a page may read either way (SQLite): list-page.server.ts chooses by the count.
		...(byFilter.compile().sql !== page.compile().sql ? { filteredByFilter: byFilter, tableRows: () => largestId(db, table) } : {}),
	}
}

/**
 * What the list pattern reads for a list state, within the reader's scope: searched pages are kept per
 * catalog version (decision 0029).
 */
export async function listingSource<Filter extends string, Sort extends string>(
	listing: CatalogListing<Filter, Sort>,
	state: State<Filter, Sort>,
	scope: ProvinceScope,
	handle: DatabaseHandle = getDatabase(),
	narrowing?: Narrowing,
): Promise<ListSource> {
	return {
		table: queriedTable(listing.table),
		idColumn: `${listing.table}.id`,
		...(await filtered(listing, state, scope, handle, narrowing)),
		columns: listing.columns,
		sort: listing.sorts[state.sort],
		version: () => readCatalogVersion(handle.db),
	}
}

/** One page of the list, within the reader's scope. */
export async function readListing<Row, Filter extends string, Sort extends string>(
	listing: CatalogListing<Filter, Sort>,
	state: ListState<Filter, Sort>,
	scope: ProvinceScope,
	handle: DatabaseHandle = getDatabase(),
	narrowing?: Narrowing,
): Promise<ListResult<Row>> {
	return readPage<Row>(handle.db, handle.dialect, await listingSource(listing, state, scope, handle, narrowing), state)
}

/** Every record the state selects within the scope, whole, in the list's order, a batch at a time (the CSV export). */
export async function* exportListing<Row, Filter extends string, Sort extends string>(
	listing: CatalogListing<Filter, Sort>,
	state: State<Filter, Sort>,
	scope: ProvinceScope,
	handle: DatabaseHandle = getDatabase(),
	narrowing?: Narrowing,
): AsyncGenerator<Row[]> {
	const source = await listingSource(listing, state, scope, handle, narrowing)
	yield* readAll<Row>(handle.db, handle.dialect, { ...source, columns: (query) => query.selectAll(listing.table as 'stations') }, state.dir)
}
