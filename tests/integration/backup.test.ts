import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { confirmEnrolment, startEnrolment } from '~/auth/mfa/mfa.server'
import { TOTP_PERIOD_SECONDS, totpCode } from '~/auth/mfa/totp.server'
import { buildConfig } from '~/config.server'
import { openDatabase } from '~/db/db.server'
import { listBackups } from '~/db/scheduled-backups.server'
import { location, TestClient } from '../support/client'
import { runCli } from '../support/cli'
import { signedIn, stationFields } from '../support/catalogs'
import { createTestDatabase, testDatabaseKind } from '../support/database'
import { startServer } from '../support/server'
import { createTestUser } from '../support/users'
import { until } from '../support/wait'

const kind = testDatabaseKind()
const extension = kind === 'sqlite' ? '.sqlite' : '.dump'

/** Runs the command line with `env` over this file's environment. */
function cliWith(env: Record<string, string>, ...args: string[]) {
	const saved = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]))
	Object.assign(process.env, env)
	try {
		return runCli(...args)
	} finally {
		Object.assign(process.env, saved)
	}
}

/** Runs the command line against another database than this file's. */
function cliOn(database: { url: string; dataDir: string }, ...args: string[]) {
	return cliWith({ DATABASE_URL: database.url, DATA_DIR: database.dataDir }, ...args)
}

/** `db:verify`'s row counts. */
function rowCounts(stdout: string): Record<string, number> {
	return Object.fromEntries(
		[...stdout.matchAll(/^ {2}(\w+): ([\d,]+) rows$/gm)].map((match) => [match[1]!, Number(match[2]!.replace(/,/g, ''))]),
	)
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
			await until(() => acknowledged.length >= 20, 'twenty stations written through the portal', { intervalMs: 20 })
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

	test('restored where SESSION_SECRET differs: db:restore and db:verify count the keys it opens and say what to do, a code logs mfa.key_unreadable once, users:reset-mfa lets the user in again', async () => {
		const account = await createTestUser({ roles: ['viewer'] })
		const enrolledAt = Date.now() - 2 * TOTP_PERIOD_SECONDS * 1000
		const key = (await startEnrolment(account.user.id, enrolledAt))!
		const enrolled = await confirmEnrolment(account.user.id, totpCode(key, enrolledAt), enrolledAt)
		if (!enrolled.ok) throw new Error('enrolment failed')
		const backupDir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'))
		const fresh = await createTestDatabase()
		const otherHost = { DATABASE_URL: fresh.url, DATA_DIR: fresh.dataDir, SESSION_SECRET: 'another-host-another-secret-0123456789' }
		try {
			const file = path.join(backupDir, `portal${extension}`)
			expect(await runCli('db:backup', '--to', file)).toMatchObject({ code: 0 })
			const here = await runCli('db:verify')
			expect(here).toMatchObject({ code: 0, stderr: '' })
			expect(here.stdout).toMatch(/^Second-factor keys: 1 of 1 open with this SESSION_SECRET\.$/m)
			expect(here.stdout).not.toContain('Warning')

			const restored = await cliWith(otherHost, 'db:restore', '--from', file)
			expect(restored).toMatchObject({ code: 0, stderr: '' })
			const verified = await cliWith(otherHost, 'db:verify')
			// Unreadable keys are a warning: the data is sound.
			expect(verified).toMatchObject({ code: 0, stderr: '' })
			expect(verified.stdout).toMatch(/^Integrity: ok$/m)
			for (const report of [restored.stdout, verified.stdout]) {
				expect(report).toMatch(/^Second-factor keys: 0 of 1 open with this SESSION_SECRET\.$/m)
				expect(report).toMatch(/^Warning: 1 key\(s\) do not open/m)
				expect(report).toContain(`npm run cli -- users:reset-mfa --email ${account.email}`)
			}

			const server = await startServer(otherHost)
			try {
				const client = new TestClient(server.url)
				const password = await client.signIn(account.email, account.password)
				await password.text()
				expect(location(password)).toBe('/account/login/verify')
				for (const code of [totpCode(key), enrolled.recoveryCodes[0]!]) {
					const refused = await client.post('/account/login/verify', { code })
					await refused.text()
					expect(refused.status).toBe(400)
				}
				// Each request's line comes after its answer, and after anything logged while it was served.
				const entries = () =>
					server.output.filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as Record<string, unknown>)
				const codeRequests = () =>
					entries().filter((entry) => entry.event === 'http.request' && entry.path === '/account/login/verify').length
				await until(() => codeRequests() >= 2, 'two logged code requests')
				expect(codeRequests()).toBe(2)
				// Once per user and process, whichever kind of code was tried.
				expect(entries().filter((entry) => entry.event === 'mfa.key_unreadable')).toEqual([
					expect.objectContaining({ level: 'warn', userId: account.user.id }),
				])

				const reset = await cliWith(otherHost, 'users:reset-mfa', '--email', account.email)
				expect(reset).toMatchObject({ code: 0, stderr: '' })
				expect(reset.stdout).toContain(`Second factor of <${account.email}> removed`)
				const again = new TestClient(server.url)
				const signedIn = await again.signIn(account.email, account.password)
				await signedIn.text()
				expect(location(signedIn)).toBe('/')
			} finally {
				expect(await server.stop()).toBe(0)
			}
			const restoredDb = openDatabase(buildConfig({ ...process.env, ...otherHost }).database)
			try {
				const audit = await restoredDb.db
					.selectFrom('audit_log')
					.select(['actor_email', 'details'])
					.where('action', '=', 'user.mfaReset')
					.where('entity_id', '=', String(account.user.id))
					.execute()
				expect(audit).toHaveLength(1)
				expect(audit[0]!.actor_email).toBe('cli')
				expect(JSON.parse(audit[0]!.details!)).toMatchObject({ email: account.email, hadSecondFactor: true })
			} finally {
				await restoredDb.close()
			}
		} finally {
			fs.rmSync(backupDir, { recursive: true, force: true })
			await fresh.drop()
		}
		// Six command-line runs, a backup, a restore and a server start, one after another.
	}, 90_000)

	test('db:verify --from FILE is refused with its usage (exit 2) rather than reporting on the live database', async () => {
		// Every command and option is checked the same way before the database is opened (app/cli/command-line.test.ts).
		const refused = await runCli('db:verify', '--from', '/nonexistent')
		expect(refused.code).toBe(2)
		expect(refused.stdout).toBe('')
		expect(refused.stderr).toContain("Unknown option '--from'")
		expect(refused.stderr).toContain('Usage: npm run cli -- db:verify')
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
			await until(settled, 'three backups written and one removed')
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
			expect(fs.readdirSync(backupDir).filter((name) => name.endsWith('.partial') && name.slice(0, -'.partial'.length) <= newest)).toEqual(
				[],
			)
		} finally {
			expect(await server.stop()).toBe(0)
			fs.rmSync(backupDir, { recursive: true, force: true })
		}
	})
})
