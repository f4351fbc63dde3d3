import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, expect, test } from 'vitest'
import { until } from '../../tests/support/wait'
import { openDatabase, type DatabaseHandle } from './db.server'
import { largeWrite, onBackgroundCheckpoint, type CheckpointResult } from './sqlite-checkpoints.server'

let handle: DatabaseHandle | null = null
let dataDir = ''
afterEach(async () => {
	await handle?.close()
	handle = null
	fs.rmSync(dataDir, { recursive: true, force: true })
})

function sqliteClient() {
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-checkpoints-'))
	handle = openDatabase({ dialect: 'sqlite', file: path.join(dataDir, 'portal.db') })
	if (handle.driver.kind !== 'sqlite') throw new Error('expected SQLite')
	const { client } = handle.driver
	client.exec('create table pages (id integer primary key, body text not null)')
	const insert = client.prepare('insert into pages (body) values (?)')
	// About `count` pages of 4 KB in one transaction.
	const writePages = (count: number) =>
		client.transaction(() => {
			for (let row = 0; row < count; row++) insert.run(`${row}`.padEnd(4_000, 'x'))
		})()
	const pagesInLog = () => (client.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[])[0]!.log
	return { client, writePages, pagesInLog }
}

test('an ordinary commit past 1,000 pages checkpoints in the connection that commits', () => {
	const { client, writePages, pagesInLog } = sqliteClient()
	expect(client.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000)
	writePages(1_500)
	// The commit copied the log into the database and the next write rewound it: only that write is in it.
	writePages(1)
	expect(pagesInLog()).toBeLessThan(10)
})

test('a large write leaves its log to a worker thread, which copies all of it into the database', async () => {
	const { client, writePages } = sqliteClient()
	const checkpoints: Array<CheckpointResult | null> = []
	onBackgroundCheckpoint(client, (result) => checkpoints.push(result))
	const cacheSize = client.pragma('cache_size', { simple: true })
	const during = await largeWrite(client, async () => {
		writePages(3_000)
		return {
			autocheckpoint: client.pragma('wal_autocheckpoint', { simple: true }),
			cacheSize: client.pragma('cache_size', { simple: true }),
		}
	})
	// A small page cache while it writes, the usual one afterwards.
	expect(during).toEqual({ autocheckpoint: 0, cacheSize: -2_000 })
	expect(client.pragma('cache_size', { simple: true })).toBe(cacheSize)
	// Until the worker is done, the app's connection does not checkpoint either.
	expect(client.pragma('wal_autocheckpoint', { simple: true })).toBe(0)
	await until(() => checkpoints.length > 0, "the worker's checkpoint", { intervalMs: 20 })
	expect(checkpoints).toHaveLength(1)
	expect(checkpoints[0]!.log).toBeGreaterThanOrEqual(3_000)
	expect(checkpoints[0]!.checkpointed).toBe(checkpoints[0]!.log)
	expect(client.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000)
	expect(client.prepare('select count(*) as n from pages').get()).toEqual({ n: 3_000 })
})

test('a large write that fails still hands its log over and turns checkpoints back on', async () => {
	const { client } = sqliteClient()
	const checkpoints: Array<CheckpointResult | null> = []
	onBackgroundCheckpoint(client, (result) => checkpoints.push(result))
	await expect(largeWrite(client, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused')
	await until(() => checkpoints.length > 0, "the worker's checkpoint", { intervalMs: 20 })
	expect(checkpoints).toHaveLength(1)
	expect(client.pragma('wal_autocheckpoint', { simple: true })).toBe(1_000)
})
