import fs from 'node:fs/promises'
import path from 'node:path'
import { pingDatabase, type DatabaseHandle } from './db.server'

/**
 * Why the database cannot serve: `unreachable` (PostgreSQL down, refusing, frozen or out of
 * connections; SQLite locked for longer than its busy timeout) or `storage` (no space left, a
 * read-only file or file system, an I/O error): reads may work, writes fail.
 */
export type Unavailability = 'unreachable' | 'storage'

const UNREACHABLE_CODES = new Set([
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'ENOTFOUND',
	'EPIPE',
	'SQLITE_BUSY',
	// PostgreSQL: connection exceptions, the server shutting down or starting, too many connections.
	'08000',
	'08001',
	'08003',
	'08004',
	'08006',
	'57P01',
	'57P02',
	'57P03',
	'53300',
])
// PostgreSQL: disk full, out of memory, a read-only (standby) database.
const STORAGE_CODES = new Set(['SQLITE_FULL', 'SQLITE_READONLY', 'SQLITE_IOERR', 'SQLITE_CANTOPEN', '53100', '53200', '25006'])
// node-postgres reports these without a code.
const UNREACHABLE_MESSAGES = [
	/^timeout exceeded when trying to connect/i,
	/^Connection terminated/i,
	/^Query read timeout/i,
	/^Client has encountered a connection error/i,
]

/** Whether `error` says the database is unavailable (rather than that the request or the code is wrong). */
export function databaseUnavailability(error: unknown): Unavailability | null {
	for (let current = error, depth = 0; current && depth < 4; current = (current as { cause?: unknown }).cause, depth++) {
		const code = (current as { code?: unknown }).code
		if (typeof code === 'string') {
			// SQLite's extended codes (SQLITE_IOERR_WRITE, SQLITE_READONLY_DBMOVED…) share their primary code's prefix.
			const primary = code.startsWith('SQLITE_') ? code.split('_').slice(0, 2).join('_') : code
			if (STORAGE_CODES.has(primary)) return 'storage'
			if (UNREACHABLE_CODES.has(primary)) return 'unreachable'
		}
		const message = (current as { message?: unknown }).message
		if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((pattern) => pattern.test(message))) return 'unreachable'
	}
	return null
}

/** `/readyz` answers within this, whatever the database does, while the event loop keeps up… */
export const READINESS_TIMEOUT_MS = 1_500
/** …and within this while it runs late (a burst of requests): the answer was held back by the process, not the database. */
export const READINESS_BUSY_TIMEOUT_MS = 6_000
/** A timer this much behind its time says the event loop was busy. */
const LATE_TIMER_MS = 50
/** Below this much free space, SQLite's file system counts as full: a write of a few pages may fail. */
export const MIN_FREE_BYTES = 8 * 1024 * 1024

/**
 * Readiness: the database answers a query within READINESS_TIMEOUT_MS (READINESS_BUSY_TIMEOUT_MS while
 * the event loop runs late) and, for SQLite, its file can be written and its file system has room. Null
 * when ready.
 */
export async function checkDatabase(handle: DatabaseHandle): Promise<Unavailability | null> {
	let timer: NodeJS.Timeout | undefined
	const startedAt = performance.now()
	const timedOut = new Promise<Unavailability>((resolve) => {
		const wait = (ms: number) => {
			const dueAt = performance.now() + ms
			timer = setTimeout(() => {
				const now = performance.now()
				// Under a burst the answer may be read only turns after this timer runs late: measured under load
				// (2 cores, 200 clients) the ping took up to 3.3 s with the database idle. Another period, up to the cap.
				const remaining = startedAt + READINESS_BUSY_TIMEOUT_MS - now
				if (now - dueAt > LATE_TIMER_MS && remaining > 0) wait(Math.min(READINESS_TIMEOUT_MS, remaining))
				// When the event loop runs late, the timer and the database's answer come due in the same turn, and
				// timers run before I/O: the answer read in that turn (setImmediate runs after it) still counts.
				else setImmediate(() => resolve('unreachable'))
			}, ms)
		}
		wait(READINESS_TIMEOUT_MS)
	})
	const checked = (async (): Promise<Unavailability | null> => {
		try {
			await pingDatabase(handle)
		} catch (error) {
			return databaseUnavailability(error) ?? 'unreachable'
		}
		if (handle.driver.kind !== 'sqlite') return null
		const file = handle.driver.client.name
		try {
			await fs.access(file, fs.constants.W_OK)
			await fs.access(path.dirname(file), fs.constants.W_OK)
			const space = await fs.statfs(path.dirname(file))
			return space.bavail * space.bsize < MIN_FREE_BYTES ? 'storage' : null
		} catch {
			return 'storage'
		}
	})()
	try {
		return await Promise.race([checked, timedOut])
	} finally {
		clearTimeout(timer)
	}
}
