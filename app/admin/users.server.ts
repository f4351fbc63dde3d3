import { randomBytes } from 'node:crypto'
import { z } from 'zod'
import { entityAudit, type Actor } from '~/audit/audit.server'
import { checkPasswordPolicy, hashPassword, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '~/auth/password.server'
import { revokeAccess } from '~/auth/revoke.server'
import { formObject, optionalText } from '~/catalogs/fields.server'
import { getDatabase, getDb, type DB } from '~/db/db.server'
import type { ListState } from '~/lists/list-query'
import { equals, readPage, search, type ListResult, type ListSource, type SortColumn } from '~/lists/list.server'
import { notify, notifyRolesChanged } from '~/notifications/notifications.server'
import {
	assignableRoleCodes,
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
	getRoleAssignments,
	readAssignments,
	replaceRoleAssignments,
	UnknownRoleError,
	type NamedAssignment,
} from '~/users/role-assignments.server'
import type { FieldErrors } from '~/utils/form.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getFixedT } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguageCode, languageTag } from '~/i18n/languages'
import { sendMail } from '~/mail/mailer.server'
import { emailField } from '~/users/email-field.server'
import type { Email } from '~/users/email.server'
import { userSearchText } from '~/users/search-text'
import { getUserByEmail, getUserById, insertUser } from '~/users/users.server'
import { formText, issue } from '~/utils/form.server'
import { provincesFieldName, scopeFieldName, USER_LIMITS, type USER_LIST, type UserSort } from './users'

/**
 * User administration: the list, creating accounts, editing names and roles, locking, password
 * resets and ending sessions. Knows nothing of HTTP: routes pass validated input and the acting user.
 */

/** The delegation rule said no: nothing changed, the refusal is audited. */
export type Refused = { ok: false; reason: 'delegation'; refusal: DelegationRefusal }

/** Whether the actor may act on the user at all: they hold every grant the user holds. */
export function canManageUser(actorId: number, userId: number, db: DB = getDb()): Promise<boolean> {
	return mayManageUser(db, actorId, userId)
}

/** Refuses (and audits) acting on a user who holds grants the actor does not hold, or roles outside the actor's provinces. */
async function refuseBeyondActor(trx: DB, actor: Actor, userId: number, attempted: string): Promise<Refused | null> {
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

// ---------------------------------------------------------------------------------------------
// Forms

/** An optional password: empty means "generate one"; otherwise the password policy applies. */
const temporaryPasswordField = formText.pipe(
	z.string().superRefine((value, ctx) => {
		if (value === '') return
		const problem = checkPasswordPolicy(value)
		if (problem === 'tooShort') ctx.addIssue({ code: 'custom', message: issue('password.tooShort', { min: PASSWORD_MIN_LENGTH }) })
		else if (problem === 'tooLong') ctx.addIssue({ code: 'custom', message: issue('password.tooLong', { max: PASSWORD_MAX_LENGTH }) })
		else if (problem === 'common') ctx.addIssue({ code: 'custom', message: issue('password.common') })
	}),
)

/** A person's given and family name, as every form takes them (empty is null). */
export const personNameFields = {
	firstName: optionalText(USER_LIMITS.firstName),
	lastName: optionalText(USER_LIMITS.lastName),
}

const profileShape = {
	displayName: optionalText(USER_LIMITS.displayName),
	...personNameFields,
}

export const newUserSchema = formObject({ email: emailField, ...profileShape, password: temporaryPasswordField })
export const changeEmailSchema = formObject({ email: emailField })
export const userProfileSchema = formObject(profileShape)
export const resetPasswordSchema = formObject({ password: temporaryPasswordField })

export type NewUserInput = z.output<typeof newUserSchema>
export type UserProfileInput = z.output<typeof userProfileSchema>

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
// Reading

export interface UserListRow {
	id: number
	email: string
	display_name: string
	first_name: string
	last_name: string
	locked: number
	created_at: number
	/** 0: never signed in. */
	last_sign_in_at: number
	roles: string[]
	/** Each role everywhere (`provinces: null`) or in those provinces. */
	assignments: NamedAssignment[]
}

const SORTS: Record<(typeof USER_LIST.sorts)[number], SortColumn> = {
	email: { column: 'users.email_normalized', unique: true },
	name: { column: 'users.display_name' },
	createdAt: { column: 'users.created_at' },
	lastSignIn: { column: 'users.last_sign_in_at' },
}

export async function listAdminUsers(state: ListState<'role' | 'state', UserSort>, db: DB = getDb()): Promise<ListResult<UserListRow>> {
	const dialect = getDatabase().dialect
	let filtered = db.selectFrom('users')
	const { condition: searched, atLeast } = await search(db, dialect, 'users', state.q)
	if (searched) filtered = filtered.where(searched)
	if (state.filters.state)
		filtered = filtered.where(equals(dialect, 'users.locked', state.filters.state === 'locked' ? 1 : 0, { selective: true }))
	if (state.filters.role) {
		const role = state.filters.role
		filtered = filtered.where('users.id', 'in', (eb) =>
			eb
				.selectFrom('user_roles')
				.innerJoin('roles', 'roles.id', 'user_roles.role_id')
				.select('user_roles.user_id')
				.where('roles.code', '=', role),
		)
	}
	const source: ListSource = {
		table: 'users',
		idColumn: 'users.id',
		filtered,
		columns: (query) =>
			query.select([
				'users.id',
				'users.email',
				'users.display_name',
				'users.first_name',
				'users.last_name',
				'users.locked',
				'users.created_at',
				'users.last_sign_in_at',
			]),
		sort: SORTS[state.sort],
		searchMatchesAtLeast: atLeast,
	}
	const page = await readPage<Omit<UserListRow, 'roles' | 'assignments'>>(db, dialect, source, state)
	const assigned = await readAssignments(
		db,
		page.rows.map((row) => Number(row.id)),
	)
	return {
		...page,
		rows: page.rows.map((row) => {
			const assignments = assigned.get(Number(row.id)) ?? []
			return {
				...row,
				id: Number(row.id),
				created_at: Number(row.created_at),
				last_sign_in_at: Number(row.last_sign_in_at),
				roles: assignments.map((a) => a.code),
				assignments,
			}
		}),
	}
}

export interface RoleOption {
	code: string
	name: string
	is_builtin: number
	assignable: boolean
}

/** Every role, each marked with whether `actorId` may assign it (the delegation rule). */
export async function listRoleOptions(actorId: number, db: DB = getDb()): Promise<RoleOption[]> {
	const [roles, assignable] = await Promise.all([
		db.selectFrom('roles').select(['code', 'name', 'is_builtin']).orderBy('is_builtin', 'desc').orderBy('code').execute(),
		assignableRoleCodes(db, actorId),
	])
	return roles.map((role) => ({ ...role, assignable: assignable.has(role.code) }))
}

export interface AdminUserRecord {
	id: number
	email: string
	display_name: string
	first_name: string
	last_name: string
	locked: boolean
	must_change_password: boolean
	created_at: number
	updated_at: number
	roles: string[]
	assignments: NamedAssignment[]
	sessions: number
}

export async function getAdminUser(id: number, db: DB = getDb()): Promise<AdminUserRecord | null> {
	const user = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
	if (!user) return null
	const [assignments, sessions] = await Promise.all([
		getRoleAssignments(id, db),
		db
			.selectFrom('sessions')
			.select((eb) => eb.fn.countAll<number | string>().as('n'))
			.where('user_id', '=', id)
			.where('expires_at', '>', Date.now())
			.executeTakeFirstOrThrow(),
	])
	return {
		id: Number(user.id),
		email: user.email,
		display_name: user.display_name,
		first_name: user.first_name,
		last_name: user.last_name,
		locked: Boolean(user.locked),
		must_change_password: Boolean(user.must_change_password),
		created_at: Number(user.created_at),
		updated_at: Number(user.updated_at),
		roles: assignments.map((assignment) => assignment.code),
		assignments,
		sessions: Number(sessions.n),
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

async function holdsAdmin(db: DB, userId: number): Promise<boolean> {
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

export type LockResult = { ok: true; sessionsEnded: number } | { ok: false; reason: 'notFound' | 'self' | 'lastAdmin' } | Refused

/** Locks (ending every session and API token at once) or unlocks an account. */
export async function setAdminUserLocked(id: number, locked: boolean, actor: Actor, db: DB = getDb()): Promise<LockResult> {
	return db.transaction().execute(async (trx): Promise<LockResult> => {
		const user = await getAdminUser(id, trx)
		if (!user) return { ok: false, reason: 'notFound' }
		if (locked && id === actor.id) return { ok: false, reason: 'self' }
		const refused = await refuseBeyondActor(trx, actor, id, locked ? 'lock' : 'unlock')
		if (refused) return refused
		if (locked && user.roles.includes(ADMIN_ROLE) && (await countActiveAdministrators(trx, id)) === 0)
			return { ok: false, reason: 'lastAdmin' }
		if (user.locked === locked) return { ok: true, sessionsEnded: 0 }
		await trx
			.updateTable('users')
			.set({ locked: locked ? 1 : 0, updated_at: Date.now() })
			.where('id', '=', id)
			.execute()
		const sessionsEnded = locked ? await revokeAccess(id, {}, trx) : 0
		await audit(trx, locked ? 'user.locked' : 'user.unlocked', actor, id, {
			email: user.email,
			changes: { locked: { from: String(user.locked), to: String(locked) } },
			...(locked ? { sessionsEnded } : {}),
		})
		return { ok: true, sessionsEnded }
	})
}

export type ResetResult =
	{ ok: true; password: string; generated: boolean; sessionsEnded: number } | { ok: false; reason: 'notFound' } | Refused

/**
 * Sets a temporary password the user must change at next sign-in (through the provider: with Firebase it
 * is Firebase's password), and ends their access everywhere.
 */
export async function resetAdminUserPassword(id: number, requested: string, actor: Actor, db: DB = getDb()): Promise<ResetResult> {
	const generated = requested === ''
	const password = generated ? generatePassword() : requested
	const checked = await db.transaction().execute(async (trx) => {
		const user = await getUserById(id, trx)
		if (!user) return { ok: false as const, reason: 'notFound' as const }
		return (await refuseBeyondActor(trx, actor, id, 'resetPassword')) ?? { ok: true as const, user }
	})
	if (!checked.ok) return checked
	// Outside the transaction: Firebase is another system, and SQLite has one connection.
	await getAuthProvider().setPassword(checked.user, password, { mustChange: true })
	return db.transaction().execute(async (trx): Promise<ResetResult> => {
		const sessionsEnded = await revokeAccess(id, {}, trx)
		await notify(
			id,
			{
				type: 'password_reset',
				titleKey: 'notifications.passwordReset.title',
				bodyKey: 'notifications.passwordReset.body',
				params: { count: sessionsEnded },
			},
			trx,
		)
		await audit(trx, 'user.passwordReset', actor, id, { email: checked.user.email, sessionsEnded })
		return { ok: true, password, generated, sessionsEnded }
	})
}

export type RevokeResult = { ok: true; sessionsEnded: number } | { ok: false; reason: 'notFound' } | Refused

/** Ends every session and API token of the user (the acting admin's own browser included, if it is them). */
export async function revokeAdminUserSessions(id: number, actor: Actor, db: DB = getDb()): Promise<RevokeResult> {
	return db.transaction().execute(async (trx): Promise<RevokeResult> => {
		const user = await getAdminUser(id, trx)
		if (!user) return { ok: false, reason: 'notFound' }
		const refused = await refuseBeyondActor(trx, actor, id, 'revokeSessions')
		if (refused) return refused
		const sessionsEnded = await revokeAccess(id, {}, trx)
		await notify(
			id,
			{
				type: 'sessions_ended',
				titleKey: 'notifications.sessionsEnded.title',
				bodyKey: 'notifications.sessionsEnded.body',
				params: { count: sessionsEnded },
			},
			trx,
		)
		await audit(trx, 'user.sessionsRevoked', actor, id, { email: user.email, sessionsEnded })
		return { ok: true, sessionsEnded }
	})
}

export type DeleteUserResult = { ok: true; email: string } | { ok: false; reason: 'notFound' | 'self' | 'lastAdmin' } | Refused

/** Removes the account (its sessions, tokens, roles and notifications with it; its audit rows stay). */
export async function deleteAdminUser(id: number, actor: Actor, db: DB = getDb()): Promise<DeleteUserResult> {
	return db.transaction().execute(async (trx): Promise<DeleteUserResult> => {
		const user = await getAdminUser(id, trx)
		if (!user) return { ok: false, reason: 'notFound' }
		if (id === actor.id) return { ok: false, reason: 'self' }
		const refused = await refuseBeyondActor(trx, actor, id, 'delete')
		if (refused) return refused
		if ((await holdsAdmin(trx, id)) && !user.locked && (await countActiveAdministrators(trx, id)) === 0)
			return { ok: false, reason: 'lastAdmin' }
		// Sessions, tokens, roles, notifications and reset links go with it (foreign keys cascade).
		await trx.deleteFrom('users').where('id', '=', id).execute()
		await audit(trx, 'user.deleted', actor, id, { email: user.email, changes: { email: { from: user.email, to: '' } } })
		return { ok: true, email: user.email }
	})
}

export type ChangeEmailResult =
	{ ok: true; changed: boolean; sessionsEnded: number } | { ok: false; reason: 'notFound' | 'emailTaken' } | Refused

/**
 * Makes `email` the user's sign-in email (with the provider too), ends their sessions and API tokens,
 * audits it, and tells both addresses, in the user's language. Subject to the delegation rule.
 */
export async function changeAdminUserEmail(
	id: number,
	email: Email,
	actor: Actor,
	{ origin }: { origin: string | null },
	db: DB = getDb(),
): Promise<ChangeEmailResult> {
	const checked = await db.transaction().execute(async (trx) => {
		const user = await getUserById(id, trx)
		if (!user) return { ok: false as const, reason: 'notFound' as const }
		const refused = await refuseBeyondActor(trx, actor, id, 'changeEmail')
		if (refused) return refused
		if (user.email === email) return { ok: true as const, user, changed: false }
		const taken = await trx.selectFrom('users').select('id').where('email_normalized', '=', email).where('id', '<>', id).executeTakeFirst()
		if (taken) return { ok: false as const, reason: 'emailTaken' as const }
		return { ok: true as const, user, changed: true }
	})
	if (!checked.ok) return checked
	if (!checked.changed) return { ok: true, changed: false, sessionsEnded: 0 }
	const { user } = checked
	try {
		await getAuthProvider().changeEmail(user, email)
	} catch (error) {
		// Two administrators giving one address at once: the unique index decides.
		if (await getUserByEmail(email, db)) return { ok: false, reason: 'emailTaken' }
		throw error
	}
	const sessionsEnded = await revokeAccess(id, {}, db)
	await audit(db, 'user.email_changed', actor, id, { changes: { email: { from: user.email, to: email } }, sessionsEnded })
	const language = isLanguageCode(user.preferred_language) ? user.preferred_language : DEFAULT_LANGUAGE
	const t = getFixedT(language)
	const values = { name: user.display_name, from: user.email, to: email, site: origin ?? '' }
	await sendMail({
		to: user.email,
		subject: t('emailChanged.subject'),
		text: t('emailChanged.oldAddress', values),
		lang: languageTag(language),
	})
	await sendMail({ to: email, subject: t('emailChanged.subject'), text: t('emailChanged.newAddress', values), lang: languageTag(language) })
	return { ok: true, changed: true, sessionsEnded }
}
