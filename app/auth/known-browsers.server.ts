import { recordAudit } from '~/audit/audit.server'
import { getDb, type DB } from '~/db/db.server'
import type { User } from '~/db/schema'
import { getFixedT } from '~/i18n/i18n.server'
import { formatDateTime } from '~/i18n/format'
import { DEFAULT_LANGUAGE, isLanguageCode, languageTag } from '~/i18n/languages'
import { readerTimeZone } from '~/i18n/time-zone.server'
import { sendMail } from '~/mail/mailer.server'
import { notify } from '~/notifications/notifications.server'
import { errorFields, logger } from '~/utils/logger.server'
import { describeUserAgent } from './user-agent'
import { hashSecretToken } from './secret-token.server'

/**
 * The browsers kept per account, most recent first; older ones are forgotten. Never fewer than one, so an
 * account that has signed in before always has a browser to compare with.
 */
export const MAX_BROWSERS_PER_USER = 50

/** Where a notice sends its reader: their sessions, to sign the stranger out. */
export const NEW_BROWSER_LINK = '/account/security'

const MAX_USER_AGENT_LENGTH = 512

/**
 * How a sign-in's browser stood with the account: `known`; `new` (announced); `first`, the first browser
 * recorded for the account (a new account's first sign-in, or the first after this feature arrived): no
 * notice, since there is nothing to compare it with and its owner is the one who just set it up.
 */
export type BrowserSignIn = 'known' | 'new' | 'first'

export interface BrowserDetails {
	userAgent: string | null
	ip: string | null
	now?: number
}

export interface SignInNotice {
	userAgent: string | null
	ip: string | null
	now?: number
	/** Null when mail cannot be sent (no public address for links): the notification alone then. */
	mail: { origin: string } | null
}

/** Records a sign-in of `userId` from the browser `deviceId` names, and says whether the account knew it. */
export async function recordBrowserSignIn(
	userId: number,
	deviceId: string,
	{ userAgent, ip, now = Date.now() }: BrowserDetails,
	db: DB = getDb(),
): Promise<BrowserSignIn> {
	const deviceHash = hashSecretToken(deviceId)
	const seen = { last_sign_in_at: now, user_agent: userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null, ip }
	// Inserting first settles two sign-ins from one new browser at once: only one of them inserts.
	const inserted = await db
		.insertInto('user_devices')
		.values({ user_id: userId, device_hash: deviceHash, first_sign_in_at: now, ...seen })
		.onConflict((conflict) => conflict.columns(['user_id', 'device_hash']).doNothing())
		.executeTakeFirst()
	if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) {
		await db.updateTable('user_devices').set(seen).where('user_id', '=', userId).where('device_hash', '=', deviceHash).execute()
		return 'known'
	}
	const kept = await db
		.selectFrom('user_devices')
		.select('device_hash')
		.where('user_id', '=', userId)
		.orderBy('last_sign_in_at', 'desc')
		.execute()
	const forgotten = kept.slice(MAX_BROWSERS_PER_USER).map((row) => row.device_hash)
	if (forgotten.length > 0)
		await db.deleteFrom('user_devices').where('user_id', '=', userId).where('device_hash', 'in', forgotten).execute()
	return kept.length === 1 ? 'first' : 'new'
}

/**
 * A completed sign-in of `user` from the browser `deviceId` names. From a browser the account has not
 * signed in from before (and not its very first): a notification and, when `mail` allows, an email with
 * the time, the browser and the address; the notice is audited (`auth.new_device`).
 */
export async function signedInFromBrowser(
	user: User,
	deviceId: string,
	{ userAgent, ip, now = Date.now(), mail }: SignInNotice,
	db: DB = getDb(),
): Promise<BrowserSignIn> {
	const device = describeUserAgent(userAgent)
	const outcome = await db.transaction().execute(async (trx) => {
		const signIn = await recordBrowserSignIn(user.id, deviceId, { userAgent, ip, now }, trx)
		if (signIn !== 'new') return signIn
		await notify(
			user.id,
			{
				type: 'new_browser',
				titleKey: 'deviceNotice.title',
				bodyKey: device ? 'deviceNotice.body' : 'deviceNotice.bodyUnknownBrowser',
				params: { device: device ?? '', address: ip ?? '—' },
				link: NEW_BROWSER_LINK,
			},
			trx,
		)
		await recordAudit(
			{
				action: 'auth.new_device',
				actor: user,
				entity: 'user',
				entityId: user.id,
				ip,
				details: { ...(device ? { browser: device } : {}), userAgent: userAgent?.slice(0, MAX_USER_AGENT_LENGTH) ?? null },
			},
			trx,
		)
		return signIn
	})
	if (outcome === 'new' && mail) {
		// The sign-in has happened: a mail that cannot be queued is logged, never the user's problem.
		try {
			await mailNewBrowserNotice(user, { at: now, device, ip, ...mail })
		} catch (error) {
			logger.error('device_notice.mail_failed', { userId: user.id, ...errorFields(error) })
		}
	}
	return outcome
}

/**
 * The email of a notice, in the user's time zone and preferred language, else the portal's default: not the
 * language of the browser that signed in, which may be a stranger's.
 */
async function mailNewBrowserNotice(
	user: User,
	{ at, device, ip, origin }: { at: number; device: string | null; ip: string | null; origin: string },
) {
	const mailLanguage = isLanguageCode(user.preferred_language) ? user.preferred_language : DEFAULT_LANGUAGE
	const t = getFixedT(mailLanguage)
	const zone = readerTimeZone(user)
	await sendMail({
		to: user.email,
		subject: t('deviceNotice.mailSubject'),
		text: t('deviceNotice.mailBody', {
			name: user.display_name,
			time: `${formatDateTime(at, mailLanguage, zone)} (${zone})`,
			device: device ?? t('deviceNotice.unknownBrowser'),
			address: ip ?? '—',
			security: `${origin}${NEW_BROWSER_LINK}`,
			changePassword: `${origin}/account/change-password`,
		}),
		lang: languageTag(mailLanguage),
	})
}
