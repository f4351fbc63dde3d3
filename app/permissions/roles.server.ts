import { getDb, type DB } from '~/db/db.server'
import type { Role } from '~/db/schema'

export function listRoles(db: DB = getDb()): Promise<Role[]> {
	return db.selectFrom('roles').selectAll().orderBy('is_builtin', 'desc').orderBy('code').execute()
}
