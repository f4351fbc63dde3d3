import { sql, type CreateTableBuilder, type Kysely } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

/** An auto-incrementing integer primary key named `id`, spelled the way each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
	return dialect === 'sqlite'
		? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
		: table.addColumn('id', 'serial', (c) => c.primaryKey())
}

/**
 * The substring index of a table's `search_text` (accent- and case-free text written by the application):
 * an FTS5 trigram table kept in step by triggers on SQLite, a pg_trgm GIN index on PostgreSQL (skipped, with
 * a plain scan as the fallback, when the extension cannot be created). app/lists/list.server.ts searches it.
 */
export async function searchIndex<Schema>(db: Kysely<Schema>, dialect: Dialect, table: string) {
	if (dialect === 'postgres') {
		if (await ensurePgTrgm(db)) {
			await sql`create index ${sql.id(`${table}_search_trgm`)} on ${sql.table(table)} using gin (search_text gin_trgm_ops)`.execute(db)
		}
		return
	}
	const fts = `${table}_fts`
	await sql`create virtual table ${sql.table(fts)} using fts5(search_text, content=${sql.lit(table)}, content_rowid='id', tokenize='trigram')`.execute(
		db,
	)
	await sql`create trigger ${sql.id(`${table}_fts_insert`)} after insert on ${sql.table(table)} begin
		insert into ${sql.table(fts)}(rowid, search_text) values (new.id, new.search_text);
	end`.execute(db)
	await sql`create trigger ${sql.id(`${table}_fts_delete`)} after delete on ${sql.table(table)} begin
		insert into ${sql.table(fts)}(${sql.table(fts)}, rowid, search_text) values ('delete', old.id, old.search_text);
	end`.execute(db)
	await sql`create trigger ${sql.id(`${table}_fts_update`)} after update of search_text on ${sql.table(table)} begin
		insert into ${sql.table(fts)}(${sql.table(fts)}, rowid, search_text) values ('delete', old.id, old.search_text);
		insert into ${sql.table(fts)}(rowid, search_text) values (new.id, new.search_text);
	end`.execute(db)
}

/**
 * Creates pg_trgm when it is installed and we may (a trusted extension: the database owner may).
 * A failure is contained in a savepoint, so the migration goes on without the trigram index.
 */
async function ensurePgTrgm<Schema>(db: Kysely<Schema>): Promise<boolean> {
	const installed = await sql<{ ok: number }>`select 1 as ok from pg_extension where extname = 'pg_trgm'`.execute(db)
	if (installed.rows.length > 0) return true
	const available = await sql<{ ok: number }>`select 1 as ok from pg_available_extensions where name = 'pg_trgm'`.execute(db)
	if (available.rows.length === 0) return false
	await sql`savepoint create_pg_trgm`.execute(db)
	try {
		await sql`create extension if not exists pg_trgm`.execute(db)
		await sql`release savepoint create_pg_trgm`.execute(db)
		return true
	} catch {
		await sql`rollback to savepoint create_pg_trgm`.execute(db)
		return false
	}
}
