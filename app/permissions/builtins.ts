import { STATION_PAGES } from '~/catalogs/stations/stations'
import { TOOL_PAGES } from '~/catalogs/tools/tools'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { CATALOGS, MENU_SECTIONS, type CatalogEntry } from '~/catalogs/registry'
import { ACTIONS, type Action } from './actions'

export interface BuiltinFunction {
	code: string
	parent: string | null
	sortOrder: number
	icon: string
	path: string | null
	isTitle?: boolean
}

/** The built-in functions of the catalogs in a menu section, in the registry's order: each from its registry entry. */
function catalogFunctions(section: string): BuiltinFunction[] {
	return Object.values(CATALOGS as Record<string, CatalogEntry>)
		.filter((entry) => entry.menu.parent === section)
		.map((entry) => ({ code: entry.functionCode, path: `/${entry.prefix}`, ...entry.menu }))
}

/** The seed's own menu: Dashboard, "Danh mục" with "Trạm" and its types, "Công cụ" with its categories, and the administration section. */
export const BUILTIN_FUNCTIONS: readonly BuiltinFunction[] = [
	{ code: 'DASHBOARD', parent: null, sortOrder: 10, icon: 'bx-home-circle', path: '/dashboard' },
	...MENU_SECTIONS.flatMap(({ code, sortOrder, icon }) => [{ code, parent: null, sortOrder, icon, path: null }, ...catalogFunctions(code)]),
	{ code: 'QUANTRI', parent: null, sortOrder: 90, icon: 'bx-cog', path: null },
	{ code: 'QUANTRI_USERS', parent: 'QUANTRI', sortOrder: 10, icon: 'bx-user', path: '/admin/users' },
	{ code: 'QUANTRI_ROLES', parent: 'QUANTRI', sortOrder: 20, icon: 'bx-shield-quarter', path: '/admin/roles' },
	{ code: 'QUANTRI_FUNCTIONS', parent: 'QUANTRI', sortOrder: 30, icon: 'bx-sitemap', path: '/admin/functions' },
	{ code: 'QUANTRI_AUDIT', parent: 'QUANTRI', sortOrder: 40, icon: 'bx-history', path: '/admin/audit' },
	{ code: 'QUANTRI_NOTIFICATIONS', parent: 'QUANTRI', sortOrder: 50, icon: 'bx-bell', path: '/admin/notifications' },
]

export interface BuiltinRole {
	code: 'admin' | 'operator' | 'viewer'
	/** Stored name; screens show the translated `roles.{code}` for built-in roles. */
	name: string
	allAccess: boolean
	grants: Record<string, readonly Action[]>
}

const CATALOG_VIEW: Record<string, readonly Action[]> = {
	DASHBOARD: ['view'],
	DANHMUC: ['view'],
	[STATION_PAGES.functionCode]: ['view'],
	[STATION_TYPE_LIST.functionCode]: ['view'],
	CONGCU: ['view'],
	[TOOL_PAGES.functionCode]: ['view'],
	[TOOL_CATEGORY_LIST.functionCode]: ['view'],
}

export const BUILTIN_ROLES: readonly BuiltinRole[] = [
	{ code: 'admin', name: 'Administrator', allAccess: true, grants: {} },
	{
		code: 'operator',
		name: 'Operator',
		allAccess: false,
		grants: { ...CATALOG_VIEW, [STATION_PAGES.functionCode]: ACTIONS, [TOOL_PAGES.functionCode]: ACTIONS },
	},
	{ code: 'viewer', name: 'Viewer', allAccess: false, grants: CATALOG_VIEW },
]

/** The translation key of a built-in function's description, or null for a function an administrator added. */
export function functionDescriptionKey(code: string): string | null {
	return BUILTIN_FUNCTIONS.some((fn) => fn.code === code) ? `functionDescriptions.${code}` : null
}

/** The translation key of a built-in function's label. */
export function functionLabelKey(code: string) {
	return `functions.${code}`
}
