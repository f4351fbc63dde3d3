import { recordAudit, type Actor } from '~/audit/audit.server'
import type { ProvinceCode } from '~/catalogs/provinces'
import { getDb, type DB } from '~/db/db.server'
import { normalizeProvinces, type RoleAssignment } from '~/permissions/scope'
import { getClientIp } from '~/utils/logger.server'

/**
 * A user's role assignments (decision 0052): each role everywhere or in a set of provinces. The one place
 * that writes them: the user administration, the API, the command line and single sign-on all replace a
 * user's assignments through `replaceRoleAssignments`.
 */

/** An assignment as pages, exports and the audit log show it: with the role's code. */
export interface NamedAssignment extends RoleAssignment {
	code: string
}

export class UnknownRoleError extends Error {
	constructor(readonly codes: string[]) {
		super(`Unknown role(s): ${codes.join(', ')}`)
		this.name = 'UnknownRoleError'
	}
}

/** The assignments of each of these users, by role code. */
export async function readAssignments(db: DB, userIds: readonly number[]): Promise<Map<number, NamedAssignment[]>> {
	const byUser = new Map<number, NamedAssignment[]>()
	if (userIds.length === 0) return byUser
	const rows = await db
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.leftJoin('user_role_scopes', (join) =>
			join.onRef('user_role_scopes.user_id', '=', 'user_roles.user_id').onRef('user_role_scopes.role_id', '=', 'user_roles.role_id'),
		)
		.select(['user_roles.user_id', 'user_roles.role_id', 'roles.code', 'user_role_scopes.province'])
		.where('user_roles.user_id', 'in', [...userIds])
		.orderBy('roles.code')
		.orderBy('user_role_scopes.province')
		.execute()
	for (const row of rows) {
		const userId = Number(row.user_id)
		const list = byUser.get(userId) ?? []
		byUser.set(userId, list)
		let assignment = list.at(-1)
		if (assignment?.roleId !== Number(row.role_id))
			list.push((assignment = { roleId: Number(row.role_id), code: row.code, provinces: null }))
		if (row.province !== null) assignment.provinces = [...(assignment.provinces ?? []), row.province as ProvinceCode]
	}
	return byUser
}

export async function getRoleAssignments(userId: number, db: DB = getDb()): Promise<NamedAssignment[]> {
	return (await readAssignments(db, [userId])).get(userId) ?? []
}

/** `operator (an-giang, can-tho), viewer`: how the audit log and the grants export write assignments. */
export function describeAssignments(assignments: readonly { code: string; provinces: readonly string[] | null }[]): string {
	return [...assignments]
		.sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
		.map(({ code, provinces }) => (provinces === null ? code : `${code} (${provinces.join(', ')})`))
		.join(', ')
}

/**
 * Assignments from role codes and the provinces given for some of them (`scopes`, by code; a role not in
 * it holds everywhere). Unknown codes throw UnknownRoleError.
 */
export async function assignmentsFromCodes(
	db: DB,
	codes: readonly string[],
	scopes: ReadonlyMap<string, readonly ProvinceCode[]> = new Map(),
): Promise<NamedAssignment[]> {
	const wanted = [...new Set(codes)]
	const roles = wanted.length ? await db.selectFrom('roles').select(['id', 'code']).where('code', 'in', wanted).execute() : []
	const unknown = wanted.filter((code) => !roles.some((role) => role.code === code))
	if (unknown.length > 0) throw new UnknownRoleError(unknown)
	return roles
		.map((role) => {
			const provinces = scopes.get(role.code)
			return {
				roleId: Number(role.id),
				code: role.code,
				provinces: provinces && provinces.length > 0 ? normalizeProvinces(provinces) : null,
			}
		})
		.sort((a, b) => (a.code < b.code ? -1 : 1))
}

export interface AssignmentChange {
	changed: boolean
	from: string
	to: string
}

/**
 * Replaces the user's assignments with `assignments`, in the caller's transaction. When they change, the
 * audit log records before → after (action `user.roles_changed`, by `actor`, or `actorEmail` for the
 * command line and sign-in), unless the caller records the change in its own entry (`audit: false`).
 */
export async function replaceRoleAssignments(
	db: DB,
	userId: number,
	assignments: readonly NamedAssignment[],
	audit: { actor?: Actor | null; actorEmail?: string; details?: Record<string, unknown> } | false,
): Promise<AssignmentChange> {
	const before = await getRoleAssignments(userId, db)
	const from = describeAssignments(before)
	const to = describeAssignments(assignments)
	if (from === to) return { changed: false, from, to }
	// A role kept keeps its row, and with it where it came from (the directory's stays the directory's,
	// decision 0056); its provinces are written anew.
	const keep = assignments.map((assignment) => assignment.roleId)
	await db.deleteFrom('user_role_scopes').where('user_id', '=', userId).execute()
	let removal = db.deleteFrom('user_roles').where('user_id', '=', userId)
	if (keep.length > 0) removal = removal.where('role_id', 'not in', keep)
	await removal.execute()
	const added = assignments.filter((assignment) => !before.some((held) => held.roleId === assignment.roleId))
	if (added.length > 0)
		await db
			.insertInto('user_roles')
			.values(added.map((assignment) => ({ user_id: userId, role_id: assignment.roleId })))
			.execute()
	const scoped = assignments.flatMap(({ roleId, provinces }) =>
		(provinces ?? []).map((province) => ({ user_id: userId, role_id: roleId, province })),
	)
	if (scoped.length > 0) await db.insertInto('user_role_scopes').values(scoped).execute()
	if (audit) {
		await recordAudit(
			{
				action: 'user.roles_changed',
				actor: audit.actor ?? null,
				actorEmail: audit.actorEmail ?? null,
				entity: 'user',
				entityId: userId,
				ip: getClientIp(),
				details: { ...audit.details, changes: { roles: { from, to } } },
			},
			db,
		)
	}
	return { changed: true, from, to }
}
