import { parseArgs } from 'node:util'

/**
 * The operators' commands as data: each command's options and what it does, in one place. The parser,
 * the usage text and the tests all read this table, so a command cannot take an option its usage does not
 * name, or ignore one it does not know (docs/decisions/0039-cli-command-table.md).
 */

interface OptionSpec {
	type: 'string' | 'boolean'
	/** The placeholder in the usage (`--email E`); string options only. */
	value?: string
	/** A string option the command cannot do without. */
	required?: true
	default?: string
	/** A string option that may be given more than once (`--scope A=… --scope B=…`): its values in order. */
	multiple?: true
}

interface CommandSpec {
	/** Extra text after the synopsis, one line each. */
	help: readonly string[]
	options: Readonly<Record<string, OptionSpec>>
}

/** The demo users' password when --password is not given (documented; change it outside a demo). */
export const DEMO_PASSWORD = 'Demo-Portal-2025!'
export const DEMO_STATIONS = 300

export const COMMANDS = {
	'db:migrate': { help: ['Apply pending database migrations'], options: {} },
	'users:create': {
		help: ['Create a user with the given roles'],
		options: {
			email: { type: 'string', value: 'E', required: true },
			password: { type: 'string', value: 'P', required: true },
			name: { type: 'string', value: 'N' },
			'given-name': { type: 'string', value: 'G' },
			'family-name': { type: 'string', value: 'F' },
			roles: { type: 'string', value: 'r1,r2', default: '' },
			scope: { type: 'string', value: 'ROLE=province,province', multiple: true },
			'must-change': { type: 'boolean' },
		},
	},
	'users:create-admin': {
		help: [
			'Make an account an administrator now: created if missing, unlocked, given the',
			'admin role, its password set (from --password, else ADMIN_PASSWORD, else generated',
			'and shown on a terminal, or written to DATA_DIR/initial-admin-password), to be',
			'changed at first sign-in; E defaults to ADMIN_EMAIL, else admin@example.com;',
			'G and F are its given and family name',
		],
		options: {
			email: { type: 'string', value: 'E' },
			password: { type: 'string', value: 'P' },
			'given-name': { type: 'string', value: 'G' },
			'family-name': { type: 'string', value: 'F' },
		},
	},
	'users:set-roles': {
		help: [
			"Replace a user's roles (--force to demote the last administrator); --scope,",
			'repeatable, limits a role to provinces (codes as stored on stations); a role',
			'without one holds everywhere',
		],
		options: {
			email: { type: 'string', value: 'E', required: true },
			roles: { type: 'string', value: 'r1,r2', default: '' },
			scope: { type: 'string', value: 'ROLE=province,province', multiple: true },
			force: { type: 'boolean' },
		},
	},
	'roles:list': { help: ['List the roles'], options: {} },
	'users:set-password': {
		help: ["Set a user's password (ends their sessions)"],
		options: {
			email: { type: 'string', value: 'E', required: true },
			password: { type: 'string', value: 'P', required: true },
			'must-change': { type: 'boolean' },
		},
	},
	'users:lock': {
		help: ['Lock a user (ends their sessions) or unlock (--force to lock the last', 'administrator)'],
		options: { email: { type: 'string', value: 'E', required: true }, unlock: { type: 'boolean' }, force: { type: 'boolean' } },
	},
	'users:reset-mfa': {
		help: [
			"Remove a user's second factor and recovery codes, ending their sessions and API",
			'tokens: a lost authenticator, or a key SESSION_SECRET does not open (db:verify)',
		],
		options: { email: { type: 'string', value: 'E', required: true } },
	},
	'db:backup': {
		help: ['Copy the database to FILE, consistent while the portal runs', '(SQLite: online backup; PostgreSQL: pg_dump, custom format)'],
		options: { to: { type: 'string', value: 'FILE', required: true } },
	},
	'db:restore': {
		help: [
			'Replace the database with a backup (--force when it holds data; stop the portal',
			'first); says how many second-factor keys SESSION_SECRET opens',
		],
		options: { from: { type: 'string', value: 'FILE', required: true }, force: { type: 'boolean' } },
	},
	'db:verify': {
		help: [
			"Check the database's integrity, count its rows and the second-factor keys",
			'SESSION_SECRET opens (exit 1 when the integrity check fails)',
		],
		options: {},
	},
	'db:seed-demo': {
		help: [
			'Deterministic demo data: stations, tools (default 300 and 3000; M defaults to',
			'10 x N, at most 100000), the users operator@example.com and viewer@example.com,',
			'and U demo staff (staff-00001@example.com…, default 0) over 40 roles, some regional',
		],
		options: {
			stations: { type: 'string', value: 'N', default: String(DEMO_STATIONS) },
			tools: { type: 'string', value: 'M' },
			users: { type: 'string', value: 'U', default: '0' },
			reset: { type: 'boolean' },
			password: { type: 'string', value: 'P', default: DEMO_PASSWORD },
		},
	},
} as const satisfies Record<string, CommandSpec>

export type CommandName = keyof typeof COMMANDS

/** A command's parsed options: flags are booleans, required or defaulted values strings, others optional. */
export type CommandValues<Name extends CommandName> = {
	[Key in keyof (typeof COMMANDS)[Name]['options']]: (typeof COMMANDS)[Name]['options'][Key] extends { type: 'boolean' }
		? boolean
		: (typeof COMMANDS)[Name]['options'][Key] extends { multiple: true }
			? string[]
			: (typeof COMMANDS)[Name]['options'][Key] extends { required: true } | { default: string }
				? string
				: string | undefined
}

/** A command line that does not fit the command: exit 2 with the message and the command's usage. */
export class UsageError extends Error {
	constructor(
		message: string,
		readonly usage: string,
	) {
		super(message)
	}
}

const INDENT = 47

function synopsis(name: string, spec: CommandSpec): string {
	const parts = Object.entries(spec.options).map(([option, { type, value, required, multiple }]) => {
		const text = type === 'boolean' ? `--${option}` : `--${option} ${value}`
		return required ? text : `[${text}]${multiple ? '…' : ''}`
	})
	return [name, ...parts].join(' ')
}

/** One command's entry in the usage: its synopsis, then what it does. */
export function commandUsage(name: CommandName): string {
	const spec: CommandSpec = COMMANDS[name]
	const head = `  ${synopsis(name, spec)}`
	const [first, ...rest] = spec.help
	const lines = head.length < INDENT - 1 ? [`${head.padEnd(INDENT)}${first}`] : [head, `${' '.repeat(INDENT)}${first}`]
	return [...lines, ...rest.map((line) => `${' '.repeat(INDENT)}${line}`)].join('\n')
}

export const USAGE = `Usage: npm run cli -- <command> [options]

Commands:
${(Object.keys(COMMANDS) as CommandName[]).map(commandUsage).join('\n')}
`

export function isCommandName(name: string): name is CommandName {
	return Object.hasOwn(COMMANDS, name)
}

/**
 * The command's options from its arguments, as its table entry defines them. Throws UsageError for an
 * unknown option, a positional argument, a missing required option, an option without its value
 * (`--from` last, followed by another option, or `--from=`) or a flag given a value.
 */
export function parseCommandLine<Name extends CommandName>(name: Name, args: readonly string[]): CommandValues<Name> {
	const spec: CommandSpec = COMMANDS[name]
	const usage = `Usage: npm run cli -- ${synopsis(name, spec)}\n${spec.help.map((line) => `  ${line}\n`).join('')}`
	let values: Record<string, string | string[] | boolean | undefined>
	try {
		const options = Object.fromEntries(
			Object.entries(spec.options).map(([option, { type, multiple }]) => [option, { type, multiple: multiple === true }]),
		)
		values = parseArgs({ args: [...args], options, strict: true, allowPositionals: false }).values as typeof values
	} catch (error) {
		if (error instanceof TypeError && 'code' in error && String(error.code).startsWith('ERR_PARSE_ARGS'))
			throw new UsageError(error.message, usage)
		throw error
	}
	for (const [option, { type, required, default: fallback, multiple }] of Object.entries(spec.options)) {
		const value = values[option]
		if (type === 'boolean') values[option] = value ?? false
		else if (multiple) {
			if (Array.isArray(value) && value.some((each) => each.trim() === '')) throw new UsageError(`--${option} needs a value`, usage)
			values[option] = value ?? []
		} else if (value === undefined && required) throw new UsageError(`--${option} is required`, usage)
		// `--email=` is an option without its value; an empty value is one only where it means the default (`--roles ''`).
		else if (typeof value === 'string' && value.trim() === '' && fallback !== '') throw new UsageError(`--${option} needs a value`, usage)
		else if (value === undefined && fallback !== undefined) values[option] = fallback
	}
	return values as CommandValues<Name>
}
