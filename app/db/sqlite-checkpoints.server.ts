import { Worker } from 'node:worker_threads'
import type SQLite from 'better-sqlite3'
import { logger } from '~/utils/logger.server'
import { SQLITE_DRIVER_PATH } from './sqlite-driver.server'

/**
 * SQLite's write-ahead log is copied back into the database by a checkpoint, which runs in the connection
 * that commits, synchronously, once the log passes 1,000 pages. After an ordinary write that is a few
 * milliseconds; after an import of 100,000 rows it is a copy of 200 MB, and the event loop stood still for
 * 1.6 s. A large write therefore turns the committing connection's checkpoints off, and once it is over a
 * worker thread with its own connection checkpoints the log (PASSIVE: it never waits for, nor blocks, the
 * app's reads and writes) and then ends, so that the thread costs memory only while it works.
 */

const DEFAULT_AUTOCHECKPOINT_PAGES = 1_000
/**
 * The page cache of a large write, in KiB (SQLite's convention for negative sizes): the pages it changes
 * go to the log as the cache fills, rather than filling better-sqlite3's default 16 MB cache first; an
 * import of 100,000 rows peaked at 216 MB RSS with it instead of 248 MB.
 */
const LARGE_WRITE_CACHE_KIB = -2_000
/** After the log is rewound, its file is cut back to this size (it would otherwise keep its largest size). */
export const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024

// Checkpoints until every frame of the log is in the database (a reader may hold some back for a while).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const SQLite = require(workerData.driver)
const db = new SQLite(workerData.file)
let attempts = 0
const run = () => {
	const [result] = db.pragma('wal_checkpoint(PASSIVE)')
	attempts++
	if (result.checkpointed < result.log && attempts < workerData.maxAttempts) return setTimeout(run, workerData.retryMs)
	db.close()
	parentPort.postMessage({ log: result.log, checkpointed: result.checkpointed })
}
run()
`

export interface CheckpointResult {
	/** Frames in the log, and how many of them are now in the database. */
	log: number
	checkpointed: number
}

interface State {
	/** Large writes and background checkpoints under way: the committing connection checkpoints only at 0. */
	holds: number
	done: Set<(result: CheckpointResult | null) => void>
}

const states = new WeakMap<SQLite.Database, State>()

function stateOf(client: SQLite.Database): State {
	let state = states.get(client)
	if (!state) states.set(client, (state = { holds: 0, done: new Set() }))
	return state
}

function hold(client: SQLite.Database) {
	if (stateOf(client).holds++ === 0) client.pragma('wal_autocheckpoint = 0')
}

function release(client: SQLite.Database) {
	const state = stateOf(client)
	if (--state.holds === 0 && client.open) client.pragma(`wal_autocheckpoint = ${DEFAULT_AUTOCHECKPOINT_PAGES}`)
}

/** Follows the background checkpoints of this connection's database (tests wait for them). */
export function onBackgroundCheckpoint(client: SQLite.Database, listener: (result: CheckpointResult | null) => void): () => void {
	const { done } = stateOf(client)
	done.add(listener)
	return () => done.delete(listener)
}

function checkpointInBackground(client: SQLite.Database) {
	const state = stateOf(client)
	hold(client)
	const finish = (result: CheckpointResult | null) => {
		release(client)
		for (const listener of state.done) listener(result)
	}
	let result: CheckpointResult | null = null
	try {
		const worker = new Worker(WORKER_SOURCE, {
			eval: true,
			workerData: { file: client.name, driver: SQLITE_DRIVER_PATH, retryMs: 100, maxAttempts: 600 },
		})
		// A script that ends meanwhile (the CLI, a test) is not kept alive by it: SQLite checkpoints on its next start.
		worker.unref()
		worker.on('message', (message: CheckpointResult) => (result = message))
		worker.on('error', (error) => logger.error('db.checkpoint_failed', { error: error.message }))
		worker.on('exit', () => finish(result))
	} catch (error) {
		logger.error('db.checkpoint_failed', { error: error instanceof Error ? error.message : String(error) })
		finish(null)
	}
}

/**
 * Runs `write` (a transaction that may write much) with a small page cache and the committing connection's
 * checkpoints off, then has a worker thread checkpoint the log it left.
 */
export async function largeWrite<T>(client: SQLite.Database, write: () => Promise<T>): Promise<T> {
	hold(client)
	const cacheSize = client.pragma('cache_size', { simple: true }) as number
	client.pragma(`cache_size = ${LARGE_WRITE_CACHE_KIB}`)
	try {
		return await write()
	} finally {
		if (client.open) client.pragma(`cache_size = ${cacheSize}`)
		checkpointInBackground(client)
		release(client)
	}
}
