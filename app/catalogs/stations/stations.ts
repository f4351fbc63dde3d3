import type { ListSpec } from '~/lists/list-query'
import { catalogListSpec, defineCatalogPages } from '~/catalogs/catalog-pages'
import { LISTED_CODE_FILTER } from '~/reference-lists/definitions'
import { PROVINCE_FILTER } from '~/catalogs/provinces'
import { CATALOGS } from '~/catalogs/registry'

/**
 * What the station screens, the import and the demo data share about stations (no server code). A
 * station's `type` is an item code of the editable list of station types (reference-lists).
 */
export const STATION_STATUSES = ['active', 'maintenance', 'inactive'] as const
export type StationStatus = (typeof STATION_STATUSES)[number]

/** The form fields, in form order: also the CSV columns. */
export const STATION_FIELDS = [
	'code',
	'name',
	'type',
	'province',
	'address',
	'latitude',
	'longitude',
	'status',
	'commissionedAt',
	'note',
	'version',
] as const
export type StationField = (typeof STATION_FIELDS)[number]

export const STATION_LIMITS = { code: 20, name: 200, address: 500, note: 2000 } as const

/** Coordinates are kept exactly, in millionths of a degree. */
export const COORDINATE_SCALE = 6

export const STATIONS_PATH = `/${CATALOGS.stations.prefix}`
export const STATION_FUNCTION = CATALOGS.stations.functionCode

export const STATION_SORTS = ['code', 'name', 'type', 'province', 'status', 'commissionedAt'] as const
export type StationSort = (typeof STATION_SORTS)[number]
export type StationFilter = 'status' | 'type' | 'province'

/** The station list's query: `q`, `status`, `type`, `province`, `sort`, `dir`, `page`, `size`. */
export const STATION_LIST: ListSpec<StationFilter, StationSort> = catalogListSpec(
	{ status: { kind: 'choice', values: STATION_STATUSES }, type: LISTED_CODE_FILTER, province: PROVINCE_FILTER },
	STATION_SORTS,
)

/** What the stations' pages share: the list's columns a user may hide, and the key its saved views are kept under. */
export const STATION_PAGES = defineCatalogPages({
	key: 'stations',
	entity: 'station',
	functionCode: STATION_FUNCTION,
	path: STATIONS_PATH,
	spec: STATION_LIST,
	columns: {
		type: 'stations.fields.type',
		province: 'stations.fields.province',
		status: 'stations.fields.status',
		commissionedAt: 'stations.fields.commissionedAt',
		toolCount: 'stations.toolCount',
	},
	labels: true,
})
