import type { CatalogPages } from '~/catalogs/catalog-pages'
import { LANGUAGE_CODES, type LanguageCode } from '~/i18n/languages'
import type { FilterSpec, ListSpec } from '~/lists/list-query'
import { defineListViews } from '~/lists/list-views'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import type { ReferenceListDefinition } from './definition'

export const REFERENCE_LISTS: readonly ReferenceListDefinition[] = [STATION_TYPE_LIST, TOOL_CATEGORY_LIST]

/** The text tree of a list's own texts, e.g. `referenceLists.stationTypes`. */
export function listTexts(list: Pick<ReferenceListDefinition, 'key'>) {
	return `referenceLists.${list.key}`
}

export type ItemSort = 'code' | 'name' | 'sortOrder'

/**
 * Every reference list's query: `q` (code and labels), `sort` by code, label (`name`, in the reader's
 * language) or the list's order (`sortOrder`: sort order, then code; the default), `dir`, `page`, `size`.
 */
export const REFERENCE_LIST_SPEC: ListSpec<never, ItemSort> = {
	filters: {},
	sorts: ['code', 'name', 'sortOrder'],
	defaultSort: 'sortOrder',
	defaultDir: 'asc',
}

/** The columns of a list a user may hide (the code and label always show), and its key for column choices and saved views. */
function listViews(list: ReferenceListDefinition) {
	return defineListViews({
		key: list.key,
		path: list.path,
		spec: REFERENCE_LIST_SPEC,
		columns: { sortOrder: 'referenceLists.fields.sortOrder', usage: listText(list, 'usage') },
	})
}

/**
 * The list's pages as the shared page helpers name them: its text tree, audit entity, function, its
 * list (address, query, column choices and saved views), and the tree of its column labels, which both
 * lists share (`referenceLists.fields`).
 */
export function listPages(list: ReferenceListDefinition): CatalogPages<'sortOrder' | 'usage'> {
	return {
		key: listTexts(list),
		fields: 'referenceLists.fields',
		entity: list.auditEntity,
		functionCode: list.functionCode,
		views: listViews(list),
	}
}

/** The translation key of one of a list's own texts, e.g. `referenceLists.stationTypes.title`. */
export function listText(list: Pick<ReferenceListDefinition, 'key'>, name: string) {
	return `${listTexts(list)}.${name}`
}

/** Item codes: lower-case letters, digits and underscores (today's built-in codes such as `power_tool`). */
export const REFERENCE_CODE = /^[a-z0-9_]+$/
export const REFERENCE_CODE_MAX = 32
/** The lists' filter by a listed column (a station's type, a tool's category): an item code, checked by the server. */
export const LISTED_CODE_FILTER = { kind: 'text', max: REFERENCE_CODE_MAX } satisfies FilterSpec
export const REFERENCE_LABEL_MAX = 100
export const SORT_ORDER_MAX = 9999

/** The labels an item has, one per interface language; only Vietnamese is required. */
export const LABEL_LANGUAGES: readonly LanguageCode[] = LANGUAGE_CODES

/** The form field of an item's label in `language`, e.g. `labelVn`. */
export function labelField(language: LanguageCode) {
	return `label${language[0]!.toUpperCase()}${language.slice(1)}` as `label${Capitalize<LanguageCode>}`
}

/** An item's form fields, which are the CSV columns, in order. */
export const ITEM_FIELDS: readonly string[] = ['code', ...LABEL_LANGUAGES.map(labelField), 'sortOrder', 'version']

/** An item as a select offers it: its code and its label in the reader's language. */
export interface ReferenceOption {
	value: string
	label: string
}

/** The label of `code` among `options`; a code not (or no longer) in the list shows as itself. */
export function optionLabel(options: readonly ReferenceOption[], code: string): string {
	return options.find((option) => option.value === code)?.label ?? code
}

/** The codes a CSV column takes, each with its label: `bts (Trạm BTS), substation (Trạm biến áp)`. */
export function choicesHelp(options: readonly ReferenceOption[]): string {
	return options.map((option) => `${option.value} (${option.label})`).join(', ')
}

/** The select's options: the list's items in order, plus the record's own value when the list lacks it. */
export function optionsWith(options: readonly ReferenceOption[], current: string | undefined): ReferenceOption[] {
	return current && !options.some((option) => option.value === current) ? [...options, { value: current, label: current }] : [...options]
}
