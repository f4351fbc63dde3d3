import type { Params } from '@remix-run/react'
import type { BulkSpec } from '~/catalogs/bulk-route.server'
import type { CatalogImportSpec } from '~/catalogs/import-route.server'
import type { requirePermission } from '~/permissions/grants.server'
import type { ProvinceScope } from '~/permissions/scope'

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
