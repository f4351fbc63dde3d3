import { sql, type Kysely } from 'kysely'
import type { Dialect } from './helpers'

/** The tables a menu or a permission check is read from, besides each user's own `user_roles`. */
export const ACCESS_TABLES = ['functions', 'roles', 'role_grants'] as const

/**
 * One counter that the database itself moves on every write to functions, roles or grants, whoever
 * writes (the app, the CLI, another instance, an operator's SQL). Each instance keeps the function tree
 * and each role set's grants in memory and reads only this counter per request to know they still hold.
 */
export function accessVersion(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('access_version')
				.addColumn('id', 'integer', (c) => c.primaryKey())
				.addColumn('version', 'bigint', (c) => c.notNull())
				.execute()
			await sql`insert into access_version (id, version) values (1, 0)`.execute(db)
			const bump = sql.raw('update access_version set version = version + 1 where id = 1')
			if (dialect === 'sqlite') {
				for (const table of ACCESS_TABLES) {
					for (const event of ['insert', 'update', 'delete']) {
						await sql`create trigger ${sql.raw(`${table}_${event}_moves_access_version`)} after ${sql.raw(event)} on ${sql.table(table)} begin ${bump}; end`.execute(
							db,
						)
					}
				}
			} else {
				await sql`create function move_access_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`.execute(
					db,
				)
				for (const table of ACCESS_TABLES) {
					await sql`create trigger ${sql.raw(`${table}_moves_access_version`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function move_access_version()`.execute(
						db,
					)
				}
			}
		},
	}
}
