import fs from 'node:fs'
import { parseArgs } from 'node:util'
import { recordAudit } from '~/audit/audit.server'
import { checkPasswordPolicy } from '~/auth/password.server'
import { getAuthProvider } from '~/auth/provider.server'
import { revokeAccess } from '~/auth/revoke.server'
import { DEMO_USERS, seedDemo } from '~/catalogs/seed.server'
import { AdministratorPasswordError, DEFAULT_ADMIN_EMAIL, grantAdministrator } from '~/bootstrap.server'
import { ConfigError, getConfig } from '~/config.server'
import { ALL_PAGES, BackupError, backupDatabase, restoreDatabase, verifyDatabase } from '~/db/backup.server'
import { getDatabase, migrateToLatest } from '~/db/db.server'
import { notify, notifyRolesChanged } from '~/notifications/notifications.server'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { listRoles } from '~/permissions/roles.server'
import { ADMIN_ROLE, isLastActiveAdministrator } from '~/admin/users.server'
import { canonicalEmail } from '~/users/email.server'
import { EmailTakenError, UnknownRoleError, getUserByEmail, setUserLocked, setUserRoles } from '~/users/users.server'

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                                   Apply pending database migrations
  users:create --email E --password P --name N [--roles r1,r2] [--must-change]
                                               Create a user with the given roles
  users:create-admin [--email E] [--password P]
                                               Make an account an administrator now: created if missing,
                                               unlocked, given the admin role, its password set (from
                                               --password, else ADMIN_PASSWORD, else generated and printed
                                               once, to be changed at first sign-in); E defaults to
                                               ADMIN_EMAIL, else admin@example.com
  users:set-roles --email E --roles r1,r2 [--force]
                                               Replace a user's roles (--force to demote the last administrator)
  roles:list                                   List the roles
  users:set-password --email E --password P [--must-change]
                                               Set a user's password (ends their sessions)
  users:lock --email E [--unlock] [--force]    Lock a user (ends their sessions) or unlock (--force to lock the last administrator)
  db:backup --to FILE                          Copy the database to FILE, consistent while the portal runs
                                               (SQLite: online backup; PostgreSQL: pg_dump, custom format)
  db:restore --from FILE [--force]             Replace the database with a backup (--force when it holds
                                               data; stop the portal first)
  db:verify                                    Check the database's integrity and count its rows
  db:seed-demo [--stations N] [--tools M] [--reset] [--password P]
                                               Deterministic demo data: stations, tools (default 300 and
                                               3000; M defaults to 10 x N, at most 100000) and the users
                                               operator@example.com and viewer@example.com
`

class UsageError extends Error {}
/** The database failed its check: exit 1, the report on standard error. */
class VerifyError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
	const value = values[name]
	if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`)
	return value
}

/** `--email`'s canonical address, as the sign-in page reads it. */
function emailOption(typed: string) {
	const email = canonicalEmail(typed)
	if (email === null) throw new UsageError('--email is not a valid email address')
	return email
}

function assertPolicy(password: string) {
	const problem = checkPasswordPolicy(password)
	if (problem) throw new UsageError(`--password does not meet the policy (${problem}): 8 to 128 characters that are hard to guess`)
}

/** Operators are not bound by the delegation rule, but leaving the portal without an administrator takes --force. */
async function refuseLastAdministrator(user: { id: number; email: string }, force: boolean, doing: string) {
	if (force || !(await isLastActiveAdministrator(user.id))) return
	throw new UsageError(`<${user.email}> is the last active administrator: refusing to ${doing} them (add --force to do it anyway)`)
}

const DEMO_STATIONS = 300
/** The demo users' password when --password is not given (documented; change it outside a demo). */
const DEMO_PASSWORD = 'Demo-Portal-2025!'

function count(text: string, name: string, max: number): number {
	if (!/^\d+$/.test(text) || Number(text) > max) throw new UsageError(`--${name} must be a whole number from 0 to ${max}`)
	return Number(text)
}

async function findUser(typed: string) {
	const email = emailOption(typed)
	const user = await getUserByEmail(email)
	if (!user) throw new UsageError(`no user with email ${email}`)
	return user
}

/** Commands that read or replace the database as it is: no migration first. */
const AS_IS = new Set(['db:migrate', 'db:backup', 'db:restore', 'db:verify'])

const commands: Record<string, (args: string[]) => Promise<string>> = {
	async 'db:backup'(args) {
		const { values } = parseArgs({ args, options: { to: { type: 'string' } } })
		const file = required(values, 'to')
		const started = Date.now()
		// One step: a separate process copies a consistent state only if no write interleaves with the copy.
		await backupDatabase(getDatabase(), file, { pagesPerStep: ALL_PAGES })
		return `Backed up to ${file} (${fs.statSync(file).size.toLocaleString('en')} bytes) in ${((Date.now() - started) / 1000).toFixed(1)} s.`
	},
	async 'db:restore'(args) {
		const { values } = parseArgs({ args, options: { from: { type: 'string' }, force: { type: 'boolean', default: false } } })
		const file = required(values, 'from')
		await restoreDatabase(getConfig().database, getDatabase(), file, { force: values.force })
		return `Restored from ${file}. Start the portal: migrations newer than the backup run on start.`
	},
	async 'db:verify'() {
		const result = await verifyDatabase(getDatabase())
		const lines = Object.entries(result.rows).map(([table, rows]) => `  ${table}: ${rows.toLocaleString('en')} rows`)
		if (!result.ok) throw new VerifyError(`Integrity: FAILED\n${result.problems.map((problem) => `  ${problem}`).join('\n')}\n${lines.join('\n')}`)
		return `Integrity: ok\n${lines.join('\n')}`
	},
	async 'db:migrate'() {
		const results = await migrateToLatest()
		await ensureBuiltins()
		return results.length === 0 ? 'Database is up to date.' : `Applied ${results.length} migration(s).`
	},

	async 'db:seed-demo'(args) {
		const { values } = parseArgs({
			args,
			options: {
				stations: { type: 'string', default: String(DEMO_STATIONS) },
				tools: { type: 'string' },
				reset: { type: 'boolean', default: false },
				password: { type: 'string', default: DEMO_PASSWORD },
			},
		})
		const stations = count(values.stations, 'stations', 1_000_000)
		const tools = values.tools === undefined ? Math.min(stations * 10, 100_000) : count(values.tools, 'tools', 1_000_000)
		assertPolicy(values.password)
		const started = Date.now()
		const result = await seedDemo({ stations, tools, reset: values.reset, password: values.password })
		const users = DEMO_USERS.map((user) => `${user.email} (${user.roles.join(', ')})`).join(', ')
		const created = result.seeded && result.usersCreated.length > 0 ? ` New users' password: ${values.password}` : ''
		if (!result.seeded) {
			return `The catalogs already hold ${result.existingStations} station(s): left as they are (--reset replaces them). Demo users: ${users}.`
		}
		return `Seeded ${result.stations} station(s) and ${result.tools} tool(s) in ${((Date.now() - started) / 1000).toFixed(1)} s. Demo users: ${users}.${created}`
	},

	async 'users:create'(args) {
		const { values } = parseArgs({
			args,
			options: {
				email: { type: 'string' },
				password: { type: 'string' },
				name: { type: 'string' },
				roles: { type: 'string', default: '' },
				'must-change': { type: 'boolean', default: false },
			},
		})
		const email = emailOption(required(values, 'email'))
		const password = required(values, 'password')
		assertPolicy(password)
		const roles = values.roles.split(',').map((code) => code.trim()).filter(Boolean)
		const known = new Set((await listRoles()).map((role) => role.code))
		const unknown = roles.filter((code) => !known.has(code))
		if (unknown.length > 0) throw new UsageError(`--roles names unknown role(s): ${unknown.join(', ')} (see roles:list)`)
		const user = await getAuthProvider().createAccount({
			email,
			password,
			displayName: values.name,
			mustChangePassword: values['must-change'],
		})
		await setUserRoles(user.id, roles)
		await recordAudit({ action: 'user.created', actorEmail: 'cli', entity: 'user', entityId: user.id, details: { email, roles } })
		return `Created user ${user.id} <${user.email}> with roles: ${roles.join(', ') || '(none)'}.`
	},

	async 'users:create-admin'(args) {
		const { values } = parseArgs({ args, options: { email: { type: 'string' }, password: { type: 'string' } } })
		const admin = getConfig().admin
		const email = values.email === undefined ? (admin.email ?? DEFAULT_ADMIN_EMAIL) : emailOption(values.email)
		const granted = await grantAdministrator({ email, password: values.password ?? admin.password, by: 'cli' })
		const done = granted.created ? `Created administrator ${granted.user.id} <${email}>` : `<${email}> is an administrator${granted.unlocked ? ', unlocked,' : ''} with a new password`
		return granted.generated ? `${done}.\nTemporary password: ${granted.password}\n(shown only now; it must be changed at first sign-in)` : `${done}.`
	},

	async 'users:set-roles'(args) {
		const { values } = parseArgs({ args, options: { email: { type: 'string' }, roles: { type: 'string', default: '' }, force: { type: 'boolean', default: false } } })
		const user = await findUser(required(values, 'email'))
		const roles = values.roles.split(',').map((code) => code.trim()).filter(Boolean)
		if (!roles.includes(ADMIN_ROLE)) await refuseLastAdministrator(user, values.force, 'take the admin role from')
		await setUserRoles(user.id, roles)
		await recordAudit({ action: 'user.roles_changed', actorEmail: 'cli', entity: 'user', entityId: user.id, details: { roles } })
		await notifyRolesChanged(user.id, roles)
		return `Roles of <${user.email}>: ${roles.join(', ') || '(none)'}.`
	},

	async 'roles:list'() {
		const roles = await listRoles()
		const width = Math.max(...roles.map((role) => role.code.length), 4)
		return roles
			.map((role) => `${role.code.padEnd(width)}  ${role.name}${role.is_builtin ? ' (built-in)' : ''}${role.all_access ? ', all functions' : ''}`)
			.join('\n')
	},

	async 'users:set-password'(args) {
		const { values } = parseArgs({
			args,
			options: { email: { type: 'string' }, password: { type: 'string' }, 'must-change': { type: 'boolean', default: false } },
		})
		const password = required(values, 'password')
		assertPolicy(password)
		const user = await findUser(required(values, 'email'))
		await getAuthProvider().setPassword(user, password, { mustChange: values['must-change'] })
		const ended = await revokeAccess(user.id)
		await recordAudit({ action: 'user.password_reset', actorEmail: 'cli', entity: 'user', entityId: user.id, details: { mustChange: values['must-change'] } })
		await notify(user.id, { type: 'password_reset', titleKey: 'notifications.passwordReset.title', bodyKey: 'notifications.passwordReset.body', params: { count: ended } })
		return `Password set for <${user.email}>; ${ended} session(s) ended.`
	},

	async 'users:lock'(args) {
		const { values } = parseArgs({ args, options: { email: { type: 'string' }, unlock: { type: 'boolean', default: false }, force: { type: 'boolean', default: false } } })
		const user = await findUser(required(values, 'email'))
		if (!values.unlock) await refuseLastAdministrator(user, values.force, 'lock')
		await setUserLocked(user.id, !values.unlock)
		const ended = values.unlock ? 0 : await revokeAccess(user.id)
		await recordAudit({ action: values.unlock ? 'user.unlocked' : 'user.locked', actorEmail: 'cli', entity: 'user', entityId: user.id })
		return values.unlock ? `Unlocked <${user.email}>.` : `Locked <${user.email}>; ${ended} session(s) ended.`
	},
}

async function run(argv: string[]): Promise<number> {
	const [name, ...args] = argv
	if (!name || name === 'help' || name === '--help') {
		process.stdout.write(USAGE)
		return name ? 0 : 2
	}
	const command = commands[name]
	if (!command) {
		process.stderr.write(`Unknown command: ${name}\n\n${USAGE}`)
		return 2
	}
	let opened = false
	try {
		getDatabase()
		opened = true
		if (!AS_IS.has(name)) {
			await migrateToLatest()
			await ensureBuiltins()
		}
		process.stdout.write(`${await command(args)}\n`)
		return 0
	} catch (error) {
		if (error instanceof VerifyError) {
			process.stderr.write(`${error.message}\n`)
			return 1
		}
		if (error instanceof UsageError || error instanceof BackupError || error instanceof ConfigError || error instanceof AdministratorPasswordError || error instanceof EmailTakenError || error instanceof UnknownRoleError) {
			process.stderr.write(`Error: ${error.message}\n`)
			return 2
		}
		if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS')) {
			process.stderr.write(`Error: ${error.message}\n\n${USAGE}`)
			return 2
		}
		throw error
	} finally {
		if (opened) await getDatabase().close()
	}
}

process.exitCode = await run(process.argv.slice(2))
