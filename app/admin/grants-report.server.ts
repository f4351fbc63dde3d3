import { ACTIONS } from '~/permissions/actions'
import { getDb, type DB } from '~/db/db.server'
import { readAssignments } from '~/users/role-assignments.server'

export const GRANT_REPORT_COLUMNS = ['email', 'name', 'state', 'role', 'roleName', 'scope', 'function', 'actions'] as const
export type GrantReportRow = Record<(typeof GRANT_REPORT_COLUMNS)[number], string>

const BATCH = 500

/**
 * Who holds which grant: one row per user, role and function (actions space-separated; `*` for a role
 * with all access), a user without roles on one row of their own. `scope` is where the role is given:
 * `*` everywhere, else its province codes space-separated (decision 0052). Users a batch at a time, by id.
 */
export async function* grantsReport(db: DB = getDb()): AsyncGenerator<GrantReportRow[]> {
	let after = 0
	for (;;) {
		const users = await db
			.selectFrom('users')
			.select(['id', 'email', 'display_name', 'locked'])
			.where('id', '>', after)
			.orderBy('id')
			.limit(BATCH)
			.execute()
		if (users.length === 0) return
		after = Number(users.at(-1)!.id)
		const memberships = await db
			.selectFrom('user_roles')
			.innerJoin('roles', 'roles.id', 'user_roles.role_id')
			.select(['user_roles.user_id', 'roles.id', 'roles.code', 'roles.name', 'roles.all_access'])
			.where(
				'user_roles.user_id',
				'in',
				users.map((user) => user.id),
			)
			.orderBy('roles.code')
			.execute()
		const assigned = await readAssignments(
			db,
			users.map((user) => Number(user.id)),
		)
		const scopeOf = (userId: number, roleId: number) =>
			assigned
				.get(userId)
				?.find((assignment) => assignment.roleId === roleId)
				?.provinces?.join(' ') ?? '*'
		const roleIds = [...new Set(memberships.map((membership) => Number(membership.id)))]
		const grants = roleIds.length
			? await db
					.selectFrom('role_grants')
					.innerJoin('functions', 'functions.id', 'role_grants.function_id')
					.select(['role_grants.role_id', 'functions.code', 'role_grants.action'])
					.where('role_grants.role_id', 'in', roleIds)
					.orderBy('functions.code')
					.execute()
			: []
		const byRole = new Map<number, Map<string, string[]>>()
		for (const grant of grants) {
			const functions = byRole.get(Number(grant.role_id)) ?? new Map<string, string[]>()
			functions.set(grant.code, [...(functions.get(grant.code) ?? []), grant.action])
			byRole.set(Number(grant.role_id), functions)
		}
		const order = (actions: string[]) => ACTIONS.filter((action) => actions.includes(action)).join(' ')
		const rows: GrantReportRow[] = []
		for (const user of users) {
			const base = { email: user.email, name: user.display_name, state: user.locked ? 'locked' : 'active' }
			const roles = memberships.filter((membership) => Number(membership.user_id) === Number(user.id))
			if (roles.length === 0) rows.push({ ...base, role: '', roleName: '', scope: '', function: '', actions: '' })
			for (const role of roles) {
				const roleColumns = { role: role.code, roleName: role.name, scope: scopeOf(Number(user.id), Number(role.id)) }
				if (role.all_access) {
					rows.push({ ...base, ...roleColumns, function: '*', actions: '*' })
					continue
				}
				const functions = byRole.get(Number(role.id))
				if (!functions || functions.size === 0) rows.push({ ...base, ...roleColumns, function: '', actions: '' })
				for (const [code, actions] of functions ?? []) rows.push({ ...base, ...roleColumns, function: code, actions: order(actions) })
			}
		}
		yield rows
	}
}
