import { recordAudit, type Actor } from '~/audit/audit.server'
import type { DB } from '~/db/db.server'
import { getClientIp } from '~/utils/logger.server'
import { getRoleAssignments } from '~/users/role-assignments.server'
import type { Action } from './actions'
import { NO_GRANTS, type Grants } from './grants'
import { scopeOf, scopeWithin, type ProvinceScope } from './scope'

/**
 * The delegation rule: nobody grants, assigns, resets or reaches more than they hold themselves.
 * A holding is what a set of roles allows: everything (a role with all access, such as `admin`), or a
 * set of `functionId:action` grants. Every check reads the database inside the caller's transaction.
 */
export interface Holding {
	all: boolean
	grants: Set<string>
}

export type DelegationRefusal =
	/** The role carries grants the actor does not hold. */
	| 'roleBeyondActor'
	/** The grant is one the actor does not hold. */
	| 'grantBeyondActor'
	/** The target user holds grants the actor does not hold. */
	| 'userBeyondActor'
	/** Only a holder of all access edits a role they hold themselves, or a built-in role. */
	| 'ownRole'
	| 'builtinRole'
	/** An assignment in provinces outside the actor's scope of user administration (decision 0054). */
	| 'scopeBeyondActor'
	/** The target user holds an assignment outside the actor's scope of user administration. */
	| 'userBeyondScope'

export const grantKey = (functionId: number, action: string) => `${functionId}:${action}`

/** Each role's own holding, in two queries whatever the number of roles (one when all of them have all access). */
async function roleHoldings(db: DB, roleIds: readonly number[]): Promise<Map<number, Holding>> {
	const holdings = new Map<number, Holding>()
	if (roleIds.length === 0) return holdings
	const roles = await db
		.selectFrom('roles')
		.select(['id', 'all_access'])
		.where('id', 'in', [...roleIds])
		.execute()
	for (const role of roles) holdings.set(Number(role.id), { all: Boolean(role.all_access), grants: new Set() })
	const granting = roles.filter((role) => !role.all_access).map((role) => Number(role.id))
	if (granting.length === 0) return holdings
	const grants = await db.selectFrom('role_grants').select(['role_id', 'function_id', 'action']).where('role_id', 'in', granting).execute()
	for (const grant of grants) holdings.get(Number(grant.role_id))?.grants.add(grantKey(Number(grant.function_id), grant.action))
	return holdings
}

/** What the roles allow, all together. */
async function holdingOfRoleIds(db: DB, roleIds: readonly number[]): Promise<Holding> {
	const holdings = [...(await roleHoldings(db, roleIds)).values()]
	if (holdings.some((holding) => holding.all)) return { all: true, grants: new Set() }
	return { all: false, grants: new Set(holdings.flatMap((holding) => [...holding.grants])) }
}

/** What the user's roles allow, all together. */
export async function userHolding(db: DB, userId: number): Promise<Holding> {
	const roles = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()
	return holdingOfRoleIds(
		db,
		roles.map((row) => Number(row.role_id)),
	)
}

export function roleHolding(db: DB, roleId: number): Promise<Holding> {
	return holdingOfRoleIds(db, [roleId])
}

/** Whether `actor` holds everything `wanted` allows. */
export function covers(actor: Holding, wanted: Holding): boolean {
	if (actor.all) return true
	if (wanted.all) return false
	for (const grant of wanted.grants) if (!actor.grants.has(grant)) return false
	return true
}

/** The codes of the roles whose grants `actor` does not all hold, in `roles`' order. */
async function rolesBeyond(db: DB, actor: Holding, roles: readonly { id: number; code: string }[]): Promise<string[]> {
	if (actor.all) return []
	const holdings = await roleHoldings(
		db,
		roles.map((role) => Number(role.id)),
	)
	return roles.filter((role) => !covers(actor, holdings.get(Number(role.id)) ?? { all: false, grants: new Set() })).map((role) => role.code)
}

/** The roles (by code) the actor may assign: those whose grants the actor holds. */
export async function assignableRoleCodes(db: DB, actorId: number): Promise<Set<string>> {
	const actor = await userHolding(db, actorId)
	const roles = await db.selectFrom('roles').select(['id', 'code']).execute()
	const beyond = new Set(await rolesBeyond(db, actor, roles))
	return new Set(roles.map((role) => role.code).filter((code) => !beyond.has(code)))
}

/** Records a refusal: who tried what on which user or role. Written in the caller's transaction. */
export function auditRefusal(
	db: DB,
	actor: Actor,
	refusal: DelegationRefusal,
	target: { entity: 'user' | 'role'; id: number },
	attempted: Record<string, unknown>,
) {
	return recordAudit(
		{
			action: 'delegation.refused',
			actor,
			entity: target.entity,
			entityId: target.id,
			ip: getClientIp(),
			details: { reason: refusal, ...attempted },
		},
		db,
	)
}

/** The function whose scope bounds a delegated administrator (decision 0054). */
export const USER_ADMINISTRATION = 'QUANTRI_USERS'

/** Where the user holds `action` on the user administration, read in the caller's transaction. */
export async function userAdministrationScope(db: DB, userId: number, action: Action = 'update'): Promise<ProvinceScope> {
	const assignments = await getRoleAssignments(userId, db)
	if (assignments.length === 0) return []
	const roleIds = assignments.map((assignment) => assignment.roleId)
	const [roles, granted] = await Promise.all([
		db.selectFrom('roles').select(['id', 'all_access']).where('id', 'in', roleIds).execute(),
		db
			.selectFrom('role_grants')
			.innerJoin('functions', 'functions.id', 'role_grants.function_id')
			.select('role_grants.role_id')
			.where('role_grants.role_id', 'in', roleIds)
			.where('functions.code', '=', USER_ADMINISTRATION)
			.where('functions.enabled', '=', 1)
			.where('role_grants.action', '=', action)
			.execute(),
	])
	const holders = new Set([
		...roles.filter((role) => role.all_access).map((role) => Number(role.id)),
		...granted.map((row) => Number(row.role_id)),
	])
	const grantsOf = (roleId: number): Grants => (holders.has(roleId) ? { allAccess: true, byFunction: new Map() } : NO_GRANTS)
	return scopeOf(assignments, grantsOf, USER_ADMINISTRATION, action)
}

/** Whether every one of the assignments lies within the scope. */
export function assignmentsWithin(assignments: readonly { provinces: ProvinceScope }[], scope: ProvinceScope): boolean {
	return assignments.every((assignment) => scopeWithin(assignment.provinces, scope))
}

/**
 * Why the actor may not act on the user (reset, lock, delete, end sessions, change roles), or null when
 * they may: they hold all the user holds, and every assignment of the user lies within their scope.
 */
export async function manageRefusal(db: DB, actorId: number, targetId: number): Promise<'userBeyondActor' | 'userBeyondScope' | null> {
	if (actorId === targetId) return null
	if (!covers(await userHolding(db, actorId), await userHolding(db, targetId))) return 'userBeyondActor'
	const scope = await userAdministrationScope(db, actorId)
	if (scope !== null && !assignmentsWithin(await getRoleAssignments(targetId, db), scope)) return 'userBeyondScope'
	return null
}

/** Whether the actor may act on the user (see manageRefusal). */
export async function mayManageUser(db: DB, actorId: number, targetId: number): Promise<boolean> {
	return (await manageRefusal(db, actorId, targetId)) === null
}

/** The first role code in `codes` the actor may not assign, or null when they may assign all of them. */
export async function firstUnassignableRole(db: DB, actorId: number, codes: readonly string[]): Promise<string | null> {
	if (codes.length === 0) return null
	const actor = await userHolding(db, actorId)
	if (actor.all) return null
	const roles = await db
		.selectFrom('roles')
		.select(['id', 'code'])
		.where('code', 'in', [...codes])
		.execute()
	return (await rolesBeyond(db, actor, roles))[0] ?? null
}
