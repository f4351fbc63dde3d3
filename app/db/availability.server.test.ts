import { describe, expect, test } from 'vitest'
import { checkDatabase, databaseUnavailability, READINESS_TIMEOUT_MS } from './availability.server'
import { type DatabaseHandle } from './db.server'

const withCode = (code: string, message = 'failed') => Object.assign(new Error(message), { code })

describe('databaseUnavailability', () => {
	test.each([
		[withCode('ECONNREFUSED'), 'unreachable'],
		[withCode('57P01', 'terminating connection due to administrator command'), 'unreachable'],
		[withCode('53300', 'sorry, too many clients already'), 'unreachable'],
		[new Error('timeout exceeded when trying to connect'), 'unreachable'],
		[new Error('Connection terminated unexpectedly'), 'unreachable'],
		[new Error('Query read timeout'), 'unreachable'],
		[withCode('SQLITE_BUSY'), 'unreachable'],
		[withCode('SQLITE_FULL', 'database or disk is full'), 'storage'],
		[withCode('SQLITE_IOERR_WRITE'), 'storage'],
		[withCode('SQLITE_READONLY_DBMOVED'), 'storage'],
		[withCode('53100', 'could not extend file: No space left on device'), 'storage'],
		[withCode('25006', 'cannot execute INSERT in a read-only transaction'), 'storage'],
		[new Error('wrapped', { cause: withCode('ECONNRESET') }), 'unreachable'],
	])('%s is %s', (error, expected) => {
		expect(databaseUnavailability(error)).toBe(expected)
	})

	test.each([
		[withCode('23505', 'duplicate key value violates unique constraint')],
		[withCode('SQLITE_CONSTRAINT_UNIQUE')],
		[withCode('42P01', 'relation "x" does not exist')],
		[new TypeError("Cannot read properties of undefined (reading 'id')")],
		['a string'],
		[null],
	])('a fault of the request or the code (%s) is not an outage', (error) => {
		expect(databaseUnavailability(error)).toBeNull()
	})
})

/** A PostgreSQL handle whose readiness ping answers with `answer`. */
function postgresAnswering(answer: () => Promise<unknown>): DatabaseHandle {
	return { dialect: 'postgres', driver: { kind: 'postgres', probe: { query: answer } } } as unknown as DatabaseHandle
}

function blockEventLoop(ms: number) {
	const until = performance.now() + ms
	while (performance.now() < until);
}

describe('checkDatabase', () => {
	test('a database that does not answer is unreachable after READINESS_TIMEOUT_MS', async () => {
		const startedAt = performance.now()
		expect(await checkDatabase(postgresAnswering(() => new Promise(() => undefined)))).toBe('unreachable')
		expect(performance.now() - startedAt).toBeGreaterThanOrEqual(READINESS_TIMEOUT_MS - 1)
	})

	test('an answer held back by a busy event loop, read after the timeout came due, still counts', async () => {
		// The answer comes 300 ms after the timeout; the loop is blocked until 200 ms past it, so the timer runs late.
		const check = checkDatabase(postgresAnswering(() => new Promise((resolve) => setTimeout(resolve, READINESS_TIMEOUT_MS + 300))))
		blockEventLoop(READINESS_TIMEOUT_MS + 200)
		expect(await check).toBeNull()
	})
})
