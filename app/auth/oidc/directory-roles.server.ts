import { recordAudit } from '~/audit/audit.server'
import { countActiveAdministrators, ADMIN_ROLE } from '~/admin/users.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { describeAssignments, getRoleAssignments, type NamedAssignment } from '~/users/role-assignments.server'
import { logger } from '~/utils/logger.server'
import { ConfigError } from '~/config.server'
import { mappedRoleCodes, type DirectoryAssignment, type RoleMap } from './role-map'

/**
 * Makes the roles the directory gives the user exactly `assignments` (decision 0056): roles it gave last time
 * and no longer gives are removed, new ones added with `source = 'directory'`; roles an administrator assigned
 * in the portal (`source = 'portal'`) stay, also when the directory gives them too. The last active
 * administrator keeps `admin`. Changes are audited as `auth.sso_roles`, before → after.
 *
 * Each directory role carries the provinces the map gives it (regional scope, decision 0052); a role the
 * portal assigned keeps the portal's provinces.
 */
export async function applyDirectoryRoles(
	user: User,
	assignments: readonly DirectoryAssignment[],
	ip: string | null,
	db: DB = getDb(),
): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const held = await trx
			.selectFrom('user_roles')
			.innerJoin('roles', 'roles.id', 'user_roles.role_id')
			.select(['roles.id', 'roles.code', 'user_roles.source'])
			.where('user_roles.user_id', '=', user.id)
			.execute()
		const before = await getRoleAssignments(user.id, trx)
		const wanted = assignments.length
			? await trx
					.selectFrom('roles')
					.select(['id', 'code'])
					.where(
						'code',
						'in',
						assignments.map((assignment) => assignment.roleCode),
					)
					.execute()
			: []
		const missing = assignments.filter((assignment) => !wanted.some((role) => role.code === assignment.roleCode))
		if (missing.length > 0) logger.warn('oidc.unknown_mapped_roles', { roles: missing.map((assignment) => assignment.roleCode) })
		const wantedCodes = new Set(wanted.map((role) => role.code))
		let removed = held.filter((role) => role.source === 'directory' && !wantedCodes.has(role.code))
		if (removed.some((role) => role.code === ADMIN_ROLE) && (await countActiveAdministrators(trx, user.id)) === 0) {
			removed = removed.filter((role) => role.code !== ADMIN_ROLE)
		}
		const added = wanted.filter((role) => !held.some((heldRole) => heldRole.id === role.id))
		if (removed.length > 0) {
			await trx
				.deleteFrom('user_roles')
				.where('user_id', '=', user.id)
				.where('source', '=', 'directory')
				.where(
					'role_id',
					'in',
					removed.map((role) => role.id),
				)
				.execute()
		}
		if (added.length > 0) {
			await trx
				.insertInto('user_roles')
				.values(added.map((role) => ({ user_id: user.id, role_id: role.id, source: 'directory' })))
				.execute()
		}
		// Each role the directory gives takes the provinces it gives (none: everywhere), unless the portal
		// assigned that role: then the portal's provinces stay with it.
		const directoryRoles = wanted.filter(
			(role) => (held.find((heldRole) => heldRole.id === role.id)?.source ?? 'directory') === 'directory',
		)
		if (directoryRoles.length > 0) {
			await trx
				.deleteFrom('user_role_scopes')
				.where('user_id', '=', user.id)
				.where(
					'role_id',
					'in',
					directoryRoles.map((role) => role.id),
				)
				.execute()
			const scoped = directoryRoles.flatMap((role) =>
				(assignments.find((assignment) => assignment.roleCode === role.code)?.provinces ?? []).map((province) => ({
					user_id: user.id,
					role_id: role.id,
					province,
				})),
			)
			if (scoped.length > 0) await trx.insertInto('user_role_scopes').values(scoped).execute()
		}
		const sources = new Map([
			...held.map((role) => [Number(role.id), role.source] as const),
			...added.map((role) => [Number(role.id), 'directory'] as const),
		])
		const describe = (list: readonly NamedAssignment[]) =>
			describeAssignments(
				list.map((assignment) => ({
					...assignment,
					code: sources.get(assignment.roleId) === 'directory' ? `${assignment.code} (directory)` : assignment.code,
				})),
			)
		const from = describe(before)
		const to = describe(await getRoleAssignments(user.id, trx))
		if (from === to) return
		await recordAudit(
			{
				action: 'auth.sso_roles',
				actor: user,
				entity: 'user',
				entityId: user.id,
				ip,
				details: { from, to, assignments },
			},
			trx,
		)
	})
}

/** At start-up: every role OIDC_ROLE_MAP names must exist, or the server does not start (ConfigError names them). */
export async function checkRoleMapRoles(map: RoleMap, db: DB = getDb()): Promise<void> {
	const codes = mappedRoleCodes(map)
	if (codes.length === 0) return
	const known = await db.selectFrom('roles').select('code').where('code', 'in', codes).execute()
	const unknown = codes.filter((code) => !known.some((role) => role.code === code))
	if (unknown.length > 0) throw new ConfigError([`OIDC_ROLE_MAP names roles that do not exist: ${unknown.join(', ')}`])
}
