import { getDb, type DB } from '~/db/db.server'
import { BUILTIN_FUNCTIONS, BUILTIN_ROLES, functionLabelKey, type BuiltinRole } from './builtins'
import { insertRole } from './roles.server'

/**
 * Creates the built-in functions and roles that are missing. Existing rows are left as administrators
 * edited them: a role is granted its defaults when it is created, and an existing built-in role only its
 * defaults on a built-in function created now (a release added it, so nobody can have changed them yet).
 */
export async function ensureBuiltins(db: DB = getDb()) {
	await db.transaction().execute(async (trx) => {
		const now = Date.now()
		const existing = new Map((await trx.selectFrom('functions').select(['id', 'code']).execute()).map((f) => [f.code, f.id]))
		const added = new Set<string>()
		for (const fn of BUILTIN_FUNCTIONS) {
			if (existing.has(fn.code)) continue
			const parentId = fn.parent ? existing.get(fn.parent) : null
			const row = await trx
				.insertInto('functions')
				.values({
					code: fn.code,
					parent_id: parentId ?? null,
					sort_order: fn.sortOrder,
					label_key: functionLabelKey(fn.code),
					labels: null,
					icon: fn.icon,
					path: fn.path,
					param: null,
					is_title: fn.isTitle ? 1 : 0,
					is_hidden: 0,
					badge_text: null,
					badge_variant: null,
					enabled: 1,
					created_at: now,
					updated_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			existing.set(fn.code, row.id)
			added.add(fn.code)
		}

		const roles = new Map((await trx.selectFrom('roles').select(['id', 'code', 'is_builtin']).execute()).map((r) => [r.code, r]))
		const grantsOf = (roleId: number, role: BuiltinRole, only?: Set<string>) =>
			Object.entries(role.grants)
				.filter(([code]) => !only || only.has(code))
				.flatMap(([code, actions]) => actions.map((action) => ({ role_id: roleId, function_id: existing.get(code)!, action })))
		for (const role of BUILTIN_ROLES) {
			const stored = roles.get(role.code)
			if (stored) {
				const grants = stored.is_builtin && added.size > 0 ? grantsOf(stored.id, role, added) : []
				if (grants.length > 0) await trx.insertInto('role_grants').values(grants).execute()
				continue
			}
			const id = await insertRole(trx, { code: role.code, name: role.name, description: '', builtin: true, allAccess: role.allAccess }, now)
			const grants = grantsOf(id, role)
			if (grants.length > 0) await trx.insertInto('role_grants').values(grants).execute()
		}
	})
}
