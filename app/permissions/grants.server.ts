import { data } from '@remix-run/node'
import { resolveBearerUser } from '~/auth/api-token.server'
import { getSessionState, requireUser } from '~/auth/session.server'
import { getDb, type DB } from '~/db/db.server'
import type { SignInSecondFactor, User } from '~/db/schema'
import type { Action } from './actions'
import { apiMessage, passwordChangeRequired, secondFactorRequired } from '~/utils/api.server'
import { userMustEnrol } from '~/auth/mfa/requirement.server'
import { memoizeForRequest } from '~/utils/request-memo.server'
import { accessSnapshotAt, type AccessSnapshot } from './access-snapshot.server'
import { NO_GRANTS, can, grantsFromRows, type Grants } from './grants'
import { getIndexedFunctions, type IndexedFunctions } from './menu.server'
import { normalizeProvinces, scopeOf, type ProvinceScope, type RoleAssignment } from './scope'
import type { ProvinceCode } from '~/catalogs/provinces'

/** What a user may do, with the function tree it was read against (the menu is built from both). */
export interface Access {
	grants: Grants
	functions: IndexedFunctions
	/** The user's role ids, sorted and joined: users with the same roles share grants and menus. */
	roleKey: string
	snapshot: AccessSnapshot
	/**
	 * The catalog version (migration 0008), read in the same round trip as the roles: pages that keep
	 * catalog figures (the dashboard) compare it with the version they kept them at.
	 */
	catalogVersion: number
	/** The user's assignments: each role everywhere or in some provinces (decision 0052). */
	assignments: readonly RoleAssignment[]
	/** Where the user holds `action` on `functionCode`: everywhere (null) or in these provinces. */
	scopeOf(functionCode: string, action: Action): ProvinceScope
}

/**
 * The user's grants. Their roles are read on every call (a role given or taken applies at once);
 * what those roles grant comes from the access snapshot, read from the database once per role set
 * and per change of functions, roles or grants.
 */
export async function loadAccess(userId: number, db: DB = getDb()): Promise<Access> {
	// The versions and the user's assignments in one round trip (one row per role and province of its
	// scope, one per role held everywhere, one without roles).
	const rows = await versions(db)
		.leftJoin('user_roles', (join) => join.on('user_roles.user_id', '=', userId))
		.leftJoin('user_role_scopes', (join) =>
			join.onRef('user_role_scopes.user_id', '=', 'user_roles.user_id').onRef('user_role_scopes.role_id', '=', 'user_roles.role_id'),
		)
		.select(['user_roles.role_id', 'user_role_scopes.province'])
		.execute()
	if (rows.length === 0) throw new Error('access_version or catalog_version has no row: run the migrations')
	const provinces = new Map<number, ProvinceCode[] | null>()
	for (const row of rows) {
		if (row.role_id === null) continue
		const roleId = Number(row.role_id)
		const held = provinces.get(roleId) ?? null
		provinces.set(roleId, row.province === null ? held : [...(held ?? []), row.province as ProvinceCode])
	}
	const assignments = [...provinces].map(([roleId, scope]) => ({ roleId, provinces: scope && normalizeProvinces(scope) }))
	return accessOfRoles(rows[0]!, assignments, db)
}

/** What holding exactly `roleIds` allows (a role's page shows the menu it gives on its own). */
export async function loadRoleAccess(roleIds: readonly number[], db: DB = getDb()): Promise<Access> {
	const row = await versions(db).executeTakeFirst()
	if (!row) throw new Error('access_version or catalog_version has no row: run the migrations')
	return accessOfRoles(
		row,
		roleIds.map((roleId) => ({ roleId, provinces: null })),
		db,
	)
}

/** The access and catalog versions: one row each, both with id 1. */
function versions(db: DB) {
	return db
		.selectFrom('access_version')
		.innerJoin('catalog_version', 'catalog_version.id', 'access_version.id')
		.select(['access_version.version as access_version', 'catalog_version.version as catalog_version'])
		.where('access_version.id', '=', 1)
}

async function accessOfRoles(
	versionsRow: { access_version: number | string; catalog_version: number | string },
	assignments: readonly RoleAssignment[],
	db: DB,
): Promise<Access> {
	const snapshot = accessSnapshotAt(Number(versionsRow.access_version))
	const catalogVersion = Number(versionsRow.catalog_version)
	const roleIds = [...new Set(assignments.map((assignment) => assignment.roleId))].sort((a, b) => a - b)
	const roleKey = roleIds.join(',')
	const functions = await getIndexedFunctions(snapshot, db)
	const grantsOf = (ids: readonly number[], key: string) =>
		snapshot.remember(`grants:${key}`, async () => {
			if (ids.length === 0) return NO_GRANTS
			const grantRows = await db
				.selectFrom('roles')
				.leftJoin('role_grants', 'role_grants.role_id', 'roles.id')
				.select(['roles.all_access', 'role_grants.function_id', 'role_grants.action'])
				.where('roles.id', 'in', [...ids])
				.execute()
			return grantsFromRows(grantRows, (id) => functions.index.codeOf.get(id))
		})
	const grants = await grantsOf(roleIds, roleKey)
	// A scoped assignment needs what each role grants on its own; everywhere, the union is enough.
	const scoped = assignments.some((assignment) => assignment.provinces !== null)
	const byRole = new Map<number, Grants>(
		scoped ? await Promise.all(roleIds.map(async (id) => [id, await grantsOf([id], String(id))] as const)) : [],
	)
	const scopeOfAction = (functionCode: string, action: Action): ProvinceScope =>
		scoped
			? scopeOf(assignments, (roleId) => byRole.get(roleId) ?? NO_GRANTS, functionCode, action)
			: can(grants, functionCode, action)
				? null
				: []
	return { grants, functions, roleKey, snapshot, catalogVersion, assignments, scopeOf: scopeOfAction }
}

/** The access of the request's user, read once per request however many loaders ask. */
export function getUserAccess(request: Request, user: User): Promise<Access> {
	return memoizeForRequest(request, `access:${user.id}`, () => loadAccess(user.id))
}

export function forbidden() {
	return data({ reason: 'forbidden' as const }, { status: 403 })
}

/**
 * The one permission check of every page loader and action: anonymous → sign-in,
 * signed in without `action` on `functionCode` → 403, never data.
 */
export async function requirePermission(request: Request, functionCode: string, action: Action = 'view') {
	const user = await requireUser(request)
	const access = await getUserAccess(request, user)
	if (!can(access.grants, functionCode, action)) throw forbidden()
	/** Where the user holds the action (decision 0052): the domain layer reads and writes only there. */
	const scope = access.scopeOf(functionCode, action)
	return { user, ...access, scope }
}

/** The signed-in user's grants for pages that need no particular function (profile, the menu). */
export async function requireUserWithGrants(request: Request) {
	const user = await requireUser(request)
	return { user, ...(await getUserAccess(request, user)) }
}

// API answers are plain Responses: resource routes do not render data() errors.
export function unauthorised(request: Request) {
	return apiMessage(request, 'api.unauthorised', { status: 401 })
}

/** The API's user: a bearer token, or the session cookie. No redirects: 401 with the seed's message. */
export async function requireApiUser(request: Request): Promise<User> {
	const caller = await apiCaller(request)
	if (!caller) throw await unauthorised(request)
	const { user, signInFactor } = caller
	// A token issued before an administrator required a new password stops working until it is changed.
	if (user.must_change_password) throw await passwordChangeRequired(request)
	// Likewise a token of someone REQUIRE_MFA_FOR now covers, until they have set up a second factor.
	if (await userMustEnrol(user.id, signInFactor)) throw await secondFactorRequired(request)
	return user
}

/** The API's caller, and for a session cookie how that session's sign-in gave its second factor. */
async function apiCaller(request: Request): Promise<{ user: User; signInFactor: SignInSecondFactor | null } | null> {
	if (request.headers.get('Authorization')?.startsWith('Bearer ')) {
		const user = await resolveBearerUser(request)
		return user ? { user, signInFactor: null } : null
	}
	const state = await getSessionState(request)
	return state.status === 'active' ? { user: state.user, signInFactor: state.session.second_factor } : null
}

/** requirePermission for JSON endpoints: 401 without a valid token or session, 403 without the grant. */
export async function requireApiPermission(request: Request, functionCode: string, action: Action = 'view') {
	const user = await requireApiUser(request)
	const access = await getUserAccess(request, user)
	if (!can(access.grants, functionCode, action)) throw await apiMessage(request, 'api.forbidden', { status: 403 })
	return { user, ...access, scope: access.scopeOf(functionCode, action) }
}
