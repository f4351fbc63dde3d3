import type { Params } from '@remix-run/react'
import type { BulkSpec } from '~/catalogs/bulk-route.server'
import type { CatalogImportSpec } from '~/catalogs/import-route.server'
import type { CatalogEntry } from '~/catalogs/registry'
import type { requirePermission } from '~/permissions/grants.server'
import type { ProvinceScope } from '~/permissions/scope'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { referenceListRoutes } from '~/reference-lists/routes.server'
import { STATION_ROUTES } from '~/catalogs/stations/routes.server'
import { TOOL_ROUTES } from '~/catalogs/tools/routes.server'
import { catalogAt, registerCatalogEntry, type CatalogKey } from './catalog-at'

/** What the route's permission check gave: the user, their grants and where they hold the action. */
export type Permitted = Awaited<ReturnType<typeof requirePermission>>

/**
 * A catalog's part of its generated routes (app/catalogs/routes/*): each step runs after the generic route
 * has checked the grant the kind needs on the catalog's function, and is handed what the check gave.
 */
export interface CatalogServerRoutes {
	list: { loader(request: Request, access: Permitted): Promise<unknown>; action(request: Request, access: Permitted): Promise<unknown> }
	/** `view` is where the user may view: a save that conflicts answers with the record only there. */
	record: {
		loader(request: Request, params: Params, access: Permitted): Promise<unknown>
		action(request: Request, params: Params, intent: 'update' | 'delete', access: Permitted, view: ProvinceScope): Promise<unknown>
	}
	new: { loader(request: Request, access: Permitted): Promise<unknown>; action(request: Request, access: Permitted): Promise<unknown> }
	/** `scoped`: an import writes only within the importer's provinces (a catalog with a province). */
	import: { spec: CatalogImportSpec; scoped: boolean }
	/** The bulk actions' catalog (delete, export of the ticked, labels) and the scope they keep to. */
	bulk(request: Request, access: Permitted): Promise<{ spec: BulkSpec; scope: ProvinceScope }>
	export(request: Request, access: Permitted): Promise<Response>
	importTemplate(): Response
}

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
