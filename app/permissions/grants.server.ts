import { data } from '@remix-run/node'
import { resolveBearerUser } from '~/auth/api-token.server'
import { getSessionState, requireUser } from '~/auth/session.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import type { Action } from './actions'
import { can, grantsFromRows, type Grants } from './grants'
import { getMenuIndex, type IndexedFunctions } from './menu.server'

/** What a user may do, with the function tree it was read against (the menu is built from both). */
export interface Access {
	grants: Grants
	functions: IndexedFunctions
}

/** The user's grants: one query over their roles, named through the (cached) function index. */
export async function loadAccess(userId: number, db: DB = getDb()): Promise<Access> {
	const [rows, functions] = await Promise.all([
		db
			.selectFrom('user_roles')
			.innerJoin('roles', 'roles.id', 'user_roles.role_id')
			.leftJoin('role_grants', 'role_grants.role_id', 'roles.id')
			.select(['roles.all_access', 'role_grants.function_id', 'role_grants.action'])
			.where('user_roles.user_id', '=', userId)
			.execute(),
		getMenuIndex(db),
	])
	return { grants: grantsFromRows(rows, (id) => functions.index.codeOf.get(id)), functions }
}

const accessByRequest = new WeakMap<Request, Promise<Access>>()

/** The access of the request's user, read once per request however many loaders ask. */
export function getUserAccess(request: Request, user: User): Promise<Access> {
	let access = accessByRequest.get(request)
	if (!access) {
		access = loadAccess(user.id)
		accessByRequest.set(request, access)
	}
	return access
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
	return { user, ...access }
}

/** The signed-in user's grants for pages that need no particular function (profile, the menu). */
export async function requireUserWithGrants(request: Request) {
	const user = await requireUser(request)
	return { user, ...(await getUserAccess(request, user)) }
}

// API answers are plain Responses: resource routes do not render data() errors.
export function unauthorised() {
	return Response.json({ message: 'Unauthorised' }, { status: 401 })
}

/** The API's user: a bearer token, or the session cookie. No redirects: 401 with the seed's message. */
export async function requireApiUser(request: Request): Promise<User> {
	if (request.headers.get('Authorization')?.startsWith('Bearer ')) {
		const user = await resolveBearerUser(request)
		if (!user) throw unauthorised()
		return user
	}
	const state = await getSessionState(request)
	if (state.status !== 'active') throw unauthorised()
	return state.user
}

/** requirePermission for JSON endpoints: 401 without a valid token or session, 403 without the grant. */
export async function requireApiPermission(request: Request, functionCode: string, action: Action = 'view') {
	const user = await requireApiUser(request)
	const access = await getUserAccess(request, user)
	if (!can(access.grants, functionCode, action)) throw Response.json({ message: 'Forbidden' }, { status: 403 })
	return { user, ...access }
}

