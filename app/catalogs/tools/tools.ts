import type { ListSpec } from '~/lists/list-query'
import { catalogListSpec, defineCatalogPages } from '~/catalogs/catalog-pages'
import { LISTED_CODE_FILTER } from '~/reference-lists/definitions'
import { PROVINCE_FILTER } from '~/catalogs/provinces'
import { CATALOGS } from '~/catalogs/registry'

/**
 * What the tool screens, the import and the demo data share about tools (no server code). A tool's
 * `category` is an item code of the editable list of tool categories (reference-lists).
 */
export const TOOL_STATUSES = ['in_use', 'in_stock', 'repair', 'retired'] as const
export type ToolStatus = (typeof TOOL_STATUSES)[number]

/** The form fields, in form order: also the CSV columns. */
export const TOOL_FIELDS = [
	'code',
	'name',
	'category',
	'serialNumber',
	'stationId',
	'status',
	'quantity',
	'unit',
	'purchaseDate',
	'value',
	'note',
	'version',
] as const
export type ToolField = (typeof TOOL_FIELDS)[number]

export const TOOL_LIMITS = { code: 20, name: 200, serialNumber: 100, unit: 20, note: 2000, quantity: 1_000_000 } as const

/** Money is kept exactly, in hundredths (minor units). */
export const MONEY_SCALE = 2
/** 999,999,999,999.99 — far above any tool, well inside exact integers. */
export const MONEY_MAX_MINOR = 99_999_999_999_999

export const TOOLS_PATH = `/${CATALOGS.tools.prefix}`
export const TOOL_FUNCTION = CATALOGS.tools.functionCode

export const TOOL_SORTS = ['code', 'name', 'category', 'status', 'quantity', 'value', 'purchaseDate'] as const
export type ToolSort = (typeof TOOL_SORTS)[number]
export type ToolFilter = 'status' | 'category' | 'stationId' | 'province'

/** The tool list's query: `q`, `status`, `category`, `stationId` (an id or a station code), `province` (of the station), `sort`, `dir`, `page`, `size`. */
export const TOOL_LIST: ListSpec<ToolFilter, ToolSort> = catalogListSpec(
	{
		status: { kind: 'choice', values: TOOL_STATUSES },
		category: LISTED_CODE_FILTER,
		stationId: { kind: 'text', max: 40 },
		province: PROVINCE_FILTER,
	},
	TOOL_SORTS,
)

/** What the tools' pages share: the list's columns a user may hide, and the key its saved views are kept under. */
export const TOOL_PAGES = defineCatalogPages({
	key: 'tools',
	entity: 'tool',
	functionCode: TOOL_FUNCTION,
	path: TOOLS_PATH,
	spec: TOOL_LIST,
	columns: {
		category: 'tools.fields.category',
		stationId: 'tools.fields.stationId',
		status: 'tools.fields.status',
		quantity: 'tools.fields.quantity',
		value: 'tools.fields.value',
		purchaseDate: 'tools.fields.purchaseDate',
	},
	labels: true,
})
