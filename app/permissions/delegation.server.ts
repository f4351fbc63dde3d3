import { recordAudit } from '~/audit/audit.server'
import type { DB } from '~/db/db.server'
import { getClientIp } from '~/utils/logger.server'

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

export interface Actor {
	id: number
	email: string
}

export const grantKey = (functionId: number, action: string) => `${functionId}:${action}`

async function holdingOfRoleIds(db: DB, roleIds: readonly number[]): Promise<Holding> {
	if (roleIds.length === 0) return { all: false, grants: new Set() }
	const roles = await db.selectFrom('roles').select(['id', 'all_access']).where('id', 'in', roleIds).execute()
	if (roles.some((role) => role.all_access)) return { all: true, grants: new Set() }
	const rows = await db.selectFrom('role_grants').select(['function_id', 'action']).where('role_id', 'in', roleIds).execute()
	return { all: false, grants: new Set(rows.map((row) => grantKey(Number(row.function_id), row.action))) }
}

/** What the user's roles allow, all together. */
export async function userHolding(db: DB, userId: number): Promise<Holding> {
	const roles = await db.selectFrom('user_roles').select('role_id').where('user_id', '=', userId).execute()
	return holdingOfRoleIds(db, roles.map((row) => Number(row.role_id)))
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

/** The roles (by code) the actor may assign: those whose grants the actor holds. */
export async function assignableRoleCodes(db: DB, actorId: number): Promise<Set<string>> {
	const actor = await userHolding(db, actorId)
	const roles = await db.selectFrom('roles').select(['id', 'code']).execute()
	const assignable = new Set<string>()
	for (const role of roles) if (covers(actor, await roleHolding(db, Number(role.id)))) assignable.add(role.code)
	return assignable
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
		{ action: 'delegation.refused', actor, entity: target.entity, entityId: target.id, ip: getClientIp(), details: { reason: refusal, ...attempted } },
		db,
	)
}

/** Whether the actor may act on the user (reset, lock, delete, end sessions, change roles): they hold all the user holds. */
export async function mayManageUser(db: DB, actorId: number, targetId: number): Promise<boolean> {
	if (actorId === targetId) return true
	return covers(await userHolding(db, actorId), await userHolding(db, targetId))
}

/** The first role code in `codes` the actor may not assign, or null when they may assign all of them. */
export async function firstUnassignableRole(db: DB, actorId: number, codes: readonly string[]): Promise<string | null> {
	if (codes.length === 0) return null
	const actor = await userHolding(db, actorId)
	if (actor.all) return null
	const roles = await db.selectFrom('roles').select(['id', 'code']).where('code', 'in', [...codes]).execute()
	for (const role of roles) if (!covers(actor, await roleHolding(db, Number(role.id)))) return role.code
	return null
}
