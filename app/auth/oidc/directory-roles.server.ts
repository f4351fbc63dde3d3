import { recordAudit } from '~/audit/audit.server'
import { countActiveAdministrators, ADMIN_ROLE } from '~/admin/users.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { logger } from '~/utils/logger.server'
import { ConfigError } from '~/config.server'
import { mappedRoleCodes, type DirectoryAssignment, type RoleMap } from './role-map'

/**
 * Makes the roles the directory gives the user exactly `assignments` (decision 0056): roles it gave last time
 * and no longer gives are removed, new ones added with `source = 'directory'`; roles an administrator assigned
 * in the portal (`source = 'portal'`) stay, also when the directory gives them too. The last active
 * administrator keeps `admin`. Changes are audited as `auth.sso_roles`, before → after.
 *
 * Regional scope: the assignments' provinces are not written yet (issue 33 brings `user_role_scopes`); they
 * are written in the one place marked below, in the same transaction.
 */
export async function applyDirectoryRoles(user: User, assignments: readonly DirectoryAssignment[], ip: string | null, db: DB = getDb()): Promise<void> {
	await db.transaction().execute(async (trx) => {
		const held = await trx
			.selectFrom('user_roles')
			.innerJoin('roles', 'roles.id', 'user_roles.role_id')
			.select(['roles.id', 'roles.code', 'user_roles.source'])
			.where('user_roles.user_id', '=', user.id)
			.execute()
		const wanted = assignments.length
			? await trx.selectFrom('roles').select(['id', 'code']).where('code', 'in', assignments.map((assignment) => assignment.roleCode)).execute()
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
				.where('role_id', 'in', removed.map((role) => role.id))
				.execute()
		}
		if (added.length > 0) {
			await trx.insertInto('user_roles').values(added.map((role) => ({ user_id: user.id, role_id: role.id, source: 'directory' }))).execute()
		}
		// Regional scope (issue 33): write each assignment's `provinces` to user_role_scopes here, for every
		// role the directory holds after this sign-in (null: no rows, everywhere).
		if (removed.length === 0 && added.length === 0) return
		const describe = (roles: { code: string; source: string }[]) => roles.map((role) => (role.source === 'directory' ? `${role.code} (directory)` : role.code)).sort().join(', ')
		const after = [
			...held.filter((role) => !removed.some((gone) => gone.id === role.id)),
			...added.map((role) => ({ ...role, source: 'directory' })),
		]
		await recordAudit(
			{
				action: 'auth.sso_roles',
				actor: user,
				entity: 'user',
				entityId: user.id,
				ip,
				details: { from: describe(held), to: describe(after), assignments },
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
