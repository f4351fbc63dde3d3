import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import type { Email } from './email.server'
import { forgetInitialPassword } from './initial-password.server'
import type { ProvinceCode } from '~/catalogs/provinces'
import { assignmentsFromCodes, replaceRoleAssignments } from './role-assignments.server'
import { userSearchText } from './search-text'

export type { User }

/** The account's sign-in email (both columns hold the canonical form since migration 0019). */
export async function setUserEmail(userId: number, email: Email, db: DB = getDb()) {
	await db.updateTable('users').set({ email, email_normalized: email, updated_at: Date.now() }).where('id', '=', userId).execute()
	await refreshSearchText(userId, db)
}

/** Writes `search_text` again from the stored email and names, after a change of one of them. */
async function refreshSearchText(userId: number, db: DB) {
	const user = await db
		.selectFrom('users')
		.select(['email', 'display_name', 'first_name', 'last_name'])
		.where('id', '=', userId)
		.executeTakeFirst()
	if (user)
		await db
			.updateTable('users')
			.set({ search_text: userSearchText(user) })
			.where('id', '=', userId)
			.execute()
}

export function getUserById(id: number, db: DB = getDb()): Promise<User | undefined> {
	return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function getUserByEmail(email: Email, db: DB = getDb()): Promise<User | undefined> {
	return db.selectFrom('users').selectAll().where('email_normalized', '=', email).executeTakeFirst()
}

export async function countUsers(db: DB = getDb()): Promise<number> {
	const row = await db
		.selectFrom('users')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.executeTakeFirstOrThrow()
	return Number(row.count)
}

export interface NewAccount {
	email: Email
	displayName?: string
	firstName?: string
	lastName?: string
	passwordHash: string | null
	externalId?: string | null
	mustChangePassword?: boolean
	preferredLanguage?: string | null
}

export class EmailTakenError extends Error {
	constructor(readonly email: Email) {
		super(`Email ${email} is already taken`)
		this.name = 'EmailTakenError'
	}
}

export async function insertUser(account: NewAccount, db: DB = getDb()): Promise<User> {
	const now = Date.now()
	const { email } = account
	if (await getUserByEmail(email, db)) throw new EmailTakenError(email)
	const firstName = account.firstName?.trim() ?? ''
	const lastName = account.lastName?.trim() ?? ''
	const displayName = account.displayName?.trim() || [lastName, firstName].filter(Boolean).join(' ') || email.split('@')[0]!
	const names = { email, display_name: displayName, first_name: firstName, last_name: lastName }
	return db
		.insertInto('users')
		.values({
			...names,
			email_normalized: email,
			search_text: userSearchText(names),
			password_hash: account.passwordHash,
			external_id: account.externalId ?? null,
			must_change_password: account.mustChangePassword ? 1 : 0,
			preferred_language: account.preferredLanguage ?? null,
			password_changed_at: account.passwordHash ? now : null,
			created_at: now,
			updated_at: now,
		})
		.returningAll()
		.executeTakeFirstOrThrow()
}

/** Records a new password: its hash (null where another provider keeps passwords) and whether it must change. */
export async function updatePasswordHash(
	userId: number,
	passwordHash: string | null,
	{ mustChangePassword }: { mustChangePassword: boolean },
	db: DB = getDb(),
) {
	const now = Date.now()
	await db
		.updateTable('users')
		.set({
			password_hash: passwordHash,
			must_change_password: mustChangePassword ? 1 : 0,
			password_changed_at: now,
			updated_at: now,
		})
		.where('id', '=', userId)
		.execute()
	forgetInitialPassword(userId)
}

/** Links the account to its identity at the auth provider (the Firebase uid). */
export async function setExternalId(userId: number, externalId: string, db: DB = getDb()) {
	await db.updateTable('users').set({ external_id: externalId, updated_at: Date.now() }).where('id', '=', userId).execute()
}

export async function setUserLocked(userId: number, locked: boolean, db: DB = getDb()) {
	await db
		.updateTable('users')
		.set({ locked: locked ? 1 : 0, updated_at: Date.now() })
		.where('id', '=', userId)
		.execute()
}

/** Accounts read per query by usersInBatches. */
const USER_BATCH = 1_000

/** Every account in id order, a batch at a time (never all of them in memory), with the fields the API shows. */
export async function* usersInBatches(db: DB = getDb(), size = USER_BATCH) {
	for (let after = 0; ;) {
		const batch = await db
			.selectFrom('users')
			.select(['id', 'email', 'first_name', 'last_name', 'display_name'])
			.where('id', '>', after)
			.orderBy('id')
			.limit(size)
			.execute()
		if (batch.length > 0) yield batch
		if (batch.length < size) return
		after = Number(batch.at(-1)!.id)
	}
}

/** Removes the account; its sessions, tokens and roles go with it, its audit rows stay. */
export async function deleteUser(userId: number, db: DB = getDb()) {
	await db.deleteFrom('users').where('id', '=', userId).execute()
}

/**
 * Replaces the user's roles with `roleCodes` (all of them must exist, else UnknownRoleError), each
 * everywhere or in the provinces `scopes` gives for it; audited when `audit` says by whom.
 */
export async function setUserRoles(
	userId: number,
	roleCodes: readonly string[],
	db: DB = getDb(),
	{
		scopes,
		audit = false,
	}: { scopes?: ReadonlyMap<string, readonly ProvinceCode[]>; audit?: Parameters<typeof replaceRoleAssignments>[3] } = {},
) {
	return db
		.transaction()
		.execute(async (trx) => replaceRoleAssignments(trx, userId, await assignmentsFromCodes(trx, roleCodes, scopes), audit))
}

export async function getUserRoles(userId: number, db: DB = getDb()) {
	return db
		.selectFrom('user_roles')
		.innerJoin('roles', 'roles.id', 'user_roles.role_id')
		.select(['roles.code', 'roles.name', 'roles.is_builtin'])
		.where('user_roles.user_id', '=', userId)
		.orderBy('roles.code')
		.execute()
}

export async function updateProfile(
	userId: number,
	changes: {
		displayName?: string
		firstName?: string
		lastName?: string
		preferredLanguage?: string | null
		emailNotifications?: boolean
		timeZone?: string | null
	},
	db: DB = getDb(),
) {
	await db
		.updateTable('users')
		.set({
			...(changes.displayName !== undefined ? { display_name: changes.displayName } : {}),
			...(changes.firstName !== undefined ? { first_name: changes.firstName.trim() } : {}),
			...(changes.lastName !== undefined ? { last_name: changes.lastName.trim() } : {}),
			...(changes.preferredLanguage !== undefined ? { preferred_language: changes.preferredLanguage } : {}),
			...(changes.emailNotifications !== undefined ? { email_notifications: changes.emailNotifications ? 1 : 0 } : {}),
			...(changes.timeZone !== undefined ? { time_zone: changes.timeZone } : {}),
			updated_at: Date.now(),
		})
		.where('id', '=', userId)
		.execute()
	if (changes.displayName !== undefined || changes.firstName !== undefined || changes.lastName !== undefined)
		await refreshSearchText(userId, db)
}

/** Notes a successful sign-in (page or API) for the users list and the lock of unused accounts. */
export async function recordSignIn(userId: number, now = Date.now(), db: DB = getDb()) {
	await db.updateTable('users').set({ last_sign_in_at: now }).where('id', '=', userId).execute()
}
