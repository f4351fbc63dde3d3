// The commands on the database as a whole: migrate, back up, restore, verify and seed the demo data.
import fs from 'node:fs'
import { DEMO_USERS, seedDemo } from '~/catalogs/seed.server'
import { getConfig } from '~/config.server'
import { ALL_PAGES, backupDatabase, restoreDatabase, verifyDatabase } from '~/db/backup.server'
import { getDatabase, getDb, migrateToLatest, openDatabase, type DB } from '~/db/db.server'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { checkSecondFactorKeys, type KeyCheck } from '~/auth/mfa/mfa.server'
import { seedDemoStaff, type StaffSeedResult } from '~/users/demo-staff.server'
import type { CommandName } from './command-line'
import { assertPolicy, CommandError, VerifyError, type CommandHandlers } from './command-options.server'

function count(text: string, name: string, max: number): number {
	if (!/^\d+$/.test(text) || Number(text) > max) throw new CommandError(`--${name} must be a whole number from 0 to ${max}`)
	return Number(text)
}

function staffReport({ created, existing, roles }: StaffSeedResult, password: string) {
	const made = created > 0 ? `Created ${created} demo staff (staff-00001@example.com…, password ${password}) over ${roles} roles.` : ''
	return [made, existing > 0 ? `${existing} demo staff already existed: left as they are.` : ''].filter(Boolean).join(' ')
}

/**
 * How many second-factor keys the configured SESSION_SECRET opens, and what to do when not all: after a
 * restore on another host, a different secret makes every code of those users wrong. Empty when the
 * database has no second factors yet (or predates them).
 */
async function secondFactorReport(db: DB): Promise<string> {
	let check: KeyCheck
	try {
		check = await checkSecondFactorKeys(db)
	} catch {
		return ''
	}
	if (check.total === 0) return '\nSecond-factor keys: none stored.'
	const line = `\nSecond-factor keys: ${check.readable} of ${check.total} open with this SESSION_SECRET.`
	if (check.unreadable.length === 0) return line
	return `${line}
Warning: ${check.unreadable.length} key(s) do not open: the database was made under another SESSION_SECRET. Those users'
codes and recovery codes are all refused until either
  - SESSION_SECRET is the secret the database was made with (or lists it after the new one: new,old), or
  - their second factor is reset, after which they sign in with the password and set it up again:
${check.unreadable.map((user) => `      npm run cli -- users:reset-mfa --email ${user.email}`).join('\n')}`
}

export const databaseCommands: CommandHandlers<Extract<CommandName, `db:${string}`>> = {
	async 'db:backup'(values) {
		const file = values.to
		const started = Date.now()
		// One step: a separate process copies a consistent state only if no write interleaves with the copy.
		await backupDatabase(getDatabase(), file, { pagesPerStep: ALL_PAGES })
		return `Backed up to ${file} (${fs.statSync(file).size.toLocaleString('en')} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`
	},
	async 'db:restore'(values) {
		const file = values.from
		const config = getConfig().database
		await restoreDatabase(config, getDatabase(), file, { force: values.force })
		const restored = openDatabase(config)
		try {
			return `Restored from ${file}. Start the portal: migrations newer than the backup run on start.${await secondFactorReport(restored.db)}`
		} finally {
			await restored.close()
		}
	},
	async 'db:verify'() {
		const result = await verifyDatabase(getDatabase())
		const lines = Object.entries(result.rows).map(([table, rows]) => `  ${table}: ${rows.toLocaleString('en')} rows`)
		if (!result.ok)
			throw new VerifyError(`Integrity: FAILED\n${result.problems.map((problem) => `  ${problem}`).join('\n')}\n${lines.join('\n')}`)
		// Keys the secret does not open are a warning, not a failure: the data is sound, and the report says how to recover.
		return `Integrity: ok\n${lines.join('\n')}${await secondFactorReport(getDb())}`
	},
	async 'db:migrate'() {
		const results = await migrateToLatest()
		await ensureBuiltins()
		return results.length === 0 ? 'Database is up to date.' : `Applied ${results.length} migration(s).`
	},

	async 'db:seed-demo'(values) {
		const stations = count(values.stations, 'stations', 1_000_000)
		const tools = values.tools === undefined ? Math.min(stations * 10, 100_000) : count(values.tools, 'tools', 1_000_000)
		const staffCount = count(values.users, 'users', 1_000_000)
		assertPolicy(values.password)
		const started = Date.now()
		const result = await seedDemo({ stations, tools, reset: values.reset, password: values.password })
		const users = DEMO_USERS.map((user) => `${user.email} (${user.roles.join(', ')})`).join(', ')
		const created = result.seeded && result.usersCreated.length > 0 ? ` New users' password: ${values.password}` : ''
		const staff =
			staffCount > 0 ? ` ${staffReport(await seedDemoStaff({ count: staffCount, password: values.password }), values.password)}` : ''
		if (!result.seeded) {
			return `The catalogs already hold ${result.existingStations} station(s): left as they are (--reset replaces them). Demo users: ${users}.${staff}`
		}
		return `Seeded ${result.stations} station(s) and ${result.tools} tool(s) in ${((Date.now() - started) / 1000).toFixed(1)} s. Demo users: ${users}.${created}${staff}`
	},
}
