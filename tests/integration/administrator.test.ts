import { describe, expect, test } from 'vitest'
import { seedDemo } from '~/catalogs/seed.server'
import { getDb } from '~/db/db.server'
import { toEmail } from '~/users/email.server'
import { getUserByEmail, getUserRoles, setUserLocked } from '~/users/users.server'
import { runCli } from '../support/cli'
import { TestClient, location } from '../support/client'
import { startServer } from '../support/server'
import { createTestUser } from '../support/users'

const CHIEF = toEmail('chief@example.com')
const CHIEF_PASSWORD = 'Chief of the portal 2026'

/** Starts the server once with `env` (its start-up is what is tested) and hands over what it printed. */
async function startOnce(env: Record<string, string>) {
	const server = await startServer({ ADMIN_EMAIL: undefined, ADMIN_PASSWORD: undefined, ...env })
	return { server, printed: server.output.join('\n') }
}

async function auditOf(userId: number) {
	return getDb().selectFrom('audit_log').select(['action', 'actor_email', 'details']).where('entity', '=', 'user').where('entity_id', '=', String(userId)).orderBy('id').execute()
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
	})

	test('while an unlocked administrator exists, a start changes nothing', async () => {
		const { server, printed } = await startOnce({ ADMIN_EMAIL: 'someone.else@example.com' })
		expect(await server.stop()).toBe(0)
		expect(printed).not.toContain('Temporary password')
		expect(await getUserByEmail(toEmail('someone.else@example.com'))).toBeUndefined()
	})

	test('the last administrator locked by hand: the next start unlocks them with a new password, printed once, to be changed', async () => {
		const chief = (await getUserByEmail(CHIEF))!
		await setUserLocked(chief.id, true)
		const { server, printed } = await startOnce({ ADMIN_EMAIL: CHIEF })
		try {
			expect(printed).toContain(`Administrator restored: ${CHIEF}`)
			const password = /Temporary password:\s+(\S+)/.exec(printed)?.[1]
			expect(password).toEqual(expect.any(String))
			expect(server.output.filter((line) => line.startsWith('{')).some((line) => line.includes(password!))).toBe(false)

			const old = await new TestClient(server.url).signIn(CHIEF, CHIEF_PASSWORD)
			await old.text()
			expect(old.status).toBeGreaterThanOrEqual(400)
			const restored = await new TestClient(server.url).signIn(CHIEF, password!)
			await restored.text()
			expect(location(restored)).toBe('/account/change-password')
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

		const created = await runCli('users:create-admin', '--email', 'deputy@example.com')
		expect(created.code).toBe(0)
		expect(created.stdout).toMatch(/Created administrator \d+ <deputy@example\.com>/)
		expect(created.stdout).toMatch(/Temporary password: \S+/)
		expect(await rolesOf('deputy@example.com')).toEqual(['admin'])

		const weak = await runCli('users:create-admin', '--email', 'weak@example.com', '--password', 'password1')
		expect(weak.code).toBe(2)
		expect(weak.stderr).toContain('does not meet the policy')
		expect(await getUserByEmail(toEmail('weak@example.com'))).toBeUndefined()
	})
})
