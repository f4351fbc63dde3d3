import { entityAudit, type Actor } from '~/audit/audit.server'
import { revokeAccess } from '~/auth/revoke.server'
import { getDb, type DB } from '~/db/db.server'
import { passwordResetNotice, sessionsEndedNotice } from '~/notifications/access-notices.server'
import { notify, type NewNotification } from '~/notifications/notifications.server'
import { getAuthProvider } from '~/auth/provider.server'
import { getFixedT } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguageCode, languageTag } from '~/i18n/languages'
import { sendMail } from '~/mail/mailer.server'
import type { Email } from '~/users/email.server'
import { getUserByEmail, getUserById } from '~/users/users.server'

import { getAdminUser } from './user-list.server'
import { ADMIN_ROLE, countActiveAdministrators, generatePassword, holdsAdmin, refuseBeyondActor, type Refused } from './users.server'

/**
 * What an administrator does to an account as a whole: locking it, resetting its password, ending its
 * sessions, changing its email, deleting it. Each is refused (and audited) beyond the delegation rule.
 */

const audit = entityAudit('user')

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

/**
 * Ends every session and API token of `user`, tells them in the bell (`notice`, given how many sessions
 * ended) and audits `action` with that count; returns it.
 */
async function endAccessAndTell(
	trx: DB,
	user: { id: number; email: string },
	actor: Actor,
	action: string,
	notice: (sessionsEnded: number) => NewNotification,
): Promise<number> {
	const sessionsEnded = await revokeAccess(user.id, {}, trx)
	await notify(user.id, notice(sessionsEnded), trx)
	await audit(trx, action, actor, user.id, { email: user.email, sessionsEnded })
	return sessionsEnded
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
		const sessionsEnded = await endAccessAndTell(trx, checked.user, actor, 'user.passwordReset', passwordResetNotice)
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
		const sessionsEnded = await endAccessAndTell(trx, user, actor, 'user.sessionsRevoked', sessionsEndedNotice)
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
