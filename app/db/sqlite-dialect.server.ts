import { CompiledQuery, SqliteDialect, SqliteDriver, type DatabaseConnection, type Dialect, type SqliteDialectConfig } from 'kysely'

/**
 * Kysely's SQLite driver starts a transaction with a plain (deferred) `BEGIN`: it takes the write lock
 * only at its first write. A transaction that reads and then writes (most of them: check, then change)
 * cannot take it if another process (the CLI, a second server, a test's fixtures) has written since its
 * read: SQLite answers SQLITE_BUSY at once, without waiting the busy timeout, and the request fails.
 * `BEGIN IMMEDIATE` takes the write lock first, waiting for it as any write does: writers go one after
 * the other. Readers outside a transaction are not held up (WAL).
 */
class ImmediateSqliteDriver extends SqliteDriver {
	override async beginTransaction(connection: DatabaseConnection): Promise<void> {
		await connection.executeQuery(CompiledQuery.raw('begin immediate'))
	}
}

/** Kysely's SQLite dialect, its transactions begun with `BEGIN IMMEDIATE`. */
export function immediateSqliteDialect(config: SqliteDialectConfig): Dialect {
	const dialect = new SqliteDialect(config)
	return {
		createAdapter: () => dialect.createAdapter(),
		createDriver: () => new ImmediateSqliteDriver(config),
		createIntrospector: (db) => dialect.createIntrospector(db),
		createQueryCompiler: () => dialect.createQueryCompiler(),
	}
}
