import { sql, type Kysely } from 'kysely'
import type { Dialect } from './helpers'
import { COUNTED_CATALOGS } from './0007_catalog_figures'

/** The audit entities whose entries the dashboard lists as recent catalog changes. */
const CATALOG_ENTITIES = ['station', 'tool'] as const

/**
 * One counter the database moves on every write to the catalogs and on every audit entry about them,
 * whoever writes: an instance may keep the dashboard's figures while this counter stands still, and knows
 * with one primary-key read per page when they no longer hold (app/dashboard/figures-cache.server.ts).
 * SQLite moves it with row triggers; PostgreSQL once per statement.
 */
export function catalogVersion(dialect: Dialect) {
	return {
		async up(db: Kysely<unknown>) {
			await db.schema
				.createTable('catalog_version')
				.addColumn('id', 'integer', (c) => c.primaryKey())
				.addColumn('version', 'bigint', (c) => c.notNull())
				.execute()
			await sql`insert into catalog_version (id, version) values (1, 0)`.execute(db)
			const bump = sql.raw('update catalog_version set version = version + 1 where id = 1')
			const entities = sql.join(CATALOG_ENTITIES.map((entity) => sql.lit(entity)))
			if (dialect === 'sqlite') {
				for (const table of COUNTED_CATALOGS) {
					for (const event of ['insert', 'update', 'delete']) {
						await sql`create trigger ${sql.raw(`${table}_${event}_moves_catalog_version`)} after ${sql.raw(event)} on ${sql.table(table)} begin ${bump}; end`.execute(
							db,
						)
					}
				}
				await sql`create trigger audit_log_moves_catalog_version after insert on audit_log when new.entity in (${entities}) begin ${bump}; end`.execute(
					db,
				)
				return
			}
			await sql`create function move_catalog_version() returns trigger language plpgsql as $$ begin ${bump}; return null; end $$`.execute(
				db,
			)
			for (const table of COUNTED_CATALOGS) {
				await sql`create trigger ${sql.raw(`${table}_moves_catalog_version`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function move_catalog_version()`.execute(
					db,
				)
			}
			await sql`create function move_catalog_version_on_audit() returns trigger language plpgsql as $$
				begin
					if exists (select 1 from inserted where entity in (${entities})) then ${bump}; end if;
					return null;
				end $$`.execute(db)
			await sql`create trigger audit_log_moves_catalog_version after insert on audit_log referencing new table as inserted for each statement execute function move_catalog_version_on_audit()`.execute(
				db,
			)
		},
	}
}
