import { listSearch, parseListState, type ListSpec } from './list-query'

/**
 * What a list needs for its column chooser and saved views (see list-views.server.ts): one small
 * definition per list. The record's code and name always show; `columns` are the ones a user may hide,
 * in table order, each with the translation key of its label. No server code here.
 */
export interface ListViewsDefinition<Column extends string = string> {
	/** Names the list in the database: permanent once users have saved settings under it. */
	key: string
	/** The list's own path, e.g. `/danhmuc/tram`. */
	path: string
	// Any list's spec: its filter and sort names do not matter here.
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	spec: ListSpec<any, any>
	columns: Readonly<Record<Column, string>>
}

export const VIEW_NAME_MAX = 60
/** Saved views per user and list. */
export const MAX_VIEWS_PER_LIST = 20

export function defineListViews<const Column extends string>(definition: ListViewsDefinition<Column>): ListViewsDefinition<Column> {
	return definition
}

export function columnNames<Column extends string>(definition: ListViewsDefinition<Column>): Column[] {
	return Object.keys(definition.columns) as Column[]
}

/** Which optional columns show, given the names a user hid (names the list no longer has are ignored). */
export function shownColumns<Column extends string>(
	definition: ListViewsDefinition<Column>,
	hidden: readonly string[],
): Record<Column, boolean> {
	return Object.fromEntries(columnNames(definition).map((name) => [name, !hidden.includes(name)])) as Record<Column, boolean>
}

/**
 * A query as the list itself reads it: parsed and written back in its canonical form, without the page.
 * Whatever a stored query holds (an old filter value, a hand-made string), the result is a valid view.
 */
export function viewQuery(definition: Pick<ListViewsDefinition, 'spec'>, search: string): string {
	const state = parseListState(new URLSearchParams(search), definition.spec)
	return listSearch(state, definition.spec, { page: 1 })
}
