import { afterAll } from 'vitest'
import { resetSingleton } from '~/utils/singleton.server'
import { createTestDatabase } from '../support/database'

/**
 * Each integration test file gets its own empty database (SQLite or PostgreSQL, from TEST_DATABASE),
 * migrated, and shared by the code under test in this process and by any server the file starts.
 */
const database = await createTestDatabase()
process.env.DATA_DIR = database.dataDir
process.env.DATABASE_URL = database.url
process.env.SESSION_SECRET = 'integration-test-secret-0123456789abcdef'
process.env.LOG_LEVEL = 'silent'
process.env.TEST_DATABASE_DIR = database.dataDir
for (const name of ['config', 'database', 'session-cookie', 'sign-in-limiters']) resetSingleton(name)

const { getDatabase, migrateToLatest } = await import('~/db/db.server')
const { ensureBuiltins } = await import('~/permissions/builtins.server')
await migrateToLatest()
await ensureBuiltins()

afterAll(async () => {
	await getDatabase().close()
	for (const name of ['config', 'database', 'session-cookie', 'sign-in-limiters']) resetSingleton(name)
	await database.drop()
})
