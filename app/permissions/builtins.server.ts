import { getDb, type DB } from '~/db/db.server'
import { BUILTIN_FUNCTIONS, BUILTIN_ROLES, functionLabelKey } from './builtins'

/**
 * Creates the built-in functions and roles that are missing. Existing rows are left as administrators
 * edited them; a role is granted its defaults only when it is created.
 */
export async function ensureBuiltins(db: DB = getDb()) {
	await db.transaction().execute(async (trx) => {
		const now = Date.now()
		const existing = new Map((await trx.selectFrom('functions').select(['id', 'code']).execute()).map((f) => [f.code, f.id]))
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
		}

		const roles = new Set((await trx.selectFrom('roles').select('code').execute()).map((r) => r.code))
		for (const role of BUILTIN_ROLES) {
			if (roles.has(role.code)) continue
			const { id } = await trx
				.insertInto('roles')
				.values({
					code: role.code,
					name: role.name,
					description: '',
					is_builtin: 1,
					all_access: role.allAccess ? 1 : 0,
					created_at: now,
					updated_at: now,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			const grants = Object.entries(role.grants).flatMap(([code, actions]) =>
				actions.map((action) => ({ role_id: id, function_id: existing.get(code)!, action })),
			)
			if (grants.length > 0) await trx.insertInto('role_grants').values(grants).execute()
		}
	})
}
