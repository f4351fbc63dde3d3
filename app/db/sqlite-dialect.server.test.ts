import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Worker } from 'node:worker_threads'
import { Kysely, SqliteDialect, type Dialect, type Generated } from 'kysely'
import { afterEach, describe, expect, test } from 'vitest'
import { immediateSqliteDialect } from './sqlite-dialect.server'
import SQLite, { SQLITE_DRIVER_PATH } from './sqlite-driver.server'

interface Table {
	id: Generated<number>
	writer: string
}

const files: string[] = []
afterEach(() => {
	for (const dir of files.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A WAL database in a folder of its own, with one table, opened as the app opens it (busy timeout 5 s). */
function database(dialectOf: (client: InstanceType<typeof SQLite>) => Dialect) {
	const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-sqlite-begin-'))
	files.push(dir)
	const file = path.join(dir, 'test.sqlite')
	const client = new SQLite(file)
	client.pragma('journal_mode = WAL')
	client.pragma('busy_timeout = 5000')
	client.exec('create table entries (id integer primary key, writer text not null)')
	return { file, db: new Kysely<{ entries: Table }>({ dialect: dialectOf(client) }) }
}

/**
 * Another process's write, as the CLI's would be: a connection of its own (in a worker thread, so that
 * its wait does not stop this thread) that waits at most `waitMs` for the write lock. Its outcome.
 */
function writeFromElsewhere(file: string, waitMs: number): Promise<'written' | 'busy'> {
	const worker = new Worker(
		`const { workerData, parentPort } = require('node:worker_threads')
		const SQLite = require(workerData.driver)
		const client = new SQLite(workerData.file)
		client.pragma('busy_timeout = ' + workerData.waitMs)
		try {
			client.prepare("insert into entries (writer) values ('elsewhere')").run()
			parentPort.postMessage('written')
		} catch (error) {
			parentPort.postMessage(error.code === 'SQLITE_BUSY' ? 'busy' : String(error))
		} finally {
			client.close()
		}`,
		{ eval: true, workerData: { driver: SQLITE_DRIVER_PATH, file, waitMs } },
	)
	return new Promise((resolve, reject) => {
		worker.once('message', resolve)
		worker.once('error', reject)
	})
}

/** A transaction that reads, lets another process write meanwhile, then writes: the check-then-change shape. */
async function readThenWrite(db: Kysely<{ entries: Table }>, file: string) {
	let elsewhere: 'written' | 'busy' | undefined
	await db.transaction().execute(async (trx) => {
		await trx.selectFrom('entries').selectAll().execute()
		elsewhere = await writeFromElsewhere(file, 200)
		await trx.insertInto('entries').values({ writer: 'here' }).execute()
	})
	return elsewhere
}

describe('transactions on SQLite', () => {
	test('take the write lock when they begin: a write from another process waits for them, and theirs is not refused', async () => {
		const { file, db } = database((client) => immediateSqliteDialect({ database: client }))
		expect(await readThenWrite(db, file)).toBe('busy')
		expect(await db.selectFrom('entries').select('writer').execute()).toEqual([{ writer: 'here' }])
		expect(await writeFromElsewhere(file, 200)).toBe('written')
		await db.destroy()
	})

	test('with a plain BEGIN, the same transaction is refused at once when another process wrote after its read', async () => {
		const { file, db } = database((client) => new SqliteDialect({ database: client }))
		await expect(readThenWrite(db, file)).rejects.toMatchObject({ code: expect.stringMatching(/^SQLITE_BUSY/) })
		expect(await db.selectFrom('entries').select('writer').execute()).toEqual([{ writer: 'elsewhere' }])
		await db.destroy()
	})
})
