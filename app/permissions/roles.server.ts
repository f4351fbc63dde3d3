import { getDb, type DB } from '~/db/db.server'
import type { Role } from '~/db/schema'

export interface NewRole {
	code: string
	name: string
	description: string
	/** A role the portal ships (decision 0007): its code and defaults are the release's. */
	builtin?: boolean
	/** Every function with every action (the administrator's role). */
	allAccess?: boolean
}

/** Writes a role row and answers its id; its grants are the caller's. */
export async function insertRole(db: DB, role: NewRole, now: number): Promise<number> {
	const { id } = await db
		.insertInto('roles')
		.values({
			code: role.code,
			name: role.name,
			description: role.description,
			is_builtin: role.builtin ? 1 : 0,
			all_access: role.allAccess ? 1 : 0,
			created_at: now,
			updated_at: now,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	return Number(id)
}

export function listRoles(db: DB = getDb()): Promise<Role[]> {
	return db.selectFrom('roles').selectAll().orderBy('is_builtin', 'desc').orderBy('code').execute()
}
