import { recordAudit, type Actor } from '~/audit/audit.server'
import type { Refused } from '~/admin/users.server'
import { getDb, type DB } from '~/db/db.server'
import { auditRefusal, mayManageUser } from '~/permissions/delegation.server'
import { getClientIp } from '~/utils/logger.server'
import { destroyOidcSessions } from '../session-end.server'
import type { User } from '~/db/schema'
import { canonicalEmail } from '~/users/email.server'
import { getUserByEmail, getUserById, insertUser, updateProfile } from '~/users/users.server'
import type { OidcClaims } from './flow.server'

export interface LinkedIdentity {
	issuer: string
	subject: string
	linkedAt: number
	lastSignInAt: number
}

export type AccountRefusal = 'noAccount' | 'unverifiedEmail' | 'linkedElsewhere' | 'locked'

export type AccountResult =
	{ ok: true; user: User; how: 'known' | 'linked' | 'created' } | { ok: false; reason: AccountRefusal; email: string | null }

/** The account linked to this identity at the provider, if any. */
async function userOfIdentity(db: DB, issuer: string, subject: string): Promise<User | undefined> {
	const userId = await userIdOfIdentity(issuer, subject, db)
	return userId === null ? undefined : getUserById(userId, db)
}

/** The user a back-channel logout naming only `sub` means. */
export async function userIdOfIdentity(issuer: string, subject: string, db: DB = getDb()): Promise<number | null> {
	const row = await db
		.selectFrom('user_identities')
		.select('user_id')
		.where('issuer', '=', issuer)
		.where('subject', '=', subject)
		.executeTakeFirst()
	return row ? Number(row.user_id) : null
}

/** The names the provider gives, for the account to follow at each sign-in (only those it gives). */
function providedNames(claims: OidcClaims) {
	return {
		...(claims.givenName !== null ? { firstName: claims.givenName } : {}),
		...(claims.familyName !== null ? { lastName: claims.familyName } : {}),
		...(claims.name !== null ? { displayName: claims.name } : {}),
	}
}

/**
 * The portal account for a sign-in through the provider: the one linked to (issuer, subject); else the account
 * of the same email, linked now, when the provider says it verified that email (never an unverified one);
 * else a new account when `createAccounts` (again only with a verified email). A locked account stays locked.
 * Given, family and display names follow the provider's.
 */
export async function resolveOidcAccount(
	issuer: string,
	claims: OidcClaims,
	{ createAccounts }: { createAccounts: boolean },
	now = Date.now(),
	db: DB = getDb(),
): Promise<AccountResult> {
	const email = claims.email ? canonicalEmail(claims.email) : null
	return db.transaction().execute(async (trx): Promise<AccountResult> => {
		let user = await userOfIdentity(trx, issuer, claims.subject)
		let how: 'known' | 'linked' | 'created' = 'known'
		if (!user) {
			const existing = email ? await getUserByEmail(email, trx) : undefined
			if (existing || (email && createAccounts)) {
				if (!claims.emailVerified) return { ok: false, reason: 'unverifiedEmail', email }
			}
			if (existing) {
				const other = await trx
					.selectFrom('user_identities')
					.select('subject')
					.where('user_id', '=', existing.id)
					.where('issuer', '=', issuer)
					.executeTakeFirst()
				if (other) return { ok: false, reason: 'linkedElsewhere', email }
				user = existing
				how = 'linked'
			} else if (email && createAccounts) {
				user = await insertUser(
					{
						email,
						passwordHash: null,
						firstName: claims.givenName ?? '',
						lastName: claims.familyName ?? '',
						displayName: claims.name ?? '',
					},
					trx,
				)
				how = 'created'
			} else {
				return { ok: false, reason: 'noAccount', email }
			}
			await trx
				.insertInto('user_identities')
				.values({ user_id: user.id, issuer, subject: claims.subject, linked_at: now, last_sign_in_at: now })
				.execute()
		}
		if (user.locked) return { ok: false, reason: 'locked', email: user.email }
		if (how !== 'created') {
			await trx
				.updateTable('user_identities')
				.set({ last_sign_in_at: now })
				.where('issuer', '=', issuer)
				.where('subject', '=', claims.subject)
				.execute()
			const names = providedNames(claims)
			if (Object.keys(names).length > 0) await updateProfile(user.id, names, trx)
		}
		return { ok: true, user: (await getUserById(user.id, trx))!, how }
	})
}

/** The identity the account is linked to at `issuer`, for the security and user pages. */
export async function getLinkedIdentity(userId: number, issuer: string, db: DB = getDb()): Promise<LinkedIdentity | null> {
	const row = await db
		.selectFrom('user_identities')
		.selectAll()
		.where('user_id', '=', userId)
		.where('issuer', '=', issuer)
		.executeTakeFirst()
	return row
		? { issuer: row.issuer, subject: row.subject, linkedAt: Number(row.linked_at), lastSignInAt: Number(row.last_sign_in_at) }
		: null
}

export type UnlinkResult = { ok: true; sessionsEnded: number } | { ok: false; reason: 'notFound' | 'notLinked' } | Refused

/**
 * An administrator removes the link between a user and their identity at the provider (delegation rule: never
 * for a user holding grants the actor lacks). The sessions begun through the provider end with it; the next
 * sign-in through the provider links again only by a verified email. Audited as `user.sso_unlinked`.
 */
export async function unlinkUserIdentity(userId: number, issuer: string, actor: Actor, db: DB = getDb()): Promise<UnlinkResult> {
	return db.transaction().execute(async (trx): Promise<UnlinkResult> => {
		const user = await getUserById(userId, trx)
		if (!user) return { ok: false, reason: 'notFound' }
		if (!(await mayManageUser(trx, actor.id, userId))) {
			await auditRefusal(trx, actor, 'userBeyondActor', { entity: 'user', id: userId }, { attempted: 'unlinkSso' })
			return { ok: false, reason: 'delegation', refusal: 'userBeyondActor' }
		}
		const identity = await getLinkedIdentity(userId, issuer, trx)
		if (!identity) return { ok: false, reason: 'notLinked' }
		await trx.deleteFrom('user_identities').where('user_id', '=', userId).where('issuer', '=', issuer).execute()
		const sessionsEnded = await destroyOidcSessions({ userId }, trx)
		await recordAudit(
			{
				action: 'user.sso_unlinked',
				actor,
				entity: 'user',
				entityId: userId,
				ip: getClientIp(),
				details: { email: user.email, issuer, subject: identity.subject, sessionsEnded },
			},
			trx,
		)
		return { ok: true, sessionsEnded }
	})
}
