// What the operators' commands share: the checks of their option values and the errors they exit with.
import { checkPasswordPolicy } from '~/auth/password.server'
import { isLastActiveAdministrator } from '~/admin/users.server'
import { USER_LIMITS } from '~/admin/users'
import { canonicalEmail } from '~/users/email.server'
import { getUserByEmail } from '~/users/users.server'
import type { ProvinceCode } from '~/catalogs/provinces'
import { isProvinceCode } from '~/permissions/scope'
import type { CommandName, CommandValues } from './command-line'

/** The database failed its check: exit 1, the report on standard error. */
export class VerifyError extends Error {}
/** The command cannot do what it was asked (bad value, unknown user, last administrator): exit 2 with the reason. */
export class CommandError extends Error {}

/** `--email`'s canonical address, as the sign-in page reads it. */
export function emailOption(typed: string) {
	const email = canonicalEmail(typed)
	if (email === null) throw new CommandError('--email is not a valid email address')
	return email
}

export function assertPolicy(password: string) {
	const problem = checkPasswordPolicy(password)
	if (problem) throw new CommandError(`--password does not meet the policy (${problem}): 8 to 128 characters that are hard to guess`)
}

/** Operators are not bound by the delegation rule, but leaving the portal without an administrator takes --force. */
export async function refuseLastAdministrator(user: { id: number; email: string }, force: boolean, doing: string) {
	if (force || !(await isLastActiveAdministrator(user.id))) return
	throw new CommandError(`<${user.email}> is the last active administrator: refusing to ${doing} them (add --force to do it anyway)`)
}

/** A given or family name from the command line, within the limits the forms apply. */
export function personName(value: string | undefined, option: 'given-name' | 'family-name'): string | undefined {
	const max = option === 'given-name' ? USER_LIMITS.firstName : USER_LIMITS.lastName
	if (value !== undefined && value.trim().length > max) throw new CommandError(`--${option} may have at most ${max} characters`)
	return value?.trim()
}

/** `--scope ROLE=province,province`, each naming a role of `--roles` and province codes as stored on stations. */
export function scopeOptions(values: readonly string[], roles: readonly string[]): Map<string, ProvinceCode[]> {
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
export function rolesText(roles: readonly string[], scopes: ReadonlyMap<string, readonly string[]>) {
	return roles.map((role) => (scopes.has(role) ? `${role} (${scopes.get(role)!.join(', ')})` : role)).join(', ') || '(none)'
}

export async function findUser(typed: string) {
	const email = emailOption(typed)
	const user = await getUserByEmail(email)
	if (!user) throw new CommandError(`no user with email ${email}`)
	return user
}

/** What some commands of the table (command-line.ts) do with their parsed options. */
export type CommandHandlers<Names extends CommandName> = { [Name in Names]: (values: CommandValues<Name>) => Promise<string> }
