import { useLocation } from '@remix-run/react'
import type { ComponentType } from 'react'
import type { CatalogPageComponents } from './page-contracts'
import { STATION_PAGE_COMPONENTS } from '~/catalogs/stations/pages'
import { TOOL_PAGE_COMPONENTS } from '~/catalogs/tools/pages'
import { referenceListPages } from '~/components/reference-list'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { catalogAt, type CatalogKey } from './catalog-at'

const BUILT_IN: Record<CatalogKey, CatalogPageComponents> = {
	stations: STATION_PAGE_COMPONENTS,
	stationTypes: referenceListPages(STATION_TYPE_LIST),
	tools: TOOL_PAGE_COMPONENTS,
	toolCategories: referenceListPages(TOOL_CATEGORY_LIST),
}

const components = new Map<string, CatalogPageComponents>(Object.entries(BUILT_IN))

/** Adds the pages of a catalog that is not in the registry's file (the test-only catalog, which its test registers), until the function it returns takes them out. */
export function registerCatalogPages(key: string, pages: CatalogPageComponents): () => void {
	components.set(key, pages)
	return () => {
		components.delete(key)
	}
}

/** The page of `kind` of the catalog the current location belongs to. */
export function useCatalogPage(kind: keyof CatalogPageComponents): ComponentType {
	const { key } = catalogAt(useLocation().pathname)
	const pages = components.get(key)
	if (!pages) throw new Error(`Catalog ${key} has no pages`)
	return pages[kind]
}
