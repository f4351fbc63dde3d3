import { randomBytes } from 'node:crypto'
import { entityAudit, type Actor } from '~/audit/audit.server'
import { hashPassword } from '~/auth/password.server'
import { getDb, type DB } from '~/db/db.server'
import { notifyRolesChanged } from '~/notifications/notifications.server'
import {
	assignmentsWithin,
	auditRefusal,
	firstUnassignableRole,
	manageRefusal,
	mayManageUser,
	userAdministrationScope,
	type DelegationRefusal,
} from '~/permissions/delegation.server'
import type { ProvinceCode } from '~/catalogs/provinces'
import { isProvinceCode } from '~/permissions/scope'
import {
	assignmentsFromCodes,
	describeAssignments,
	replaceRoleAssignments,
	UnknownRoleError,
	type NamedAssignment,
} from '~/users/role-assignments.server'
import type { FieldErrors } from '~/utils/form.server'
import { userSearchText } from '~/users/search-text'
import { getUserByEmail, insertUser } from '~/users/users.server'
import type { NewUserInput, UserProfileInput } from './user-forms.server'
import { getAdminUser } from './user-list.server'
import { provincesFieldName, scopeFieldName } from './users'

/**
 * User administration: the forms' schemas, the delegation rule's checks, creating accounts and editing
 * their names and roles (the list and a user's record: user-list.server.ts; locking, password resets,
 * sessions, email and deletion: user-account.server.ts). Knows nothing of HTTP: routes pass validated
 * input and the acting user.
 */

/** The delegation rule said no: nothing changed, the refusal is audited. */
export type Refused = { ok: false; reason: 'delegation'; refusal: DelegationRefusal }

/** Whether the actor may act on the user at all: they hold every grant the user holds. */
export function canManageUser(actorId: number, userId: number, db: DB = getDb()): Promise<boolean> {
	return mayManageUser(db, actorId, userId)
}

/** Refuses (and audits) acting on a user who holds grants the actor does not hold, or roles outside the actor's provinces. */
export async function refuseBeyondActor(trx: DB, actor: Actor, userId: number, attempted: string): Promise<Refused | null> {
	const refusal = await manageRefusal(trx, actor.id, userId)
	if (refusal === null) return null
	await auditRefusal(trx, actor, refusal, { entity: 'user', id: userId }, { attempted })
	return { ok: false, reason: 'delegation', refusal }
}

/**
 * Refuses (and audits) giving a user a role that carries grants the actor does not hold, or a role in
 * provinces outside the actor's scope of user administration (decision 0054).
 */
async function refuseUnassignable(
	trx: DB,
	actor: Actor,
	userId: number,
	roles: readonly string[],
	assignments: readonly NamedAssignment[],
	action: 'create' | 'update',
): Promise<Refused | null> {
	const role = await firstUnassignableRole(trx, actor.id, roles)
	if (role !== null) {
		await auditRefusal(trx, actor, 'roleBeyondActor', { entity: 'user', id: userId }, { attempted: 'assignRole', role })
		return { ok: false, reason: 'delegation', refusal: 'roleBeyondActor' }
	}
	const scope = await userAdministrationScope(trx, actor.id, action)
	if (assignmentsWithin(assignments, scope)) return null
	await auditRefusal(
		trx,
		actor,
		'scopeBeyondActor',
		{ entity: 'user', id: userId },
		{ attempted: 'assignScope', roles: describeAssignments(assignments), scope: scope?.join(', ') ?? '*' },
	)
	return { ok: false, reason: 'delegation', refusal: 'scopeBeyondActor' }
}

export const ADMIN_ROLE = 'admin'

/** A random temporary password (shown once, to be changed at first sign-in). */
export function generatePassword(): string {
	return randomBytes(12).toString('base64url')
}

/**
 * The assignments a form posted: role codes (checkboxes named `roles`, checked against the stored roles),
 * each everywhere or in the provinces ticked for it (decision 0052); the field errors otherwise.
 */
export async function postedAssignments(
	formData: FormData,
	db: DB = getDb(),
): Promise<{ ok: true; codes: string[]; assignments: NamedAssignment[] } | { ok: false; errors: FieldErrors }> {
	const posted = [...new Set(formData.getAll('roles').filter((value): value is string => typeof value === 'string' && value !== ''))].sort()
	const scopes = new Map<string, ProvinceCode[]>()
	for (const code of posted) {
		if (formData.get(scopeFieldName(code)) !== 'some') continue
		const provinces = formData.getAll(provincesFieldName(code)).map(String)
		if (!provinces.every(isProvinceCode)) return { ok: false, errors: { roles: { key: 'scope.errors.unknownProvince' } } }
		if (provinces.length === 0) return { ok: false, errors: { roles: { key: 'scope.errors.noProvince', values: { role: code } } } }
		scopes.set(code, provinces)
	}
	try {
		return { ok: true, codes: posted, assignments: await assignmentsFromCodes(db, posted, scopes) }
	} catch (error) {
		if (error instanceof UnknownRoleError) return { ok: false, errors: { roles: { key: 'admin.errors.unknownRole' } } }
		throw error
	}
}

// ---------------------------------------------------------------------------------------------
// Writing

/** How many unlocked accounts hold the `admin` role, leaving out `exceptUserId` when given. */
export async function countActiveAdministrators(db: DB = getDb(), exceptUserId: number | null = null): Promise<number> {
	let query = db
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.innerJoin('users', 'users.id', 'user_roles.user_id')
		.select((eb) => eb.fn.countAll<number | string>().as('n'))
		.where('roles.code', '=', ADMIN_ROLE)
		.where('users.locked', '=', 0)
	if (exceptUserId !== null) query = query.where('users.id', '<>', exceptUserId)
	const row = await query.executeTakeFirstOrThrow()
	return Number(row.n)
}

export async function holdsAdmin(db: DB, userId: number): Promise<boolean> {
	const row = await db
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.select('roles.id')
		.where('roles.code', '=', ADMIN_ROLE)
		.where('user_roles.user_id', '=', userId)
		.executeTakeFirst()
	return Boolean(row)
}

/** Whether the user is the only unlocked holder of `admin`: locking, deleting or demoting them leaves nobody in charge. */
export async function isLastActiveAdministrator(userId: number, db: DB = getDb()): Promise<boolean> {
	const user = await db.selectFrom('users').select('locked').where('id', '=', userId).executeTakeFirst()
	if (!user || user.locked) return false
	return (await holdsAdmin(db, userId)) && (await countActiveAdministrators(db, userId)) === 0
}

const audit = entityAudit('user')

export type CreateUserResult =
	{ ok: true; id: number; email: string; password: string; generated: boolean } | { ok: false; reason: 'emailTaken' } | Refused

export async function createAdminUser(
	input: NewUserInput,
	assignments: readonly NamedAssignment[],
	actor: Actor,
	db: DB = getDb(),
): Promise<CreateUserResult> {
	const roles = assignments.map((assignment) => assignment.code)
	const generated = input.password === ''
	const password = generated ? generatePassword() : input.password
	const passwordHash = await hashPassword(password)
	if (await getUserByEmail(input.email, db)) return { ok: false, reason: 'emailTaken' }
	try {
		const user = await db.transaction().execute(async (trx) => {
			const refused = await refuseUnassignable(trx, actor, 0, roles, assignments, 'create')
			if (refused) return refused
			const created = await insertUser(
				{
					email: input.email,
					displayName: input.displayName ?? '',
					firstName: input.firstName ?? '',
					lastName: input.lastName ?? '',
					passwordHash,
					mustChangePassword: true,
				},
				trx,
			)
			const assigned = await replaceRoleAssignments(trx, created.id, assignments, false)
			await audit(trx, 'user.created', actor, created.id, {
				email: created.email,
				changes: {
					email: { from: '', to: created.email },
					displayName: { from: '', to: created.display_name },
					firstName: { from: '', to: created.first_name },
					lastName: { from: '', to: created.last_name },
					roles: { from: '', to: assigned.to },
				},
			})
			return created
		})
		if ('reason' in user) return user
		return { ok: true, id: Number(user.id), email: user.email, password, generated }
	} catch (error) {
		// Another request took the email in between.
		if (await getUserByEmail(input.email, db)) return { ok: false, reason: 'emailTaken' }
		throw error
	}
}

export type UpdateUserResult = { ok: true; changed: boolean } | { ok: false; reason: 'notFound' | 'lastAdmin' } | Refused

export async function updateAdminUser(
	id: number,
	input: UserProfileInput,
	assignments: readonly NamedAssignment[],
	actor: Actor,
	db: DB = getDb(),
): Promise<UpdateUserResult> {
	return db.transaction().execute(async (trx): Promise<UpdateUserResult> => {
		const before = await getAdminUser(id, trx)
		if (!before) return { ok: false, reason: 'notFound' }
		const newRoles = assignments.map((assignment) => assignment.code).sort()
		const refused =
			(await refuseBeyondActor(trx, actor, id, 'updateUser')) ??
			(await refuseUnassignable(
				trx,
				actor,
				id,
				newRoles.filter((code) => !before.roles.includes(code)),
				assignments,
				'update',
			))
		if (refused) return refused
		const removesAdmin = before.roles.includes(ADMIN_ROLE) && !newRoles.includes(ADMIN_ROLE)
		if (removesAdmin && !before.locked && (await countActiveAdministrators(trx, id)) === 0) return { ok: false, reason: 'lastAdmin' }
		const changes: Record<string, { from: string; to: string }> = {}
		const fields = {
			displayName: ['display_name', input.displayName || before.display_name],
			firstName: ['first_name', input.firstName ?? ''],
			lastName: ['last_name', input.lastName ?? ''],
		} as const
		for (const [name, [column, value]] of Object.entries(fields)) {
			if (before[column] !== value) changes[name] = { from: before[column], to: value }
		}
		const [rolesFrom, rolesTo] = [describeAssignments(before.assignments), describeAssignments(assignments)]
		const rolesChanged = rolesFrom !== rolesTo
		if (rolesChanged) changes.roles = { from: rolesFrom, to: rolesTo }
		if (Object.keys(changes).length === 0) return { ok: true, changed: false }
		await trx
			.updateTable('users')
			.set({
				display_name: fields.displayName[1],
				first_name: fields.firstName[1],
				last_name: fields.lastName[1],
				search_text: userSearchText({
					email: before.email,
					display_name: fields.displayName[1],
					first_name: fields.firstName[1],
					last_name: fields.lastName[1],
				}),
				updated_at: Date.now(),
			})
			.where('id', '=', id)
			.execute()
		if (rolesChanged) {
			await replaceRoleAssignments(trx, id, assignments, false)
			await notifyRolesChanged(id, newRoles, trx)
		}
		await audit(trx, 'user.updated', actor, id, { email: before.email, changes })
		return { ok: true, changed: true }
	})
}
