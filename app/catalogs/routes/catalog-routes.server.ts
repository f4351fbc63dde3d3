import type { CatalogServerRoutes } from './contracts.server'
import type { CatalogEntry } from '~/catalogs/registry'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { referenceListRoutes } from '~/reference-lists/routes.server'
import { STATION_ROUTES } from '~/catalogs/stations/routes.server'
import { TOOL_ROUTES } from '~/catalogs/tools/routes.server'
import { catalogAt, registerCatalogEntry, type CatalogKey } from './catalog-at'

const BUILT_IN: Record<CatalogKey, CatalogServerRoutes> = {
	stations: STATION_ROUTES,
	stationTypes: referenceListRoutes(STATION_TYPE_LIST),
	tools: TOOL_ROUTES,
	toolCategories: referenceListRoutes(TOOL_CATEGORY_LIST),
}

const implementations = new Map<string, CatalogServerRoutes>(Object.entries(BUILT_IN))

/**
 * Adds a catalog that is not in the registry's file, with its server steps: the test-only catalog, which its
 * test registers (and takes out again with the function this returns).
 */
export function registerCatalog(entry: CatalogEntry, routes: CatalogServerRoutes): () => void {
	const unregisterEntry = registerCatalogEntry(entry)
	implementations.set(entry.key, routes)
	return () => {
		implementations.delete(entry.key)
		unregisterEntry()
	}
}

/** The catalog a generated route's request is for, with its server steps. */
export function getRequestCatalog(request: Request): { entry: CatalogEntry; routes: CatalogServerRoutes } {
	const entry = catalogAt(new URL(request.url).pathname)
	const routes = implementations.get(entry.key)
	if (!routes) throw new Error(`Catalog ${entry.key} has no server routes`)
	return { entry, routes }
}
