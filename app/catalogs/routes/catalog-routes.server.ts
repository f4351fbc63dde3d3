import type { CatalogServerRoutes } from './contracts.server'
import * as FOLDER_PARTS from '~/catalogs/folder-parts'
import type { CatalogEntry } from '~/catalogs/registry'
import { catalogAt, registerCatalogEntry, type CatalogKey } from './catalog-at'

/** Each catalog folder's steps, from its parts.ts (a catalog of the registry without them fails the type check). */
const BUILT_IN: Record<CatalogKey, { routes: CatalogServerRoutes }> = FOLDER_PARTS

const implementations = new Map<string, CatalogServerRoutes>(Object.entries(BUILT_IN).map(([key, parts]) => [key, parts.routes]))

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
