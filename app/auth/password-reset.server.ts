import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { getFixedT } from '~/i18n/i18n.server'
import { isLanguageCode, languageTag, type LanguageCode } from '~/i18n/languages'
import { sendMail } from '~/mail/mailer.server'
import { hashSecretToken, newSecretToken } from './secret-token.server'

/** A reset link is valid this long, once. */
export const RESET_TOKEN_TTL_MS = 30 * 60_000

/** Issues a single-use token; earlier unused tokens of the user stop working. */
export async function createResetToken(userId: number, db: DB = getDb()): Promise<string> {
	const { token, hash } = newSecretToken()
	const now = Date.now()
	await db.transaction().execute(async (trx) => {
		await trx.deleteFrom('password_resets').where('user_id', '=', userId).where('used_at', 'is', null).execute()
		await trx
			.insertInto('password_resets')
			.values({ user_id: userId, token_hash: hash, created_at: now, expires_at: now + RESET_TOKEN_TTL_MS, used_at: null })
			.execute()
	})
	return token
}

/**
 * The user a valid, unused, unexpired token belongs to. A token issued before the password last
 * changed (by the user, an administrator, the CLI or another reset) is dead, whichever way it changed.
 */
export async function findResetUser(token: string, db: DB = getDb()): Promise<User | null> {
	if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return null
	const row = await db
		.selectFrom('password_resets')
		.innerJoin('users', 'users.id', 'password_resets.user_id')
		.selectAll('users')
		.select('password_resets.created_at as token_created_at')
		.where('password_resets.token_hash', '=', hashSecretToken(token))
		.where('password_resets.used_at', 'is', null)
		.where('password_resets.expires_at', '>', Date.now())
		.executeTakeFirst()
	if (!row || row.locked) return null
	const { token_created_at: issuedAt, ...user } = row
	if (user.password_changed_at !== null && issuedAt <= user.password_changed_at) return null
	return user
}

/** Marks the token used; false when it was already used (two tabs racing). */
export async function consumeResetToken(token: string, db: DB = getDb()): Promise<boolean> {
	const result = await db
		.updateTable('password_resets')
		.set({ used_at: Date.now() })
		.where('token_hash', '=', hashSecretToken(token))
		.where('used_at', 'is', null)
		.executeTakeFirst()
	return Number(result.numUpdatedRows) === 1
}

/** Mails the user a single-use reset link to this site (`origin`), in their preferred language. */
export async function sendPasswordResetMail(user: User, { origin, language }: { origin: string; language: LanguageCode }) {
	const token = await createResetToken(user.id)
	const mailLanguage = isLanguageCode(user.preferred_language) ? user.preferred_language : language
	const t = getFixedT(mailLanguage)
	const link = `${origin}/account/reset-password?token=${token}`
	await sendMail({
		to: user.email,
		subject: t('resetPassword.mailSubject'),
		text: t('resetPassword.mailBody', { name: user.display_name, link, count: RESET_TOKEN_TTL_MS / 60_000 }),
		lang: languageTag(mailLanguage),
	})
}
