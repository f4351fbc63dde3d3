import fs from 'node:fs'
import { recordAudit } from '~/audit/audit.server'
import { checkPasswordPolicy } from '~/auth/password.server'
import { getAuthProvider } from '~/auth/provider.server'
import { revokeAccess } from '~/auth/revoke.server'
import { DEMO_USERS, seedDemo } from '~/catalogs/seed.server'
import { AdministratorPasswordError, grantAdministrator } from '~/bootstrap.server'
import { ConfigError, getConfig } from '~/config.server'
import { ALL_PAGES, BackupError, backupDatabase, restoreDatabase, verifyDatabase } from '~/db/backup.server'
import { getDatabase, getDb, migrateToLatest, openDatabase, type DB } from '~/db/db.server'
import { notify, notifyRolesChanged } from '~/notifications/notifications.server'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { listRoles } from '~/permissions/roles.server'
import { ADMIN_ROLE, isLastActiveAdministrator } from '~/admin/users.server'
import { USER_LIMITS } from '~/admin/users'
import { resetSecondFactor } from '~/auth/mfa/admin-reset.server'
import { checkSecondFactorKeys, type KeyCheck } from '~/auth/mfa/mfa.server'
import { handOverPassword } from '~/users/initial-password.server'
import { USAGE, UsageError, isCommandName, parseCommandLine, type CommandName, type CommandValues } from './command-line'
import { canonicalEmail } from '~/users/email.server'
import { EmailTakenError, getUserByEmail, setUserLocked, setUserRoles } from '~/users/users.server'
import { seedDemoStaff, type StaffSeedResult } from '~/users/demo-staff.server'
import { UnknownRoleError } from '~/users/role-assignments.server'
import type { ProvinceCode } from '~/catalogs/provinces'
import { isProvinceCode } from '~/permissions/scope'

/** The database failed its check: exit 1, the report on standard error. */
class VerifyError extends Error {}
/** The command cannot do what it was asked (bad value, unknown user, last administrator): exit 2 with the reason. */
class CommandError extends Error {}

/** `--email`'s canonical address, as the sign-in page reads it. */
function emailOption(typed: string) {
	const email = canonicalEmail(typed)
	if (email === null) throw new CommandError('--email is not a valid email address')
	return email
}

function assertPolicy(password: string) {
	const problem = checkPasswordPolicy(password)
	if (problem) throw new CommandError(`--password does not meet the policy (${problem}): 8 to 128 characters that are hard to guess`)
}

/** Operators are not bound by the delegation rule, but leaving the portal without an administrator takes --force. */
async function refuseLastAdministrator(user: { id: number; email: string }, force: boolean, doing: string) {
	if (force || !(await isLastActiveAdministrator(user.id))) return
	throw new CommandError(`<${user.email}> is the last active administrator: refusing to ${doing} them (add --force to do it anyway)`)
}

function count(text: string, name: string, max: number): number {
	if (!/^\d+$/.test(text) || Number(text) > max) throw new CommandError(`--${name} must be a whole number from 0 to ${max}`)
	return Number(text)
}

function staffReport({ created, existing, roles }: StaffSeedResult, password: string) {
	const made = created > 0 ? `Created ${created} demo staff (staff-00001@example.com…, password ${password}) over ${roles} roles.` : ''
	return [made, existing > 0 ? `${existing} demo staff already existed: left as they are.` : ''].filter(Boolean).join(' ')
}

/** A given or family name from the command line, within the limits the forms apply. */
function personName(value: string | undefined, option: 'given-name' | 'family-name'): string | undefined {
	const max = option === 'given-name' ? USER_LIMITS.firstName : USER_LIMITS.lastName
	if (value !== undefined && value.trim().length > max) throw new CommandError(`--${option} may have at most ${max} characters`)
	return value?.trim()
}

/** `--scope ROLE=province,province`, each naming a role of `--roles` and province codes as stored on stations. */
function scopeOptions(values: readonly string[], roles: readonly string[]): Map<string, ProvinceCode[]> {
	const scopes = new Map<string, ProvinceCode[]>()
	for (const value of values) {
		const [role = '', codes = ''] = value.split('=', 2).map((part) => part.trim())
		if (!value.includes('=') || role === '' || codes === '') throw new CommandError(`--scope ${value}: expected ROLE=province,province`)
		if (!roles.includes(role)) throw new CommandError(`--scope names the role ${role}, which --roles does not give`)
		if (scopes.has(role)) throw new CommandError(`--scope names the role ${role} twice`)
		const provinces = codes.split(',').map((code) => code.trim())
		const unknown = provinces.filter((code) => !isProvinceCode(code))
		if (unknown.length > 0)
			throw new CommandError(`--scope names unknown province code(s): ${unknown.join(', ')} (codes as stored on stations, e.g. an-giang)`)
		scopes.set(role, provinces as ProvinceCode[])
	}
	return scopes
}

/** `operator (an-giang, can-tho), viewer` for the command's answer. */
function rolesText(roles: readonly string[], scopes: ReadonlyMap<string, readonly string[]>) {
	return roles.map((role) => (scopes.has(role) ? `${role} (${scopes.get(role)!.join(', ')})` : role)).join(', ') || '(none)'
}

async function findUser(typed: string) {
	const email = emailOption(typed)
	const user = await getUserByEmail(email)
	if (!user) throw new CommandError(`no user with email ${email}`)
	return user
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

/** Commands that read or replace the database as it is: no migration first. */
const AS_IS = new Set<CommandName>(['db:migrate', 'db:backup', 'db:restore', 'db:verify'])

/** What each command of the table (command-line.ts) does with its parsed options. */
const commands: { [Name in CommandName]: (values: CommandValues<Name>) => Promise<string> } = {
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

	async 'users:create'(values) {
		const email = emailOption(values.email)
		const { password } = values
		assertPolicy(password)
		const firstName = personName(values['given-name'], 'given-name')
		const lastName = personName(values['family-name'], 'family-name')
		const roles = values.roles
			.split(',')
			.map((code) => code.trim())
			.filter(Boolean)
		const known = new Set((await listRoles()).map((role) => role.code))
		const unknown = roles.filter((code) => !known.has(code))
		if (unknown.length > 0) throw new CommandError(`--roles names unknown role(s): ${unknown.join(', ')} (see roles:list)`)
		const scopes = scopeOptions(values.scope, roles)
		const user = await getAuthProvider().createAccount({
			email,
			password,
			displayName: values.name,
			firstName,
			lastName,
			mustChangePassword: values['must-change'],
		})
		const assigned = await setUserRoles(user.id, roles, undefined, { scopes })
		await recordAudit({
			action: 'user.created',
			actorEmail: 'cli',
			entity: 'user',
			entityId: user.id,
			details: { email, roles: assigned.to },
		})
		return `Created user ${user.id} <${user.email}> with roles: ${rolesText(roles, scopes)}.`
	},

	async 'users:create-admin'(values) {
		const admin = getConfig().admin
		const email = values.email === undefined ? admin.email : emailOption(values.email)
		const granted = await grantAdministrator({
			email,
			password: values.password ?? admin.password,
			givenName: personName(values['given-name'], 'given-name'),
			familyName: personName(values['family-name'], 'family-name'),
			by: 'cli',
		})
		const done = granted.created
			? `Created administrator ${granted.user.id} <${email}>`
			: `<${email}> is an administrator${granted.unlocked ? ', unlocked,' : ''} with a new password`
		if (!granted.generated) return `${done}.`
		const handedOver = handOverPassword(granted.user, granted.password)
		return handedOver.to === 'terminal'
			? `${done}.\nTemporary password: ${granted.password}\n(shown only now; it must be changed at first sign-in)`
			: `${done}.\nTemporary password written to ${handedOver.file} (readable by this user only; it must be changed at first sign-in, which removes the file)`
	},

	async 'users:set-roles'(values) {
		const user = await findUser(values.email)
		const roles = values.roles
			.split(',')
			.map((code) => code.trim())
			.filter(Boolean)
		const scopes = scopeOptions(values.scope, roles)
		if (!roles.includes(ADMIN_ROLE)) await refuseLastAdministrator(user, values.force, 'take the admin role from')
		const assigned = await setUserRoles(user.id, roles, undefined, { scopes, audit: { actorEmail: 'cli' } })
		if (assigned.changed) await notifyRolesChanged(user.id, roles)
		return `Roles of <${user.email}>: ${rolesText(roles, scopes)}.`
	},

	async 'roles:list'() {
		const roles = await listRoles()
		const width = Math.max(...roles.map((role) => role.code.length), 4)
		return roles
			.map(
				(role) =>
					`${role.code.padEnd(width)}  ${role.name}${role.is_builtin ? ' (built-in)' : ''}${role.all_access ? ', all functions' : ''}`,
			)
			.join('\n')
	},

	async 'users:set-password'(values) {
		const { password } = values
		assertPolicy(password)
		const user = await findUser(values.email)
		await getAuthProvider().setPassword(user, password, { mustChange: values['must-change'] })
		const ended = await revokeAccess(user.id)
		await recordAudit({
			action: 'user.password_reset',
			actorEmail: 'cli',
			entity: 'user',
			entityId: user.id,
			details: { mustChange: values['must-change'] },
		})
		await notify(user.id, {
			type: 'password_reset',
			titleKey: 'notifications.passwordReset.title',
			bodyKey: 'notifications.passwordReset.body',
			params: { count: ended },
		})
		return `Password set for <${user.email}>; ${ended} session(s) ended.`
	},

	async 'users:lock'(values) {
		const user = await findUser(values.email)
		if (!values.unlock) await refuseLastAdministrator(user, values.force, 'lock')
		await setUserLocked(user.id, !values.unlock)
		const ended = values.unlock ? 0 : await revokeAccess(user.id)
		await recordAudit({ action: values.unlock ? 'user.unlocked' : 'user.locked', actorEmail: 'cli', entity: 'user', entityId: user.id })
		return values.unlock ? `Unlocked <${user.email}>.` : `Locked <${user.email}>; ${ended} session(s) ended.`
	},

	async 'users:reset-mfa'(values) {
		const user = await findUser(values.email)
		const { hadSecondFactor, sessionsEnded } = await resetSecondFactor(user, { actorEmail: 'cli' })
		return hadSecondFactor
			? `Second factor of <${user.email}> removed; ${sessionsEnded} session(s) ended. They sign in with the password and set it up again.`
			: `<${user.email}> had no second factor; ${sessionsEnded} session(s) ended.`
	},
}

/** The command, its options checked (a usage error is thrown here, before the database is opened). */
function prepare<Name extends CommandName>(name: Name, args: string[]): () => Promise<string> {
	const values = parseCommandLine(name, args)
	return () => commands[name](values)
}

async function run(argv: string[]): Promise<number> {
	const [name, ...args] = argv
	if (!name || name === 'help' || name === '--help') {
		process.stdout.write(USAGE)
		return name ? 0 : 2
	}
	if (!isCommandName(name)) {
		process.stderr.write(`Unknown command: ${name}\n\n${USAGE}`)
		return 2
	}
	let opened = false
	try {
		const command = prepare(name, args)
		getDatabase()
		opened = true
		if (!AS_IS.has(name)) {
			await migrateToLatest()
			await ensureBuiltins()
		}
		process.stdout.write(`${await command()}\n`)
		return 0
	} catch (error) {
		if (error instanceof UsageError) {
			process.stderr.write(`Error: ${error.message}\n\n${error.usage}`)
			return 2
		}
		if (error instanceof VerifyError) {
			process.stderr.write(`${error.message}\n`)
			return 1
		}
		if (
			error instanceof CommandError ||
			error instanceof BackupError ||
			error instanceof ConfigError ||
			error instanceof AdministratorPasswordError ||
			error instanceof EmailTakenError ||
			error instanceof UnknownRoleError
		) {
			process.stderr.write(`Error: ${error.message}\n`)
			return 2
		}
		throw error
	} finally {
		if (opened) await getDatabase().close()
	}
}

process.exitCode = await run(process.argv.slice(2))
