import { sql, type ColumnDefinitionBuilder, type CreateTableBuilder, type Kysely } from 'kysely'

export type Dialect = 'sqlite' | 'postgres'

/** An auto-incrementing integer primary key named `id`, spelled the way each dialect wants it. */
export function idColumn<T extends string>(table: CreateTableBuilder<T, never>, dialect: Dialect) {
	return dialect === 'sqlite'
		? table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
		: table.addColumn('id', 'serial', (c) => c.primaryKey())
}

/** What a catalog's migration gives `createCatalogTable`: its own columns, and those its list sorts by. */
export interface CatalogTableSpec {
	/** Adds the catalog's own columns (between the name and who wrote it); `bytewise` for text it sorts or filters on. */
	columns: (
		table: CreateTableBuilder<string, never>,
		bytewise: (column: ColumnDefinitionBuilder) => ColumnDefinitionBuilder,
	) => CreateTableBuilder<string, never>
	/** The list's sort columns besides the code (unique) and the name (`name_key`, always indexed): each gets an index with the id. */
	sortColumns: readonly string[]
}

/**
 * A catalog's table, as every catalog has it (decision 0070): id, code (unique), name, `name_key` and
 * `search_text` (byte order on PostgreSQL, as SQLite compares: the same list order on both), the catalog's own
 * columns, who created and updated it and when, the version; an index per sort column with the id; the search
 * index; and the triggers that move the catalog version on every write (searched pages are kept while it
 * stands still, decision 0029). For a new catalog's migration; the existing tables' migrations stay as written.
 */
export async function createCatalogTable<Schema>(db: Kysely<Schema>, dialect: Dialect, table: string, spec: CatalogTableSpec) {
	const postgres = dialect === 'postgres'
	const bytewise = (column: ColumnDefinitionBuilder) => (postgres ? column.modifyEnd(sql`collate "C"`) : column)
	const common = idColumn(db.schema.createTable(table), dialect)
		.addColumn('code', 'varchar(20)', (c) => bytewise(c.notNull().unique()))
		.addColumn('name', 'varchar(100)', (c) => c.notNull())
		.addColumn('name_key', 'varchar(200)', (c) => bytewise(c.notNull()))
		.addColumn('search_text', 'varchar(500)', (c) => bytewise(c.notNull()))
	await recordKeepingColumns(spec.columns(common, bytewise)).execute()
	for (const column of ['name_key', ...spec.sortColumns])
		await db.schema.createIndex(`${table}_${column}_sort`).on(table).columns([column, 'id']).execute()
	if (postgres) {
		await sql`create trigger ${sql.id(`${table}_moves_catalog_version`)} after insert or update or delete or truncate on ${sql.table(table)} for each statement execute function move_catalog_version()`.execute(
			db,
		)
	} else {
		for (const event of ['insert', 'update', 'delete']) {
			await sql`create trigger ${sql.id(`${table}_${event}_moves_catalog_version`)} after ${sql.raw(event)} on ${sql.table(table)} begin update catalog_version set version = version + 1 where id = 1; end`.execute(
				db,
			)
		}
	}
	await searchIndex(db, dialect, table)
}

/**
 * Who created a catalog row and who last updated it, when, and its version (optimistic locking): every catalog
 * table's last columns. Migration 0003 wrote the stations and tools with them: tests/integration/migration-schema.test.ts
 * holds what it wrote, so a change here that would rewrite that history fails there.
 */
export function recordKeepingColumns<T extends string, C extends string>(table: CreateTableBuilder<T, C>) {
	return table
		.addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
		.addColumn('created_at', 'bigint', (c) => c.notNull())
		.addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
		.addColumn('updated_at', 'bigint', (c) => c.notNull())
		.addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
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
