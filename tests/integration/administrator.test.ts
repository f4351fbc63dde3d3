import { execFile } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { seedDemo } from '~/catalogs/seed.server'
import { getDb } from '~/db/db.server'
import { toEmail } from '~/users/email.server'
import { getUserByEmail, getUserRoles, setUserLocked } from '~/users/users.server'
import { cliArguments, runCli } from '../support/cli'
import { TestClient, location } from '../support/client'
import { startServer } from '../support/server'
import { createTestUser } from '../support/users'

const CHIEF = toEmail('chief@example.com')
const CHIEF_PASSWORD = 'Chief of the portal 2026'

/** `words` as one command line for a shell, each quoted. */
const shellQuote = (words: string[]) => words.map((word) => `'${word.replaceAll("'", "'\\''")}'`).join(' ')

/** Starts the server once with `env` (its start-up is what is tested) and hands over what it printed. */
async function startOnce(env: Record<string, string>) {
	const server = await startServer({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, ...env })
	return { server, printed: server.output.join('\n') }
}

async function auditOf(userId: number) {
	return getDb()
		.selectFrom('audit_log')
		.select(['action', 'actor_email', 'details'])
		.where('entity', '=', 'user')
		.where('entity_id', '=', String(userId))
		.orderBy('id')
		.execute()
}

async function rolesOf(email: string) {
	const user = await getUserByEmail(toEmail(email))
	return user ? (await getUserRoles(user.id)).map((role) => role.code) : null
}

// The steps build on each other, in this file's own database: demo data first, then starts and the CLI.
describe('the portal always has an administrator', () => {
	test('demo data seeded before the first start: the first start still makes ADMIN_EMAIL an administrator', async () => {
		const seeded = await seedDemo({ stations: 3, tools: 6, reset: false, password: 'Demo-Portal-2025!' })
		expect(seeded).toMatchObject({ seeded: true, usersCreated: ['operator@example.com', 'viewer@example.com'] })
		expect(await rolesOf(CHIEF)).toBeNull()

		const { server, printed } = await startOnce({ ADMIN_EMAIL: CHIEF, ADMIN_PASSWORD: CHIEF_PASSWORD })
		try {
			expect(printed).not.toContain('Temporary password')
			const response = await new TestClient(server.url).signIn(CHIEF, CHIEF_PASSWORD)
			await response.text()
			expect(response.status).toBe(302)
			expect(location(response)).not.toBe('/account/change-password')
		} finally {
			expect(await server.stop()).toBe(0)
		}
		expect(await rolesOf(CHIEF)).toEqual(['admin'])
		const chief = (await getUserByEmail(CHIEF))!
		expect((await auditOf(chief.id)).find((entry) => entry.action === 'user.created')).toMatchObject({ actor_email: 'system' })
		// Names for clients that read firstName/lastName (the account API); the display name stays the top bar's.
		expect(chief).toMatchObject({ display_name: 'Administrator', first_name: 'Portal', last_name: 'Administrator' })
		expect(await getUserByEmail(toEmail('operator@example.com'))).toMatchObject({
			display_name: 'Nguyễn Văn Vận Hành',
			last_name: 'Nguyễn Văn',
			first_name: 'Vận Hành',
		})
		expect(await getUserByEmail(toEmail('viewer@example.com'))).toMatchObject({
			display_name: 'Trần Thị Xem',
			last_name: 'Trần Thị',
			first_name: 'Xem',
		})
	})

	test('while an unlocked administrator exists, a start changes nothing', async () => {
		const { server, printed } = await startOnce({ ADMIN_EMAIL: 'someone.else@example.com' })
		expect(await server.stop()).toBe(0)
		expect(printed).not.toContain('Temporary password')
		expect(await getUserByEmail(toEmail('someone.else@example.com'))).toBeUndefined()
	})

	test('the last administrator locked by hand: the next start unlocks them with a new password, kept out of the log in a file only the portal reads, gone at the first change', async () => {
		const chief = (await getUserByEmail(CHIEF))!
		await setUserLocked(chief.id, true)
		const file = path.join(process.env.DATA_DIR!, 'initial-admin-password')
		// The test's pipe is no terminal, as a service's journal is not.
		const { server, printed } = await startOnce({ ADMIN_EMAIL: CHIEF })
		try {
			const mode = fs.statSync(file).mode & 0o777
			expect(mode.toString(8)).toBe('600')
			const password = fs.readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)!
			expect(password).toMatch(/^\S{12,}$/)
			expect(printed).not.toContain(password)
			expect(printed).not.toContain('Temporary password')
			expect(await server.logged((entry) => entry.event === 'bootstrap.admin_password_written')).toMatchObject({ email: CHIEF, file })

			const old = await new TestClient(server.url).signIn(CHIEF, CHIEF_PASSWORD)
			await old.text()
			expect(old.status).toBeGreaterThanOrEqual(400)
			const restored = new TestClient(server.url)
			const signIn = await restored.signIn(CHIEF, password)
			await signIn.text()
			expect(location(signIn)).toBe('/account/change-password')
			expect(fs.existsSync(file)).toBe(true)
			const changed = await restored.post('/account/change-password', {
				currentPassword: password,
				newPassword: CHIEF_PASSWORD,
				confirmPassword: CHIEF_PASSWORD,
			})
			await changed.text()
			expect(changed.status).toBe(302)
			expect(fs.existsSync(file)).toBe(false)
			expect(server.output.join('\n')).not.toContain(password)
		} finally {
			expect(await server.stop()).toBe(0)
		}
		expect((await getUserByEmail(CHIEF))!.locked).toBe(0)
		const entry = (await auditOf(chief.id)).find((row) => row.action === 'user.administrator_granted')
		expect(entry?.actor_email).toBe('system')
		expect(JSON.parse(entry!.details!)).toMatchObject({ unlocked: true, passwordFrom: 'generated' })
	})

	test('users:create-admin makes an account an administrator on demand, keeping its other roles', async () => {
		const operator = await createTestUser({ roles: ['operator'] })
		const given = await runCli('users:create-admin', '--email', operator.email, '--password', 'Promoted operator 2026')
		expect(given.code).toBe(0)
		expect(given.stdout).toContain(`<${operator.email}> is an administrator`)
		expect(given.stdout).not.toContain('Temporary password')
		expect(await rolesOf(operator.email)).toEqual(['admin', 'operator'])
		expect((await auditOf(operator.user.id)).at(-1)).toMatchObject({ action: 'user.administrator_granted', actor_email: 'cli' })

		const created = await runCli('users:create-admin', '--email', 'deputy@example.com', '--given-name', 'Minh', '--family-name', 'Lê Văn')
		expect(created.code).toBe(0)
		expect(created.stdout).toMatch(/Created administrator \d+ <deputy@example\.com>/)
		const file = path.join(process.env.DATA_DIR!, 'initial-admin-password')
		expect(created.stdout).toContain(`Temporary password written to ${file}`)
		const password = fs.readFileSync(file, 'utf8').trimEnd().split('\n').at(-1)!
		expect(created.stdout).not.toContain(password)
		expect(await rolesOf('deputy@example.com')).toEqual(['admin'])
		expect(await getUserByEmail(toEmail('deputy@example.com'))).toMatchObject({
			first_name: 'Minh',
			last_name: 'Lê Văn',
			display_name: 'Lê Văn Minh',
		})

		const weak = await runCli('users:create-admin', '--email', 'weak@example.com', '--password', 'password1')
		expect(weak.code).toBe(2)
		expect(weak.stderr).toContain('does not meet the policy')
		expect(await getUserByEmail(toEmail('weak@example.com'))).toBeUndefined()
	})

	test('users:create-admin: a generated password on a terminal is shown there; ADMIN_PASSWORD alone names admin@example.com', async () => {
		const file = path.join(process.env.DATA_DIR!, 'initial-admin-password')
		const fileContent = () => (fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null)
		const before = fileContent()
		// On a terminal (here a pseudo-terminal that script(1) gives it) the password is shown there, and no file is written.
		const onTerminal = await new Promise<string>((resolve, reject) =>
			execFile(
				'script',
				['-qec', shellQuote([process.execPath, ...cliArguments('users:create-admin', '--email', 'console@example.com')]), '/dev/null'],
				{ env: process.env },
				(error, stdout) => (error ? reject(error) : resolve(stdout)),
			),
		)
		expect(onTerminal).toMatch(/Temporary password: \S+/)
		expect(onTerminal).not.toContain('written to')
		expect(fileContent()).toBe(before)

		// ADMIN_PASSWORD alone names the default account, admin@example.com (the README's default), at start-up and here.
		const saved = { ADMIN_EMAIL: process.env.ADMIN_EMAIL, ADMIN_PASSWORD: process.env.ADMIN_PASSWORD }
		delete process.env.ADMIN_EMAIL
		process.env.ADMIN_PASSWORD = 'Default administrator 2026'
		try {
			const byDefault = await runCli('users:create-admin')
			expect(byDefault).toMatchObject({ code: 0, stderr: '' })
			expect(byDefault.stdout).toMatch(/Created administrator \d+ <admin@example\.com>\.$/m)
		} finally {
			for (const [name, value] of Object.entries(saved)) {
				if (value === undefined) delete process.env[name]
				else process.env[name] = value
			}
		}
		expect(await rolesOf('admin@example.com')).toEqual(['admin'])
	})
})
