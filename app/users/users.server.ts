import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'

export type { User }

export function normalizeEmail(email: string): string {
	return email.trim().normalize('NFKC').toLowerCase()
}

export function getUserById(id: number, db: DB = getDb()): Promise<User | undefined> {
	return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst()
}

export function getUserByEmail(email: string, db: DB = getDb()): Promise<User | undefined> {
	return db.selectFrom('users').selectAll().where('email_normalized', '=', normalizeEmail(email)).executeTakeFirst()
}

export async function countUsers(db: DB = getDb()): Promise<number> {
	const row = await db.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
	return Number(row.count)
}

export interface NewAccount {
	email: string
	displayName?: string
	firstName?: string
	lastName?: string
	passwordHash: string | null
	externalId?: string | null
	mustChangePassword?: boolean
	preferredLanguage?: string | null
}

export class EmailTakenError extends Error {
	constructor(readonly email: string) {
		super(`Email ${email} is already taken`)
		this.name = 'EmailTakenError'
	}
}

export async function insertUser(account: NewAccount, db: DB = getDb()): Promise<User> {
	const now = Date.now()
	const email = account.email.trim()
	if (await getUserByEmail(email, db)) throw new EmailTakenError(email)
	const firstName = account.firstName?.trim() ?? ''
	const lastName = account.lastName?.trim() ?? ''
	const displayName =
		account.displayName?.trim() || [lastName, firstName].filter(Boolean).join(' ') || email.split('@')[0]!
	return db
		.insertInto('users')
		.values({
			email,
			email_normalized: normalizeEmail(email),
			display_name: displayName,
			first_name: firstName,
			last_name: lastName,
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

export async function updatePasswordHash(
	userId: number,
	passwordHash: string,
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
}

export async function setUserLocked(userId: number, locked: boolean, db: DB = getDb()) {
	await db
		.updateTable('users')
		.set({ locked: locked ? 1 : 0, updated_at: Date.now() })
		.where('id', '=', userId)
		.execute()
}
