// The commands on accounts and roles: create, the administrator, roles, passwords, locks, second factors.
import { recordAudit } from '~/audit/audit.server'
import { getAuthProvider } from '~/auth/provider.server'
import { revokeAccess } from '~/auth/revoke.server'
import { grantAdministrator } from '~/bootstrap.server'
import { getConfig } from '~/config.server'
import { notify, notifyRolesChanged } from '~/notifications/notifications.server'
import { passwordResetNotice } from '~/notifications/access-notices.server'
import { listRoles } from '~/permissions/roles.server'
import { ADMIN_ROLE } from '~/admin/users.server'
import { resetSecondFactor } from '~/auth/mfa/admin-reset.server'
import { handOverPassword } from '~/users/initial-password.server'
import { setUserLocked, setUserRoles } from '~/users/users.server'
import type { CommandName } from './command-line'
import {
	assertPolicy,
	CommandError,
	emailOption,
	findUser,
	personName,
	refuseLastAdministrator,
	rolesText,
	scopeOptions,
	type CommandHandlers,
} from './command-options.server'

export const userCommands: CommandHandlers<Exclude<CommandName, `db:${string}`>> = {
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
		await notify(user.id, passwordResetNotice(ended))
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
