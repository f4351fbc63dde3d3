// Plain ESM, no TypeScript: remix.config.js reads it at build time to generate the catalogs' routes
// (decision 0070); the app reads the same entries to find the catalog a request is for. Each entry is its catalog
// folder's catalog.js, listed by folder-entries.js (decision 0081).
import * as FOLDER_ENTRIES from './folder-entries.js'

/**
 * @typedef {'list' | 'record' | 'new' | 'import' | 'bulkDelete' | 'labels' | 'export' | 'exportSelected' | 'importTemplate'} CatalogRouteKind
 * @typedef {{ parent: string, sortOrder: number, icon: string }} CatalogMenuPlace
 * @typedef {{ key: string, prefix: string, functionCode: string, labels: boolean, menu: CatalogMenuPlace }} CatalogFolderEntry
 * @typedef {{ key: string, prefix: string, functionCode: string, kinds: readonly CatalogRouteKind[], menu: CatalogMenuPlace }} CatalogEntry
 * @typedef {{ id: string, path: string, file: string, index: boolean, layout: boolean, catalog: string, kind: CatalogRouteKind }} CatalogRoute
 */

/** Every catalog has these; the print page of labels only a catalog whose records carry one. */
const KINDS = /** @type {const} */ (['list', 'record', 'new', 'import', 'bulkDelete', 'export', 'exportSelected', 'importTemplate'])

/**
 * Each kind of route: its module (under app/), the end of its id and of its path after the catalog's
 * prefix, and whether it renders inside the signed-in frame (the `_app` layout) or is a download beside it.
 * The ids are those the route files had (metrics and logs name routes by id).
 */
export const ROUTE_KINDS = /** @type {const} */ ({
	list: { file: 'catalogs/routes/list.tsx', id: '._index', path: '', layout: true },
	record: { file: 'catalogs/routes/record.tsx', id: '.$id', path: '/:id', layout: true },
	new: { file: 'catalogs/routes/new.tsx', id: '.new', path: '/new', layout: true },
	import: { file: 'catalogs/routes/import.tsx', id: '.import', path: '/import', layout: true },
	bulkDelete: { file: 'catalogs/routes/bulk-delete.tsx', id: '.bulk-delete', path: '/bulk-delete', layout: true },
	labels: { file: 'catalogs/routes/labels.tsx', id: '.labels', path: '/labels', layout: true },
	export: { file: 'catalogs/routes/export.csv.ts', id: '.export[.]csv', path: '/export.csv', layout: false },
	exportSelected: {
		file: 'catalogs/routes/export-selected.csv.ts',
		id: '.export-selected[.]csv',
		path: '/export-selected.csv',
		layout: false,
	},
	importTemplate: {
		file: 'catalogs/routes/import-template.csv.ts',
		id: '.import.template[.]csv',
		path: '/import/template.csv',
		layout: false,
	},
})

/**
 * The menu's sections that hold catalogs, in the menu's order: app/permissions/builtins.ts makes their functions
 * (each catalog's function goes under its section's).
 */
export const MENU_SECTIONS = /** @type {const} */ ([
	{ code: 'DANHMUC', sortOrder: 20, icon: 'bx-folder' },
	{ code: 'CONGCU', sortOrder: 30, icon: 'bx-wrench' },
])

/**
 * A folder's entry as the app reads it: its routes' kinds are every catalog's and, if its records carry a label,
 * the print page of labels.
 * @param {CatalogFolderEntry} folder
 * @returns {CatalogEntry}
 */
export function catalogEntry({ key, prefix, functionCode, labels, menu }) {
	return { key, prefix, functionCode, kinds: labels ? [...KINDS, 'labels'] : KINDS, menu }
}

/**
 * Where a catalog stands in the menu, as a pair to sort by: its section's place, then its own. A section the menu
 * does not have is a defect of the entry, said when the registry loads (at build time).
 * @param {CatalogFolderEntry} entry
 */
function menuPlace(entry) {
	const section = MENU_SECTIONS.findIndex((one) => one.code === entry.menu.parent)
	if (section < 0) throw new Error(`Catalog ${entry.key}: its menu section ${entry.menu.parent} is not in MENU_SECTIONS`)
	return [section, entry.menu.sortOrder]
}

/** @param {CatalogFolderEntry} a @param {CatalogFolderEntry} b */
function byMenuPlace(a, b) {
	const [[sectionA, orderA], [sectionB, orderB]] = [menuPlace(a), menuPlace(b)]
	return sectionA - sectionB || orderA - orderB
}

/**
 * The catalogs, by key (their locale key), in the menu's order: `prefix` is the list's path without its slash,
 * `functionCode` the grant every route checks, and `menu` where its function stands in the menu (app/permissions/
 * builtins.ts builds the built-in function from it): the section's code, the order among the section's entries, a
 * boxicons icon.
 * @type {{ [Key in keyof typeof FOLDER_ENTRIES]: CatalogEntry }}
 */
export const CATALOGS = /** @type {any} */ (
	Object.fromEntries([...Object.values(FOLDER_ENTRIES)].sort(byMenuPlace).map((entry) => [entry.key, catalogEntry(entry)]))
)

/** The layout route the catalogs' pages render in: the signed-in frame, app/routes/_app.tsx. */
export const APP_LAYOUT = { id: 'routes/_app', file: 'routes/_app.tsx' }

/**
 * The routes of `catalogs`, one per catalog and kind.
 * @param {readonly CatalogEntry[]} catalogs
 * @returns {CatalogRoute[]}
 */
export function catalogRoutes(catalogs) {
	return catalogs.flatMap((catalog) =>
		catalog.kinds.map((kind) => {
			const shape = ROUTE_KINDS[kind]
			const dotted = catalog.prefix.split('/').join('.')
			return {
				id: `routes/${shape.layout ? '_app.' : ''}${dotted}${shape.id}`,
				path: `${catalog.prefix}${shape.path}`,
				file: shape.file,
				index: kind === 'list',
				layout: shape.layout,
				catalog: catalog.key,
				kind,
			}
		}),
	)
}

/**
 * Remix's `routes` option: the catalogs' routes, their pages under the `_app` layout (defined again here,
 * as its file defines it, to nest them), their downloads at the root.
 * @param {(path: string | undefined, file: string, options: { id: string, index?: boolean }, children?: () => void) => void} route
 * @param {readonly CatalogEntry[]} catalogs
 */
export function defineCatalogRoutes(route, catalogs) {
	const routes = catalogRoutes(catalogs)
	for (const one of routes.filter((r) => !r.layout)) route(one.path, one.file, { id: one.id })
	route(undefined, APP_LAYOUT.file, { id: APP_LAYOUT.id }, () => {
		for (const one of routes.filter((r) => r.layout)) route(one.path, one.file, { id: one.id, index: one.index })
	})
}
