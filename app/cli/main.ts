import { AdministratorPasswordError } from '~/bootstrap.server'
import { ConfigError } from '~/config.server'
import { BackupError } from '~/db/backup.server'
import { getDatabase, migrateToLatest } from '~/db/db.server'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { USAGE, UsageError, isCommandName, parseCommandLine, type CommandName } from './command-line'
import { EmailTakenError } from '~/users/users.server'
import { UnknownRoleError } from '~/users/role-assignments.server'
import { CommandError, VerifyError, type CommandHandlers } from './command-options.server'
import { databaseCommands } from './database-commands.server'
import { userCommands } from './user-commands.server'

/** Commands that read or replace the database as it is: no migration first. */
const AS_IS = new Set<CommandName>(['db:migrate', 'db:backup', 'db:restore', 'db:verify'])

/** What each command of the table (command-line.ts) does with its parsed options. */
const commands: CommandHandlers<CommandName> = { ...databaseCommands, ...userCommands }

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
