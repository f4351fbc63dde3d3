import type { FilterSpec, ListSpec } from '~/lists/list-query'
import { defineListViews, type ListViewsDefinition } from '~/lists/list-views'
import type { CatalogEntity } from './catalog.server'

/** A list of records with its own pages: the text tree of their titles and messages (`<key>.title`, `.importTitle`, `.backToList`, …) and the list's address. */
export interface ListPages {
	key: string
	views: { path: string }
}

/**
 * What the pages of a record are guarded by and show (catalog records and reference list items): the
 * audit entity of their history (and the prefix of their element ids), and the function.
 */
export interface RecordPages extends ListPages {
	entity: CatalogEntity
	functionCode: string
}

/**
 * What a catalog's pages share (no server code): its text tree in the locale files, which is also the
 * prefix of its list's element ids (`stations` → `stations.title`, `#stations-heading`), one record's
 * name, the function that guards it, and its list (address, query, optional columns and saved views).
 */
export interface CatalogPages<Column extends string = string> extends RecordPages {
	key: string
	/** The text tree of its list's column labels (`.code`, `.name`, and each sort's); `<key>.fields` unless given. */
	fields?: string
	/** One record's name (`station`, `tool`): the audit log's entity its page shows the history of, and the prefix of that page's element ids (`#station-heading`). */
	entity: string
	functionCode: string
	views: ListViewsDefinition<Column>
	/**
	 * Its records carry printed labels with a QR code of their address (`…/labels?id=…`): a "Print labels"
	 * button in the list's bulk form and a "Label" link on a record's page, both for the list's export grant.
	 */
	labels?: boolean
}

/** What a catalog's pages share; its list's `views` are made from its `path`, `spec` and hideable `columns`, kept under its key. */
export function defineCatalogPages<const Column extends string>({
	path,
	spec,
	columns,
	...pages
}: Omit<CatalogPages<Column>, 'views'> & Omit<ListViewsDefinition<Column>, 'key'>): CatalogPages<Column> {
	return { ...pages, views: defineListViews({ key: pages.key, path, spec, columns }) }
}

/** A catalog list's query: its filters, and its sorts, the code first, which it is sorted by (ascending) unless told otherwise. */
export function catalogListSpec<Filter extends string, Sort extends string>(
	filters: Record<Filter, FilterSpec>,
	sorts: readonly ['code', ...Sort[]],
): ListSpec<Filter, 'code' | Sort> {
	return { filters, sorts, defaultSort: 'code', defaultDir: 'asc' }
}

/** The label of a column of the catalog's list, e.g. `stations.fields.code`. */
export function fieldKey(pages: Pick<CatalogPages, 'key' | 'fields'>, field: string): string {
	return `${pages.fields ?? `${pages.key}.fields`}.${field}`
}

/** The address of a record's page. */
export function recordHref(pages: ListPages, id: number): string {
	return `${pages.views.path}/${id}`
}

/** The address of the page that creates a record. */
export function newRecordHref(pages: ListPages): string {
	return `${pages.views.path}/new`
}

/** The address of the print page of the labels of `ids`. */
export function labelsHref(pages: ListPages, ids: readonly number[]): string {
	return `${pages.views.path}/labels?${ids.map((id) => `id=${id}`).join('&')}`
}

/** The address of the CSV import page. */
export function importHref(pages: ListPages): string {
	return `${pages.views.path}/import`
}
