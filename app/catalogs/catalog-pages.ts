import type { ListViewsDefinition } from '~/lists/list-views'

/**
 * What a catalog's pages share (no server code): its text tree in the locale files, which is also the
 * prefix of its list's element ids (`stations` → `stations.title`, `#stations-heading`), one record's
 * name, the function that guards it, and its list (address, query, optional columns and saved views).
 */
export interface CatalogPages<Column extends string = string> {
	key: string
	/** One record's name (`station`, `tool`): the audit log's entity its page shows the history of, and the prefix of that page's element ids (`#station-heading`). */
	entity: string
	functionCode: string
	views: ListViewsDefinition<Column>
}

export function defineCatalogPages<const Column extends string>(pages: CatalogPages<Column>): CatalogPages<Column> {
	return pages
}

/** The address of a record's page. */
export function recordHref(pages: CatalogPages, id: number): string {
	return `${pages.views.path}/${id}`
}

/** The address of the page that creates a record. */
export function newRecordHref(pages: CatalogPages): string {
	return `${pages.views.path}/new`
}

/** The address of the CSV import page. */
export function importHref(pages: CatalogPages): string {
	return `${pages.views.path}/import`
}
