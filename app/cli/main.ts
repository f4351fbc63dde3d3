import { parseArgs } from 'node:util'
import { recordAudit } from '~/audit/audit.server'
import { checkPasswordPolicy } from '~/auth/password.server'
import { getAuthProvider } from '~/auth/provider.server'
import { destroyAllSessions } from '~/auth/session.server'
import { ConfigError } from '~/config.server'
import { getDatabase, migrateToLatest } from '~/db/db.server'
import { EmailTakenError, getUserByEmail, setUserLocked } from '~/users/users.server'

const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
  db:migrate                                   Apply pending database migrations
  users:create --email E --password P --name N [--must-change]
                                               Create a user
  users:set-password --email E --password P [--must-change]
                                               Set a user's password (ends their sessions)
  users:lock --email E [--unlock]              Lock a user (ends their sessions) or unlock
`

class UsageError extends Error {}

function required(values: Record<string, unknown>, name: string): string {
	const value = values[name]
	if (typeof value !== 'string' || value.trim() === '') throw new UsageError(`--${name} is required`)
	return value
}

function assertPolicy(password: string) {
	const problem = checkPasswordPolicy(password)
	if (problem) throw new UsageError(`--password does not meet the policy (${problem}): 8 to 128 characters, not a common password`)
}

async function findUser(email: string) {
	const user = await getUserByEmail(email)
	if (!user) throw new UsageError(`no user with email ${email}`)
	return user
}

const commands: Record<string, (args: string[]) => Promise<string>> = {
	async 'db:migrate'() {
		const results = await migrateToLatest()
		return results.length === 0 ? 'Database is up to date.' : `Applied ${results.length} migration(s).`
	},

	async 'users:create'(args) {
		const { values } = parseArgs({
			args,
			options: {
				email: { type: 'string' },
				password: { type: 'string' },
				name: { type: 'string' },
				'must-change': { type: 'boolean', default: false },
			},
		})
		const email = required(values, 'email')
		const password = required(values, 'password')
		assertPolicy(password)
		const user = await getAuthProvider().createAccount({
			email,
			password,
			displayName: values.name,
			mustChangePassword: values['must-change'],
		})
		await recordAudit({ action: 'user.created', actorEmail: 'cli', entity: 'user', entityId: user.id, details: { email } })
		return `Created user ${user.id} <${user.email}>.`
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
		const ended = await destroyAllSessions(user.id)
		await recordAudit({ action: 'user.password_reset', actorEmail: 'cli', entity: 'user', entityId: user.id, details: { mustChange: values['must-change'] } })
		return `Password set for <${user.email}>; ${ended} session(s) ended.`
	},

	async 'users:lock'(args) {
		const { values } = parseArgs({ args, options: { email: { type: 'string' }, unlock: { type: 'boolean', default: false } } })
		const user = await findUser(required(values, 'email'))
		await setUserLocked(user.id, !values.unlock)
		const ended = values.unlock ? 0 : await destroyAllSessions(user.id)
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
		if (name !== 'db:migrate') await migrateToLatest()
		process.stdout.write(`${await command(args)}\n`)
		return 0
	} catch (error) {
		if (error instanceof UsageError || error instanceof ConfigError || error instanceof EmailTakenError) {
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
