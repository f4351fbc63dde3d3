import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'

export type TestDatabaseKind = 'sqlite' | 'postgres'

export function testDatabaseKind(): TestDatabaseKind {
	const kind = process.env.TEST_DATABASE ?? 'sqlite'
	if (kind !== 'sqlite' && kind !== 'postgres') throw new Error(`TEST_DATABASE must be sqlite or postgres, not ${kind}`)
	return kind
}

export interface TestDatabase {
	kind: TestDatabaseKind
	dataDir: string
	url: string
	drop(): Promise<void>
}

/** A fresh, empty database of the kind TEST_DATABASE names, with its own data folder. */
export async function createTestDatabase(kind: TestDatabaseKind = testDatabaseKind()): Promise<TestDatabase> {
	const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-test-'))
	if (kind === 'sqlite') {
		return {
			kind,
			dataDir,
			url: `file:${path.join(dataDir, 'portal.db')}`,
			drop: async () => fs.rmSync(dataDir, { recursive: true, force: true }),
		}
	}
	const adminUrl = process.env.TEST_POSTGRES_URL
	if (!adminUrl) throw new Error('TEST_DATABASE=postgres needs TEST_POSTGRES_URL (npm test starts a throwaway server and sets it)')
	const name = `portal_test_${randomBytes(6).toString('hex')}`
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	await admin.query(`CREATE DATABASE ${name}`)
	await admin.end()
	const url = new URL(adminUrl)
	url.pathname = `/${name}`
	return {
		kind,
		dataDir,
		url: url.toString(),
		drop: async () => {
			const client = new pg.Client({ connectionString: adminUrl })
			await client.connect()
			await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
			await client.end()
			fs.rmSync(dataDir, { recursive: true, force: true })
		},
	}
}
