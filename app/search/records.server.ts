import { CATALOGS, type AnyCatalog } from '~/catalogs/catalogs.server'
import { readListing } from '~/catalogs/engine/listing.server'
import { can, type Grants } from '~/permissions/grants'
import type { ProvinceScope } from '~/permissions/scope'

export interface RecordMatch {
	href: string
	code: string
	name: string
}

/** The first matches of one catalog, and the catalog's own list narrowed to the same search. */
export interface CatalogMatches {
	/** The catalog's text tree (`stations`), whose title names it. */
	catalog: string
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
 * Searches the records of the catalogs the user may view, where they may view them, with each catalog list's own search (the
 * same matching, the same indexes, the list's first order), so "see all" leads to exactly these results
 * and more.
 */
export async function searchRecords(
	{ grants, scopeOf }: { grants: Grants; scopeOf(functionCode: string, action: 'view'): ProvinceScope },
	query: string,
	catalogs: readonly AnyCatalog[] = CATALOGS,
): Promise<CatalogMatches[]> {
	const q = query.trim()
	if (!q) return []
	const found = await Promise.all(
		catalogs.map(async ({ pages, listing }): Promise<CatalogMatches | null> => {
			if (!can(grants, pages.functionCode, 'view')) return null
			const { path, spec } = pages.views
			const state = { q, filters: {}, sort: spec.defaultSort, dir: spec.defaultDir, page: 1, size: SHOWN } as const
			const page = await readListing<RecordMatchRow, string, string>(listing, state, scopeOf(pages.functionCode, 'view'))
			if (page.rows.length === 0) return null
			return {
				catalog: pages.key,
				matches: page.rows.map((row) => ({ href: `${path}/${row.id}`, code: row.code, name: row.name })),
				more: page.hasNext,
				listHref: `${path}?${new URLSearchParams({ q })}`,
			}
		}),
	)
	return found.filter((matches) => matches !== null)
}
