import type { Selectable } from 'kysely'
import type { AnnouncementsTable } from '~/db/schema'
import { getFixedT } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguageCode, languageTag } from '~/i18n/languages'
import type { Mail } from '~/mail/mailer.server'

/** What delivering an announcement reads of it. */
export type AnnouncementRow = Pick<
	Selectable<AnnouncementsTable>,
	| 'id'
	| 'title'
	| 'body'
	| 'link'
	| 'audience'
	| 'audience_ids'
	| 'also_email'
	| 'site_url'
	| 'expires_at'
	| 'delivered_at'
	| 'recipients_through'
	| 'withdrawn_at'
>

/** An active account an announcement goes to. */
export type Recipient = { id: number; email: string; preferred_language: string | null; email_notifications: number }

/** The mail of an announcement to one reader, in the reader's language. */
export function announcementMail(row: AnnouncementRow, reader: Recipient): Mail {
	const link = row.link === null ? null : row.link.startsWith('/') ? `${row.site_url}${row.link}` : row.link
	const language = isLanguageCode(reader.preferred_language) ? reader.preferred_language : DEFAULT_LANGUAGE
	const t = getFixedT(language)
	const text = [
		row.body,
		link,
		t('notifications.mail.footer', { notifications: `${row.site_url}/notifications`, profile: `${row.site_url}/contacts/profile` }),
	]
		.filter(Boolean)
		.join('\n\n')
	return { to: reader.email, subject: row.title, text, lang: languageTag(language) }
}
