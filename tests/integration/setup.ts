import type * as Argon2 from '@node-rs/argon2'
import { afterAll, vi } from 'vitest'
import { resetSingletons } from '~/utils/singleton.server'
import { createTestDatabase } from '../support/database'

/**
 * Each integration test file gets its own empty database (SQLite or PostgreSQL, from TEST_DATABASE),
 * migrated, and shared by the code under test in this process and by any server the file starts.
 *
 * Files run one after another in a reused worker process (vitest.config.ts: the app's modules are loaded
 * once per worker, not once per file), so each starts as the first would: the environment the worker
 * started with, real timers, and no instance of the app's singletons (database, config, caches).
 */
const globals = globalThis as { __integrationWorkerEnv?: NodeJS.ProcessEnv }
const workerEnv = (globals.__integrationWorkerEnv ??= { ...process.env })
for (const name of Object.keys(process.env)) if (!(name in workerEnv) && !name.startsWith('VITEST')) delete process.env[name]
for (const [name, value] of Object.entries(workerEnv)) if (!name.startsWith('VITEST')) process.env[name] = value
vi.useRealTimers()
resetSingletons()

/**
 * The accounts a test makes here (tests/support/users.ts) get Argon2id hashes of the lowest cost: a check reads
 * its cost from the hash, so the server checks their sign-ins in a millisecond instead of 30 ms or more of CPU,
 * hundreds of times a run. Only this process: the servers the tests start hash what they store (password
 * changes, resets, accounts made through the pages or the command line, the first administrator) at the
 * production cost, which app/auth/password.test.ts pins. Nothing in the app can lower it (decision 0076).
 */
vi.mock('@node-rs/argon2', async (importOriginal) => {
	const argon2 = await importOriginal<typeof Argon2>()
	const cheapest = { memoryCost: 8, timeCost: 1, parallelism: 1 }
	const hash: typeof argon2.hash = (password, options, abortSignal) => argon2.hash(password, { ...options, ...cheapest }, abortSignal)
	return { ...argon2, hash }
})

const database = await createTestDatabase()
process.env.DATA_DIR = database.dataDir
process.env.DATABASE_URL = database.url
process.env.SESSION_SECRET = 'integration-test-secret-0123456789abcdef'
process.env.LOG_LEVEL = 'silent'
// Every server a file starts is a single process, unless the test is about the cluster (cluster.test.ts).
process.env.WEB_CONCURRENCY = '1'
process.env.TEST_DATABASE_DIR = database.dataDir

const { getDatabase, migrateToLatest } = await import('~/db/db.server')
const { ensureBuiltins } = await import('~/permissions/builtins.server')
await migrateToLatest()
await ensureBuiltins()

afterAll(async () => {
	await getDatabase().close()
	resetSingletons()
	await database.drop()
})
