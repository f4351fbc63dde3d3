import { STATIONS_PATH, STATION_FUNCTION, STATION_LIST } from '~/catalogs/stations'
import { listStations } from '~/catalogs/stations.server'
import { TOOLS_PATH, TOOL_FUNCTION, TOOL_LIST } from '~/catalogs/tools'
import { listTools } from '~/catalogs/tools.server'
import { can, type Grants } from '~/permissions/grants'

export interface RecordMatch {
	href: string
	code: string
	name: string
}

/** The first matches of one catalog, and the catalog's own list narrowed to the same search. */
export interface CatalogMatches {
	catalog: 'stations' | 'tools'
	matches: RecordMatch[]
	/** More match than are shown here: the list shows them all. */
	more: boolean
	listHref: string
}

const SHOWN = 10

interface RecordMatchRow {
	id: number
	code: string
	name: string
}

/**
 * Searches the records of the catalogs the user may view, with each catalog list's own search (the
 * same matching, the same indexes), so "see all" leads to exactly these results and more.
 */
export async function searchRecords(grants: Grants, query: string): Promise<CatalogMatches[]> {
	const q = query.trim()
	if (!q) return []
	const [stations, tools] = await Promise.all([
		can(grants, STATION_FUNCTION, 'view')
			? listStations({ q, filters: {}, sort: STATION_LIST.defaultSort, dir: STATION_LIST.defaultDir, page: 1, size: SHOWN })
			: null,
		can(grants, TOOL_FUNCTION, 'view')
			? listTools({ q, filters: {}, sort: TOOL_LIST.defaultSort, dir: TOOL_LIST.defaultDir, page: 1, size: SHOWN }, undefined)
			: null,
	])
	const matchesOf = (catalog: CatalogMatches['catalog'], path: string, page: { rows: RecordMatchRow[]; hasNext: boolean } | null): CatalogMatches[] =>
		page && page.rows.length > 0
			? [{ catalog, matches: page.rows.map((row) => ({ href: `${path}/${row.id}`, code: row.code, name: row.name })), more: page.hasNext, listHref: `${path}?${new URLSearchParams({ q })}` }]
			: []
	return [...matchesOf('stations', STATIONS_PATH, stations), ...matchesOf('tools', TOOLS_PATH, tools)]
}
