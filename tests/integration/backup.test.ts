import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { listBackups } from '~/db/scheduled-backups.server'
import { location, TestClient } from '../support/client'
import { runCli } from '../support/cli'
import { signedIn, stationFields } from '../support/catalogs'
import { createTestDatabase, testDatabaseKind } from '../support/database'
import { startServer } from '../support/server'

const kind = testDatabaseKind()
const extension = kind === 'sqlite' ? '.sqlite' : '.dump'

/** Runs the command line against another database than this file's. */
function cliOn(database: { url: string; dataDir: string }, ...args: string[]) {
	const saved = { DATABASE_URL: process.env.DATABASE_URL, DATA_DIR: process.env.DATA_DIR }
	process.env.DATABASE_URL = database.url
	process.env.DATA_DIR = database.dataDir
	try {
		return runCli(...args)
	} finally {
		Object.assign(process.env, saved)
	}
}

/** `db:verify`'s row counts. */
function rowCounts(stdout: string): Record<string, number> {
	return Object.fromEntries([...stdout.matchAll(/^ {2}(\w+): ([\d,]+) rows$/gm)].map((match) => [match[1]!, Number(match[2]!.replace(/,/g, ''))]))
}

describe('backups', () => {
	test('db:backup while the portal takes writes, db:restore into a fresh data folder: every acknowledged row is there, and db:verify says so', async () => {
		const server = await startServer()
		const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'))
		const fresh = await createTestDatabase()
		try {
			const operator = await signedIn(server, ['operator'])
			const acknowledged: { code: string; at: number }[] = []
			let writing = true
			const writer = (async () => {
				while (writing) {
					const fields = stationFields()
					const response = await operator.client.post('/danhmuc/tram/new', fields)
					await response.arrayBuffer()
					expect(response.status).toBe(302)
					acknowledged.push({ code: fields.code!, at: performance.now() })
				}
			})()
			while (acknowledged.length < 20) await new Promise((resolve) => setTimeout(resolve, 20))
			const file = path.join(backupDir, `portal${extension}`)
			const backupStarted = performance.now()
			const backup = await runCli('db:backup', '--to', file)
			writing = false
			await writer
			expect(backup).toMatchObject({ code: 0, stderr: '' })
			expect(backup.stdout).toMatch(/^Backed up to /)
			// Writes went on during the backup.
			expect(acknowledged.filter((entry) => entry.at > backupStarted).length).toBeGreaterThan(0)
			expect(await runCli('db:backup', '--to', file)).toMatchObject({ code: 2, stderr: expect.stringContaining('already exists') })

			const restored = await cliOn(fresh, 'db:restore', '--from', file)
			expect(restored).toMatchObject({ code: 0, stderr: '' })
			const verified = await cliOn(fresh, 'db:verify')
			expect(verified).toMatchObject({ code: 0, stderr: '' })
			expect(verified.stdout).toMatch(/^Integrity: ok$/m)
			const counts = rowCounts(verified.stdout)
			expect(counts.users).toBeGreaterThan(0)

			// A server on the restored database finds every station acknowledged before the backup began.
			const restoredServer = await startServer({ DATABASE_URL: fresh.url, DATA_DIR: fresh.dataDir })
			try {
				const before = acknowledged.filter((entry) => entry.at < backupStarted)
				const restoredClient = new TestClient(restoredServer.url)
				expect(location(await restoredClient.signIn(operator.email, operator.password))).toBe('/')
				for (const { code } of before) {
					const page = await restoredClient.get(`/danhmuc/tram?q=${encodeURIComponent(code)}`)
					const html = await page.text()
					expect(page.status).toBe(200)
					expect(html).toContain(code)
				}
				expect(counts.stations).toBeGreaterThanOrEqual(before.length)
				expect(counts.stations).toBeLessThanOrEqual(acknowledged.length)
			} finally {
				expect(await restoredServer.stop()).toBe(0)
			}

			// Restoring over a database that holds data takes --force.
			const refused = await cliOn(fresh, 'db:restore', '--from', file)
			expect(refused.code).toBe(2)
			expect(refused.stderr).toContain('--force')
			expect(await cliOn(fresh, 'db:restore', '--from', file, '--force')).toMatchObject({ code: 0 })
		} finally {
			expect(await server.stop()).toBe(0)
			fs.rmSync(backupDir, { recursive: true, force: true })
			await fresh.drop()
		}
	})

	test('scheduled backups: BACKUP_DIR gets one per BACKUP_INTERVAL_HOURS, the newest BACKUP_KEEP are kept, each a whole database', async () => {
		const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-scheduled-'))
		// 0.0003 hours: about a second.
		const server = await startServer({ BACKUP_DIR: backupDir, BACKUP_INTERVAL_HOURS: '0.0003', BACKUP_KEEP: '2' })
		try {
			const events = (name: string) => server.output.filter((line) => line.includes(`"event":"backup.${name}"`)).length
			// A new backup is in place a moment before the oldest goes: the listing may catch three then. The
			// server logs a removal after the file is gone, and the pipe may bring that line after the listing shows it.
			const settled = () => events('written') >= 3 && events('removed') >= 1 && listBackups(backupDir).length <= 2
			for (let tries = 0; !settled() && tries < 200; tries++) await new Promise((resolve) => setTimeout(resolve, 100))
			expect(events('written')).toBeGreaterThanOrEqual(3)
			expect(events('removed')).toBeGreaterThanOrEqual(1)
			expect(events('failed')).toBe(0)
			const files = listBackups(backupDir)
			expect(files.length).toBeLessThanOrEqual(2)
			expect(files.length).toBeGreaterThan(0)
			for (const name of files) {
				expect(name.endsWith(extension)).toBe(true)
				const head = Buffer.alloc(16)
				const fd = fs.openSync(path.join(backupDir, name), 'r')
				fs.readSync(fd, head, 0, 16, 0)
				fs.closeSync(fd)
				expect(head.toString('latin1').startsWith(kind === 'sqlite' ? 'SQLite format 3' : 'PGDMP')).toBe(true)
			}
			// No leftovers: a partial file may only be the next backup, being written now.
			const newest = files.at(-1) ?? ''
			expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.partial') && name.slice(0, -'.partial'.length) <= newest)).toEqual([])
		} finally {
			expect(await server.stop()).toBe(0)
			fs.rmSync(backupDir, { recursive: true, force: true })
		}
	})
})
