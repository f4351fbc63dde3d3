import { ACTIONS, type Action } from './actions'

export interface BuiltinFunction {
	code: string
	parent: string | null
	sortOrder: number
	icon: string
	path: string | null
	isTitle?: boolean
}

/** The seed's own menu: Dashboard, "Danh mục" with "Trạm" and its types, "Công cụ" with its categories, and the administration section. */
export const BUILTIN_FUNCTIONS: readonly BuiltinFunction[] = [
	{ code: 'DASHBOARD', parent: null, sortOrder: 10, icon: 'bx-home-circle', path: '/dashboard' },
	{ code: 'DANHMUC', parent: null, sortOrder: 20, icon: 'bx-folder', path: null },
	{ code: 'DANHMUC_TRAM', parent: 'DANHMUC', sortOrder: 10, icon: 'bx-broadcast', path: '/danhmuc/tram' },
	{ code: 'DANHMUC_LOAITRAM', parent: 'DANHMUC', sortOrder: 20, icon: 'bx-category', path: '/danhmuc/loaitram' },
	{ code: 'CONGCU', parent: null, sortOrder: 30, icon: 'bx-wrench', path: null },
	{ code: 'CONGCU_LIST', parent: 'CONGCU', sortOrder: 10, icon: 'bx-list-ul', path: '/congcu/list' },
	{ code: 'CONGCU_NHOM', parent: 'CONGCU', sortOrder: 20, icon: 'bx-collection', path: '/congcu/nhom' },
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

const CATALOG_VIEW = {
	DASHBOARD: ['view'],
	DANHMUC: ['view'],
	DANHMUC_TRAM: ['view'],
	DANHMUC_LOAITRAM: ['view'],
	CONGCU: ['view'],
	CONGCU_LIST: ['view'],
	CONGCU_NHOM: ['view'],
} as const

export const BUILTIN_ROLES: readonly BuiltinRole[] = [
	{ code: 'admin', name: 'Administrator', allAccess: true, grants: {} },
	{
		code: 'operator',
		name: 'Operator',
		allAccess: false,
		grants: { ...CATALOG_VIEW, DANHMUC_TRAM: ACTIONS, CONGCU_LIST: ACTIONS },
	},
	{ code: 'viewer', name: 'Viewer', allAccess: false, grants: CATALOG_VIEW },
]

/** The translation key of a built-in function's label. */
export function functionLabelKey(code: string) {
	return `functions.${code}`
}
