import fs from 'node:fs'
import path from 'node:path'
import SQLite from './sqlite-driver.server'
import { Kysely, Migrator, PostgresDialect, SqliteAdapter, sql, type LogEvent, type MigrationProvider } from 'kysely'
import pg from 'pg'
import { getConfig, type Config } from '~/config.server'
import { logger } from '~/utils/logger.server'
import { WAL_SIZE_LIMIT_BYTES } from './sqlite-checkpoints.server'
import { immediateSqliteDialect } from './sqlite-dialect.server'
import { withStatementCache } from './statement-cache.server'
import { singleton } from '~/utils/singleton.server'
import { migrations } from './migrations'
import type { Dialect } from './migrations/helpers'
import type { Database } from './schema'

export type DB = Kysely<Database>

export interface DatabaseHandle {
	db: DB
	dialect: Dialect
	/** The driver underneath, for libraries that need it (the throttling store). */
	driver:
		| { kind: 'sqlite'; client: InstanceType<typeof SQLite> }
		/** `probe`: one connection of its own for readiness checks (see pingDatabase). */
		| { kind: 'postgres'; pool: pg.Pool; probe: pg.Pool }
	close(): Promise<void>
}

const queryListeners = new Set<(sql: string) => void>()

/** Calls `listener` with the SQL of every query until the returned function is called (tests count queries). */
export function onQuery(listener: (sql: string) => void): () => void {
	queryListeners.add(listener)
	return () => queryListeners.delete(listener)
}

function notifyQueryListeners(event: LogEvent) {
	if (queryListeners.size === 0) return
	for (const listener of queryListeners) listener(event.query.sql)
}

/** The settings of the portal's PostgreSQL sessions, sent when each connection starts. */
export const PORTAL_SESSION_OPTIONS = '-c max_parallel_workers_per_gather=0'

// PostgreSQL returns bigint columns as strings; our bigints are epoch milliseconds, safe as numbers.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value))

/**
 * SQLite's page cache, in KiB (negative: SQLite's convention), instead of better-sqlite3's 16 MB: pages
 * not in it are read from the operating system's file cache, which the list queries at 1,000,000 tools
 * showed to cost nothing measurable (a scan of 434,000 index entries 45–48 ms either way), while a full
 * 16 MB cache was a tenth of the server's memory.
 */
const READ_CACHE_KIB = -4_000

export function openDatabase(database: Config['database']): DatabaseHandle {
	if (database.dialect === 'sqlite') {
		fs.mkdirSync(path.dirname(database.file), { recursive: true })
		const client = new SQLite(database.file)
		client.pragma('journal_mode = WAL')
		client.pragma('busy_timeout = 5000')
		client.pragma('foreign_keys = ON')
		client.pragma('synchronous = NORMAL')
		client.pragma(`journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`)
		client.pragma(`cache_size = ${READ_CACHE_KIB}`)
		const db = new Kysely<Database>({
			dialect: immediateSqliteDialect({ database: withStatementCache(client) }),
			log: notifyQueryListeners,
		})
		return {
			db,
			dialect: 'sqlite',
			driver: { kind: 'sqlite', client },
			close: once(async () => {
				await db.destroy()
				// Kysely closes the client only if it ever used it.
				if (client.open) client.close()
			}),
		}
	}
	const { connectMs, statementMs, idleInTransactionMs } = database.timeouts
	const pool = new pg.Pool({
		connectionString: database.url,
		max: 10,
		// Also the longest wait for a free connection: with the database unreachable, requests fail (503) instead of queueing.
		connectionTimeoutMillis: connectMs,
		statement_timeout: statementMs,
		idle_in_transaction_session_timeout: idleInTransactionMs,
		// A frozen server enforces no statement timeout: the client gives up a little after it.
		query_timeout: statementMs + connectMs,
		keepAlive: true,
		// Every query of the portal reads a bounded page or batch: parallel workers cost more to start than
		// they save, and take cores from the other requests (decision 0077). An `options` parameter in
		// DATABASE_URL replaces this one.
		options: PORTAL_SESSION_OPTIONS,
	})
	pool.on('error', (error) => logger.error('db.pool_error', { error: error.message }))
	// A connection lost while checked out (the server restarted mid-query) emits 'error' on its client, which
	// the pool listens to only while the client is idle: unheard, it would end the process. The query that
	// used it fails with the error itself, and the pool drops the client when it comes back.
	pool.on('connect', (client) => client.on('error', () => undefined))
	const probe = new pg.Pool({
		connectionString: database.url,
		max: 1,
		// Kept open: a probe every 10 s (an orchestrator's default) would otherwise connect afresh each time,
		// a handshake of several round trips that a burst of requests delays past the readiness timeout.
		idleTimeoutMillis: 0,
		connectionTimeoutMillis: connectMs,
		query_timeout: connectMs,
		keepAlive: true,
	})
	probe.on('error', () => undefined)
	probe.on('connect', (client) => client.on('error', () => undefined))
	const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log: notifyQueryListeners })
	return {
		db,
		dialect: 'postgres',
		driver: { kind: 'postgres', pool, probe },
		close: once(async () => {
			await db.destroy()
			await probe.end()
		}),
	}
}

/** `close` may be called more than once (a command that closes early, then the command line's own close). */
function once(close: () => Promise<void>): () => Promise<void> {
	let closing: Promise<void> | null = null
	return () => (closing ??= close())
}

/** The process-wide database, opened on first use from the configuration. */
export function getDatabase(): DatabaseHandle {
	return singleton('database', () => openDatabase(getConfig().database))
}

export function getDb(): DB {
	return getDatabase().db
}

export async function migrateToLatest(handle: DatabaseHandle = getDatabase()) {
	if (handle.dialect === 'sqlite') return migrate(handle.db, handle.dialect)
	// Building an index over millions of rows may take longer than PG_STATEMENT_TIMEOUT_MS allows a request.
	return handle.db.connection().execute(async (connection) => {
		await sql`set statement_timeout = 0`.execute(connection)
		try {
			return await migrate(connection, handle.dialect)
		} finally {
			await sql`reset statement_timeout`.execute(connection)
		}
	})
}

async function migrate(db: DB, dialect: Dialect) {
	const provider: MigrationProvider = { getMigrations: async () => migrations(dialect) }
	const migrator = new Migrator({ db, provider })
	const { error, results } = await migrator.migrateToLatest()
	for (const result of results ?? []) {
		if (result.status === 'Success') logger.info('db.migrated', { migration: result.migrationName })
		else if (result.status === 'Error') logger.error('db.migration_failed', { migration: result.migrationName })
	}
	if (error) throw error instanceof Error ? error : new Error(String(error))
	return results ?? []
}

/**
 * Readiness: the database answers a trivial query. On PostgreSQL through a connection of its own: under a
 * burst the pool's queue can hold a request for seconds, which says the instance is busy (load shedding
 * answers for that), not that the database is unreachable.
 */
export async function pingDatabase(handle: DatabaseHandle = getDatabase()) {
	if (handle.driver.kind === 'postgres') await handle.driver.probe.query('select 1')
	else await sql`select 1`.execute(handle.db)
}

/** Whether `db` (a handle, a connection or a transaction) talks to SQLite. */
export function isSqlite(db: DB): boolean {
	return db.getExecutor().adapter instanceof SqliteAdapter
}

/** Runs `work` in a transaction: all of it is written, or none. */
export function transaction<T>(work: (trx: DB) => Promise<T>, db: DB = getDb()): Promise<T> {
	return db.transaction().execute(work)
}
