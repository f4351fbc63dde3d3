import type { Kysely } from 'kysely'
import { idColumn, type Dialect } from './helpers'

export function permissions(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await idColumn(db.schema.createTable('functions'), dialect)
				.addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
				.addColumn('parent_id', 'integer', (c) => c.references('functions.id').onDelete('cascade'))
				.addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('label_key', 'varchar(128)')
				.addColumn('labels', 'text')
				.addColumn('icon', 'varchar(64)')
				.addColumn('path', 'varchar(256)')
				.addColumn('param', 'varchar(256)')
				.addColumn('is_title', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('is_hidden', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('badge_text', 'varchar(32)')
				.addColumn('badge_variant', 'varchar(16)')
				.addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.execute()
			await db.schema.createIndex('functions_parent_sort').on('functions').columns(['parent_id', 'sort_order']).execute()

			await idColumn(db.schema.createTable('roles'), dialect)
				.addColumn('code', 'varchar(64)', (c) => c.notNull().unique())
				.addColumn('name', 'varchar(200)', (c) => c.notNull())
				.addColumn('description', 'varchar(1000)', (c) => c.notNull().defaultTo(''))
				.addColumn('is_builtin', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('all_access', 'integer', (c) => c.notNull().defaultTo(0))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('updated_at', 'bigint', (c) => c.notNull())
				.execute()

			await db.schema
				.createTable('role_grants')
				.addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
				.addColumn('function_id', 'integer', (c) => c.notNull().references('functions.id').onDelete('cascade'))
				.addColumn('action', 'varchar(16)', (c) => c.notNull())
				.addPrimaryKeyConstraint('role_grants_pk', ['role_id', 'function_id', 'action'])
				.execute()
			await db.schema.createIndex('role_grants_function').on('role_grants').column('function_id').execute()

			await db.schema
				.createTable('user_roles')
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id').onDelete('cascade'))
				.addPrimaryKeyConstraint('user_roles_pk', ['user_id', 'role_id'])
				.execute()
			await db.schema.createIndex('user_roles_role').on('user_roles').column('role_id').execute()

			await idColumn(db.schema.createTable('api_tokens'), dialect)
				.addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
				.addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
				.addColumn('created_at', 'bigint', (c) => c.notNull())
				.addColumn('expires_at', 'bigint', (c) => c.notNull())
				.addColumn('last_used_at', 'bigint')
				.execute()
			await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute()
		},
	}
}
