import type { Kysely } from 'kysely'

/**
 * Regional scope (decision 0052): the provinces an assignment of a role to a user is limited to, one row
 * per province. An assignment without rows here holds everywhere, so existing assignments keep their
 * meaning; the rows go with their assignment.
 */
export function roleScopes() {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('user_role_scopes')
				.addColumn('user_id', 'integer', (c) => c.notNull())
				.addColumn('role_id', 'integer', (c) => c.notNull())
				.addColumn('province', 'varchar(64)', (c) => c.notNull())
				.addPrimaryKeyConstraint('user_role_scopes_pk', ['user_id', 'role_id', 'province'])
				.addForeignKeyConstraint('user_role_scopes_assignment', ['user_id', 'role_id'], 'user_roles', ['user_id', 'role_id'], (fk) =>
					fk.onDelete('cascade'),
				)
				.execute()
		},
	}
}
