import { data } from '@remix-run/node'
import { resolveBearerUser } from '~/auth/api-token.server'
import { getSessionState, requireUser } from '~/auth/session.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import type { Action } from './actions'
import { can, grantsFromRows, type Grants } from './grants'

/** The user's grants, in one query over their roles. */
export async function loadGrants(userId: number, db: DB = getDb()): Promise<Grants> {
	const rows = await db
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.leftJoin('role_grants', 'role_grants.role_id', 'roles.id')
		.leftJoin('functions', (join) =>
			join.onRef('functions.id', '=', 'role_grants.function_id').on('functions.enabled', '=', 1),
		)
		.select(['roles.all_access', 'functions.code', 'role_grants.action'])
		.where('user_roles.user_id', '=', userId)
		.execute()
	return grantsFromRows(rows)
}

const grantsByRequest = new WeakMap<Request, Promise<Grants>>()

/** The grants of the request's user, read once per request however many loaders ask. */
export function getUserGrants(request: Request, user: User): Promise<Grants> {
	let grants = grantsByRequest.get(request)
	if (!grants) {
		grants = loadGrants(user.id)
		grantsByRequest.set(request, grants)
	}
	return grants
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
	const grants = await getUserGrants(request, user)
	if (!can(grants, functionCode, action)) throw forbidden()
	return { user, grants }
}

/** The signed-in user's grants for pages that need no particular function (profile, the menu). */
export async function requireUserWithGrants(request: Request) {
	const user = await requireUser(request)
	return { user, grants: await getUserGrants(request, user) }
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
	const grants = await getUserGrants(request, user)
	if (!can(grants, functionCode, action)) throw Response.json({ message: 'Forbidden' }, { status: 403 })
	return { user, grants }
}

