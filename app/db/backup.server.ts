import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import SQLite from './sqlite-driver.server'
import { sql } from 'kysely'
import type { Config } from '~/config.server'
import type { DatabaseHandle } from './db.server'

/**
 * Backups of either database, consistent while the portal serves writes.
 *
 * SQLite: the online backup API, from the open connection: the copy is one consistent state of the
 * database; writes made through that same connection meanwhile are carried into it. The copy is
 * written beside the target and renamed into place when complete, so a backup file is never half a
 * database. PostgreSQL: `pg_dump` (custom format, one snapshot) and `pg_restore`, with the connection's
 * password in the environment rather than on the command line.
 */

export class BackupError extends Error {}

/** The file name extension of a backup of each database. */
export const BACKUP_EXTENSION = { sqlite: '.sqlite', postgres: '.dump' } as const

/** `pagesPerStep` for a copy in one step (the largest step better-sqlite3 takes). */
export const ALL_PAGES = 0x7fffffff

/** Copies the database to `file` (which must not exist). `pagesPerStep` bounds how long one step holds the event loop. */
export async function backupDatabase(handle: DatabaseHandle, file: string, { pagesPerStep = 1_000 } = {}): Promise<void> {
	if (fs.existsSync(file)) throw new BackupError(`${file} already exists: choose a new file name`)
	fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true })
	const partial = `${file}.partial`
	fs.rmSync(partial, { force: true })
	try {
		if (handle.driver.kind === 'sqlite') {
			await handle.driver.client.backup(partial, { progress: () => pagesPerStep })
		} else {
			await runTool('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${partial}`], await connectionEnv(handle))
		}
		fs.renameSync(partial, file)
	} catch (error) {
		fs.rmSync(partial, { force: true })
		throw error
	}
}

/** Whether the database holds anything of the portal's (its users table has rows). */
async function holdsData(handle: DatabaseHandle): Promise<boolean> {
	try {
		const row = await handle.db
			.selectFrom('users')
			.select((eb) => eb.fn.countAll<number | string>().as('n'))
			.executeTakeFirst()
		return Number(row?.n ?? 0) > 0
	} catch {
		// No users table: a new, empty database.
		return false
	}
}

/**
 * Replaces the configured database with a backup. Refuses to overwrite a database that holds data
 * unless `force` (stop the portal first: a running server keeps the old database open).
 */
export async function restoreDatabase(
	config: Config['database'],
	handle: DatabaseHandle,
	file: string,
	{ force = false } = {},
): Promise<void> {
	if (!fs.existsSync(file)) throw new BackupError(`${file} does not exist`)
	if (!force && (await holdsData(handle))) {
		throw new BackupError('the database already holds data: stop the portal and add --force to replace it with the backup')
	}
	if (config.dialect === 'sqlite') {
		const problems = sqliteIntegrity(file)
		if (problems.length > 0) throw new BackupError(`${file} is not a sound SQLite database: ${problems.join('; ')}`)
		await handle.close()
		const partial = `${config.file}.restoring`
		fs.copyFileSync(file, partial)
		// A write-ahead log left from the old database would be replayed into the restored one.
		for (const leftover of [`${config.file}-wal`, `${config.file}-shm`]) fs.rmSync(leftover, { force: true })
		fs.renameSync(partial, config.file)
		return
	}
	const env = await connectionEnv(handle)
	await handle.close()
	await runTool(
		'pg_restore',
		[
			'--clean',
			'--if-exists',
			'--no-owner',
			'--no-privileges',
			'--single-transaction',
			'--exit-on-error',
			`--dbname=${env.PGDATABASE}`,
			file,
		],
		env,
	)
}

function sqliteIntegrity(file: string): string[] {
	let client: InstanceType<typeof SQLite>
	try {
		client = new SQLite(file, { readonly: true, fileMustExist: true })
	} catch (error) {
		return [error instanceof Error ? error.message : String(error)]
	}
	try {
		const rows = client.pragma('integrity_check') as { integrity_check: string }[]
		const problems = rows.map((row) => row.integrity_check).filter((result) => result !== 'ok')
		const orphans = client.pragma('foreign_key_check') as unknown[]
		if (orphans.length > 0) problems.push(`${orphans.length} rows refer to rows that do not exist`)
		return problems
	} catch (error) {
		return [error instanceof Error ? error.message : String(error)]
	} finally {
		client.close()
	}
}

export interface Verification {
	ok: boolean
	problems: string[]
	/** Rows per table, by table name. */
	rows: Record<string, number>
}

/** An integrity check (SQLite: integrity and foreign keys; PostgreSQL: every table readable) and the row counts. */
export async function verifyDatabase(handle: DatabaseHandle): Promise<Verification> {
	const problems = handle.driver.kind === 'sqlite' ? sqliteIntegrity(handle.driver.client.name) : []
	const tables =
		handle.dialect === 'sqlite'
			? await sql<{
					name: string
				}>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and sql not like 'create virtual table%' and name not like '%_fts_%' order by name`.execute(
					handle.db,
				)
			: await sql<{
					name: string
				}>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(
					handle.db,
				)
	const rows: Record<string, number> = {}
	for (const { name } of tables.rows) {
		if (name.startsWith('kysely_')) continue
		try {
			const result = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(name)}`.execute(handle.db)
			rows[name] = Number(result.rows[0]?.n ?? 0)
		} catch (error) {
			problems.push(`${name}: ${error instanceof Error ? error.message : String(error)}`)
		}
	}
	return { ok: problems.length === 0, problems, rows }
}

/** libpq's environment for the pool's connection string: no password on a command line. */
async function connectionEnv(handle: DatabaseHandle): Promise<NodeJS.ProcessEnv> {
	if (handle.driver.kind !== 'postgres') throw new Error('not a PostgreSQL database')
	const options = handle.driver.pool.options as { connectionString?: string }
	const url = new URL(options.connectionString ?? '')
	const env: NodeJS.ProcessEnv = {
		...process.env,
		PGHOST: url.hostname,
		PGPORT: url.port || '5432',
		PGDATABASE: decodeURIComponent(url.pathname.slice(1)),
	}
	if (url.username) env.PGUSER = decodeURIComponent(url.username)
	if (url.password) env.PGPASSWORD = decodeURIComponent(url.password)
	const sslmode = url.searchParams.get('sslmode')
	if (sslmode) env.PGSSLMODE = sslmode
	return env
}

/** Runs a PostgreSQL client tool; its error output becomes the error's message. */
function runTool(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { env, stdio: ['ignore', 'ignore', 'pipe'] })
		let stderr = ''
		child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')))
		child.on('error', (error: NodeJS.ErrnoException) =>
			reject(
				error.code === 'ENOENT'
					? new BackupError(
							`${command} was not found: install the PostgreSQL client tools (Debian: postgresql-client) of the server's version or later`,
						)
					: error,
			),
		)
		child.on('close', (code) => (code === 0 ? resolve() : reject(new BackupError(`${command} exited with ${code}: ${stderr.trim()}`))))
	})
}
