import { describe, expect, test } from 'vitest'
import { COMMANDS, USAGE, UsageError, parseCommandLine, type CommandName } from './command-line'

const names = Object.keys(COMMANDS) as CommandName[]

function optionsOf(name: CommandName) {
	return Object.entries(COMMANDS[name].options as Record<string, { type: 'string' | 'boolean'; required?: true; default?: string }>)
}

/** A command line the command accepts: each required option with a value. */
function validArgs(name: CommandName): string[] {
	return optionsOf(name).flatMap(([option, spec]) => (spec.required ? [`--${option}`, 'value'] : []))
}

/** The usage error `args` give, or null when they parse. */
function refusal(name: CommandName, args: string[]): UsageError | null {
	try {
		parseCommandLine(name, args)
		return null
	} catch (error) {
		if (error instanceof UsageError) return error
		throw error
	}
}

function expectRefused(name: CommandName, args: string[]) {
	const error = refusal(name, args)
	expect(error, `${name} ${args.join(' ')}`).toBeInstanceOf(UsageError)
	expect(error!.usage.startsWith(`Usage: npm run cli -- ${name}`)).toBe(true)
	for (const [option] of optionsOf(name)) expect(error!.usage).toContain(`--${option}`)
}

const stringOptions = names.flatMap((name) =>
	optionsOf(name)
		.filter(([, spec]) => spec.type === 'string')
		.map(([option, spec]) => [name, option, spec.default] as const),
)
const flags = names.flatMap((name) =>
	optionsOf(name)
		.filter(([, spec]) => spec.type === 'boolean')
		.map(([option]) => [name, option] as const),
)

describe('the command table', () => {
	test('the usage names every command', () => {
		for (const name of names) expect(USAGE).toContain(`\n  ${name}`)
	})

	test.each(names)('%s accepts its own options', (name) => {
		expect(refusal(name, validArgs(name))).toBeNull()
	})

	test.each(names)('%s refuses an unknown option and a stray argument, with its usage', (name) => {
		expectRefused(name, [...validArgs(name), '--from-elsewhere', '/nonexistent'])
		expectRefused(name, [...validArgs(name), '--verbose'])
		expectRefused(name, [...validArgs(name), 'stray'])
	})

	test.each(stringOptions)('%s --%s without its value is refused', (name, option, fallback) => {
		const others = validArgs(name).filter((_arg, index, args) => args[index] !== `--${option}` && args[index - 1] !== `--${option}`)
		// Last on the line, or followed by another option.
		expectRefused(name, [...others, `--${option}`])
		expectRefused(name, [`--${option}`, '--another', ...others])
		// Given as empty: missing, unless empty is what leaving it out means (`--roles ''`: no roles).
		if (fallback === '') expect(refusal(name, [...others, `--${option}=`])).toBeNull()
		else expectRefused(name, [...others, `--${option}=`])
	})

	test.each(
		names.flatMap((name) =>
			optionsOf(name)
				.filter(([, spec]) => spec.required)
				.map(([option]) => [name, option] as const),
		),
	)('%s refuses to run without --%s', (name, option) => {
		const others = validArgs(name).filter((_arg, index, args) => args[index] !== `--${option}` && args[index - 1] !== `--${option}`)
		expectRefused(name, others)
	})

	test.each(flags)('%s --%s takes no value', (name, option) => {
		expectRefused(name, [...validArgs(name), `--${option}=yes`])
		expect(parseCommandLine(name, [...validArgs(name), `--${option}`])).toMatchObject({ [option]: true })
	})

	test('values, defaults and flags come out as the command reads them', () => {
		expect(parseCommandLine('db:seed-demo', [])).toEqual({
			stations: '300',
			tools: undefined,
			users: '0',
			reset: false,
			password: 'Demo-Portal-2025!',
		})
		expect(
			parseCommandLine('users:create', ['--email', 'a@example.com', '--password', 'p', '--given-name', 'Lan', '--family-name=Phạm Thị']),
		).toMatchObject({
			email: 'a@example.com',
			'given-name': 'Lan',
			'family-name': 'Phạm Thị',
			roles: '',
			scope: [],
			'must-change': false,
		})
	})

	test('--scope may be given more than once, each value kept in order', () => {
		const values = parseCommandLine('users:set-roles', [
			'--email',
			'a@example.com',
			'--roles',
			'viewer,operator',
			'--scope',
			'operator=an-giang,can-tho',
			'--scope=viewer=hue',
		])
		expect(values.scope).toEqual(['operator=an-giang,can-tho', 'viewer=hue'])
	})
})
