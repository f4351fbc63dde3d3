import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { sql } from 'kysely'
import { z } from 'zod'
import { recordAudit } from '~/audit/audit.server'
import { choiceField, formObject, optionalText, requiredText } from '~/catalogs/fields.server'
import { getDb, type DB } from '~/db/db.server'
import { fromLocalDateTimeInput } from '~/i18n/format'
import { getFixedT } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguageCode, languageTag } from '~/i18n/languages'
import { sendMail } from '~/mail/mailer.server'
import { issue, type FieldErrors } from '~/utils/form.server'
import { errorFields, logger } from '~/utils/logger.server'
import { ANNOUNCEMENT_LIMITS, AUDIENCES, type Audience, type AudienceUser } from './announcements'

/**
 * Notifications that administrators write ("announcements"): composed for everyone, chosen roles or
 * chosen users, sent now or at a set time, optionally also by email, hidden after their expiry or when
 * withdrawn. Recipients are resolved when one is sent: a role's members at that moment.
 */

/** How far in the past a "send at" time may lie (a form left open a moment) before it is refused. */
const PAST_TOLERANCE_MS = 5 * 60_000

/** A link a notification may carry: an http(s) address or a path on this site (not `//host`). */
export function isNotificationLink(value: string): boolean {
	if (/[\s\\]/.test(value)) return false
	if (value.startsWith('/')) return !value.startsWith('//')
	try {
		const url = new URL(value)
		return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== ''
	} catch {
		return false
	}
}

const formText = z.unknown().transform((value) => (typeof value === 'string' ? value : ''))

/** An optional datetime-local value in the writer's time zone, as an instant; empty is null. */
const dateTimeField = (timeZone: string) =>
	formText.pipe(
		z
			.string()
			.trim()
			.transform((value, ctx) => {
				if (value === '') return null
				const at = fromLocalDateTimeInput(value, timeZone)
				if (at === null) {
					ctx.addIssue({ code: 'custom', message: issue('admin.notifications.errors.dateTime') })
					return z.NEVER
				}
				return at
			}),
	)

const composeSchema = (timeZone: string) =>
	formObject({
		title: requiredText(ANNOUNCEMENT_LIMITS.title),
		body: optionalText(ANNOUNCEMENT_LIMITS.body, { multiline: true }).refine((value) => value !== null, issue('validation.required')),
		link: optionalText(ANNOUNCEMENT_LIMITS.link).refine((value) => value === null || isNotificationLink(value), issue('admin.notifications.errors.link')),
		audience: choiceField(AUDIENCES),
		email: formText.transform((value) => value === 'yes'),
		publishAt: dateTimeField(timeZone),
		expiresAt: dateTimeField(timeZone),
	})

type ComposeSchema = ReturnType<typeof composeSchema>
const composeSchemas = new Map<string, ComposeSchema>()

/** The compose form's schema, its times read in `timeZone` (the writer's); one per zone, made once. */
export function announcementSchema(timeZone: string): ComposeSchema {
	let schema = composeSchemas.get(timeZone)
	if (!schema) composeSchemas.set(timeZone, (schema = composeSchema(timeZone)))
	return schema
}

export type AnnouncementInput = Omit<z.output<ComposeSchema>, 'body'> & { body: string; roleIds: number[]; userIds: number[] }

/** The ids posted under `name` (checkboxes): whole positive numbers, each once; null when any is not. */
export function postedIds(formData: FormData, name: string): number[] | null {
	const ids = new Set<number>()
	for (const value of formData.getAll(name)) {
		if (typeof value !== 'string' || !/^\d{1,9}$/.test(value) || Number(value) === 0) return null
		ids.add(Number(value))
	}
	return [...ids]
}

export type CreateResult = { ok: true; id: number; recipients: number | null } | { ok: false; errors: FieldErrors }

/** Checks what the form cannot: the chosen roles and users, and the times against `now`. */
async function audienceAndTimeErrors(input: AnnouncementInput, now: number, db: DB): Promise<FieldErrors> {
	const errors: FieldErrors = {}
	const chosen = input.audience === 'roles' ? { field: 'roles', ids: input.roleIds } : input.audience === 'users' ? { field: 'users', ids: input.userIds } : null
	if (chosen) {
		if (chosen.ids.length === 0) errors[chosen.field] = { key: `admin.notifications.errors.no${chosen.field === 'roles' ? 'Roles' : 'Users'}` }
		else if (chosen.ids.length > ANNOUNCEMENT_LIMITS.chosen) errors[chosen.field] = { key: 'admin.notifications.errors.tooMany', values: { max: ANNOUNCEMENT_LIMITS.chosen } }
		else {
			const found =
				chosen.field === 'roles'
					? await db.selectFrom('roles').select('id').where('id', 'in', chosen.ids).execute()
					: await db.selectFrom('users').select('id').where('id', 'in', chosen.ids).where('locked', '=', 0).execute()
			if (found.length !== chosen.ids.length) errors[chosen.field] = { key: 'admin.notifications.errors.unknownChoice' }
		}
	}
	if (input.publishAt !== null && input.publishAt < now - PAST_TOLERANCE_MS) errors.publishAt = { key: 'admin.notifications.errors.publishInPast' }
	const start = Math.max(input.publishAt ?? now, now)
	if (input.expiresAt !== null && input.expiresAt <= start) errors.expiresAt = { key: 'admin.notifications.errors.expiresBeforeStart' }
	return errors
}

/** Records a notification to send (now, or at `publishAt`); one due now is sent before this returns. */
export async function createAnnouncement(
	input: AnnouncementInput,
	{ actor, siteUrl, ip = null, now = Date.now() }: { actor: { id: number; email: string }; siteUrl: string; ip?: string | null; now?: number },
	db: DB = getDb(),
): Promise<CreateResult> {
	const errors = await audienceAndTimeErrors(input, now, db)
	if (Object.keys(errors).length > 0) return { ok: false, errors }
	const ids = input.audience === 'roles' ? input.roleIds : input.audience === 'users' ? input.userIds : null
	const { id } = await db
		.insertInto('announcements')
		.values({
			title: input.title,
			body: input.body,
			link: input.link,
			audience: input.audience,
			audience_ids: ids ? JSON.stringify(ids) : null,
			also_email: input.email ? 1 : 0,
			site_url: siteUrl,
			publish_at: Math.max(input.publishAt ?? now, now),
			expires_at: input.expiresAt,
			created_by: actor.id,
			created_at: now,
			delivered_at: null,
			withdrawn_at: null,
		})
		.returning('id')
		.executeTakeFirstOrThrow()
	await recordAudit(
		{
			action: 'notification.created',
			actor,
			entity: 'notification',
			entityId: id,
			ip,
			details: { title: input.title, audience: input.audience, chosen: ids?.length ?? null, email: input.email, publishAt: input.publishAt, expiresAt: input.expiresAt },
		},
		db,
	)
	await deliverDueAnnouncements({ now }, db)
	const row = await db.selectFrom('announcements').select(['delivered_at', 'recipients']).where('id', '=', id).executeTakeFirstOrThrow()
	return { ok: true, id, recipients: row.delivered_at === null ? null : row.recipients }
}

type AnnouncementRow = { id: number; title: string; body: string; link: string | null; audience: string; audience_ids: string | null; also_email: number; site_url: string; expires_at: number | null }

function chosenIds(row: Pick<AnnouncementRow, 'audience_ids'>): number[] {
	try {
		const ids: unknown = JSON.parse(row.audience_ids ?? '[]')
		return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []
	} catch {
		return []
	}
}

/** The active accounts an announcement goes to. */
function recipients(db: DB, row: AnnouncementRow) {
	const query = db.selectFrom('users').where('users.locked', '=', 0)
	if (row.audience === 'everyone') return query
	const ids = chosenIds(row)
	if (ids.length === 0) return query.where(sql<boolean>`1 = 0`)
	if (row.audience === 'roles') return query.where('users.id', 'in', db.selectFrom('user_roles').select('user_roles.user_id').where('user_roles.role_id', 'in', ids))
	return query.where('users.id', 'in', ids)
}

/**
 * Sends every announcement that is due at `now` and not yet sent: one notification row per recipient,
 * written with the claim in one transaction (so two instances never both send one), then the mails to
 * those who accept them by email. Returns how many were sent.
 */
export async function deliverDueAnnouncements({ now = Date.now(), mail = sendMail }: { now?: number; mail?: typeof sendMail } = {}, db: DB = getDb()): Promise<number> {
	const due = await db
		.selectFrom('announcements')
		.select(['id', 'title', 'body', 'link', 'audience', 'audience_ids', 'also_email', 'site_url', 'expires_at'])
		.where('delivered_at', 'is', null)
		.where('withdrawn_at', 'is', null)
		.where('publish_at', '<=', now)
		.orderBy('id')
		.limit(50)
		.execute()
	let sent = 0
	for (const row of due) {
		const count = await db.transaction().execute(async (trx) => {
			const claimed = await trx.updateTable('announcements').set({ delivered_at: now }).where('id', '=', row.id).where('delivered_at', 'is', null).where('withdrawn_at', 'is', null).executeTakeFirst()
			if (Number(claimed.numUpdatedRows) !== 1) return null
			const inserted = await trx
				.insertInto('notifications')
				.columns(['user_id', 'type', 'title_key', 'body_key', 'params', 'link', 'created_at', 'read_at', 'announcement_id', 'expires_at'])
				.expression(
					recipients(trx, row).select([
						'users.id',
						sql<string>`${'announcement'}`.as('type'),
						sql<string>`${'notifications.announcement'}`.as('title_key'),
						sql<null>`null`.as('body_key'),
						sql<null>`null`.as('params'),
						(row.link === null ? sql<string | null>`null` : sql<string | null>`${row.link}`).as('link'),
						sql<number>`cast(${sql.lit(now)} as bigint)`.as('created_at'),
						sql<null>`cast(null as bigint)`.as('read_at'),
						sql<number>`cast(${sql.lit(row.id)} as integer)`.as('announcement_id'),
						(row.expires_at === null ? sql<number | null>`cast(null as bigint)` : sql<number | null>`cast(${sql.lit(row.expires_at)} as bigint)`).as('expires_at'),
					]),
				)
				.executeTakeFirst()
			const count = Number(inserted.numInsertedOrUpdatedRows ?? 0)
			await trx.updateTable('announcements').set({ recipients: count }).where('id', '=', row.id).execute()
			return count
		})
		if (count === null) continue
		sent++
		const mailed = row.also_email && (row.expires_at === null || row.expires_at > now) ? await mailAnnouncement(row, mail, db) : 0
		logger.info('notifications.announcement_sent', { id: row.id, recipients: count, mailed })
	}
	return sent
}

/** Mails an announcement to its recipients who accept notifications by email, each in their language. */
async function mailAnnouncement(row: AnnouncementRow, mail: typeof sendMail, db: DB): Promise<number> {
	const readers = await recipients(db, row).select(['users.email', 'users.preferred_language']).where('users.email_notifications', '=', 1).orderBy('users.id').execute()
	const link = row.link === null ? null : row.link.startsWith('/') ? `${row.site_url}${row.link}` : row.link
	let mailed = 0
	for (const reader of readers) {
		const language = isLanguageCode(reader.preferred_language) ? reader.preferred_language : DEFAULT_LANGUAGE
		const t = getFixedT(language)
		const text = [row.body, link, t('notifications.mail.footer', { notifications: `${row.site_url}/notifications`, profile: `${row.site_url}/contacts/profile` })].filter(Boolean).join('\n\n')
		try {
			await mail({ to: reader.email, subject: row.title, text, lang: languageTag(language) })
			mailed++
		} catch (error) {
			logger.error('notifications.mail_failed', { id: row.id, ...errorFields(error) })
		}
		// A large audience must not hold the event loop: let requests in between messages.
		if (mailed % 50 === 0) await yieldToEventLoop()
	}
	return mailed
}

export type WithdrawResult = 'withdrawn' | 'notFound' | 'alreadyWithdrawn'

/** Hides an announcement from every recipient from now on (and never sends one still scheduled). */
export async function withdrawAnnouncement(
	id: number,
	{ actor, ip = null, now = Date.now() }: { actor: { id: number; email: string }; ip?: string | null; now?: number },
	db: DB = getDb(),
): Promise<WithdrawResult> {
	return db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('announcements').select(['title', 'withdrawn_at']).where('id', '=', id).executeTakeFirst()
		if (!row) return 'notFound'
		if (row.withdrawn_at !== null) return 'alreadyWithdrawn'
		await trx.updateTable('announcements').set({ withdrawn_at: now }).where('id', '=', id).execute()
		await trx
			.updateTable('notifications')
			.set({ expires_at: now })
			.where('announcement_id', '=', id)
			.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
			.execute()
		await recordAudit({ action: 'notification.withdrawn', actor, entity: 'notification', entityId: id, ip, details: { title: row.title } }, trx)
		return 'withdrawn'
	})
}

export type AnnouncementStatus = 'scheduled' | 'active' | 'expired' | 'withdrawn'

export interface AnnouncementListItem {
	id: number
	title: string
	body: string
	link: string | null
	audience: Audience
	roles: { id: number; code: string; name: string; is_builtin: boolean }[]
	chosenUsers: number
	email: boolean
	publishAt: number
	expiresAt: number | null
	createdAt: number
	createdBy: string | null
	status: AnnouncementStatus
	recipients: number
	read: number
}

export const ANNOUNCEMENTS_PAGE_SIZE = 20

/** What was sent, newest first, with recipients and how many have read it; `before` pages on. */
export async function listAnnouncements({ before, now = Date.now(), limit = ANNOUNCEMENTS_PAGE_SIZE }: { before?: number; now?: number; limit?: number } = {}, db: DB = getDb()) {
	let query = db
		.selectFrom('announcements')
		.leftJoin('users', 'users.id', 'announcements.created_by')
		.select([
			'announcements.id',
			'announcements.title',
			'announcements.body',
			'announcements.link',
			'announcements.audience',
			'announcements.audience_ids',
			'announcements.also_email',
			'announcements.publish_at',
			'announcements.expires_at',
			'announcements.created_at',
			'announcements.delivered_at',
			'announcements.recipients',
			'announcements.withdrawn_at',
			'users.email as created_by_email',
		])
	if (before) query = query.where('announcements.id', '<', before)
	const rows = await query.orderBy('announcements.id', 'desc').limit(limit + 1).execute()
	const page = rows.slice(0, limit)
	const ids = page.map((row) => row.id)
	const reads = ids.length
		? await db
				.selectFrom('notifications')
				.select(['announcement_id', (eb) => eb.fn.countAll<number>().as('read')])
				.where('announcement_id', 'in', ids)
				.where('read_at', 'is not', null)
				.groupBy('announcement_id')
				.execute()
		: []
	const roleIds = [...new Set(page.filter((row) => row.audience === 'roles').flatMap(chosenIds))]
	const roles = roleIds.length ? await db.selectFrom('roles').select(['id', 'code', 'name', 'is_builtin']).where('id', 'in', roleIds).execute() : []
	const items: AnnouncementListItem[] = page.map((row) => {
		const chosen = chosenIds(row)
		return {
			id: row.id,
			title: row.title,
			body: row.body,
			link: row.link,
			audience: row.audience as Audience,
			roles: row.audience === 'roles' ? roles.filter((role) => chosen.includes(role.id)).map((role) => ({ ...role, is_builtin: Boolean(role.is_builtin) })) : [],
			chosenUsers: row.audience === 'users' ? chosen.length : 0,
			email: Boolean(row.also_email),
			publishAt: Number(row.publish_at),
			expiresAt: row.expires_at === null ? null : Number(row.expires_at),
			createdAt: Number(row.created_at),
			createdBy: row.created_by_email,
			status: row.withdrawn_at !== null ? 'withdrawn' : row.delivered_at === null ? 'scheduled' : row.expires_at !== null && Number(row.expires_at) <= now ? 'expired' : 'active',
			recipients: Number(row.recipients),
			read: Number(reads.find((entry) => entry.announcement_id === row.id)?.read ?? 0),
		}
	})
	return { items, nextBefore: rows.length > limit ? (page.at(-1)?.id ?? null) : null }
}

/** Active accounts whose name or email contains `query` (for the "chosen users" picker), at most `limit`. */
export async function findAudienceUsers(query: string, { limit = 20 }: { limit?: number } = {}, db: DB = getDb()): Promise<AudienceUser[]> {
	const text = query.trim().toLowerCase().slice(0, 100)
	if (text === '') return []
	const pattern = `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
	const rows = await db
		.selectFrom('users')
		.select(['id', 'display_name', 'email'])
		.where('locked', '=', 0)
		.where((eb) => eb.or([sql<boolean>`lower(display_name) like ${pattern} escape '\\'`, sql<boolean>`email_normalized like ${pattern} escape '\\'`]))
		.orderBy('display_name')
		.orderBy('id')
		.limit(limit)
		.execute()
	return rows.map((row) => ({ id: row.id, displayName: row.display_name, email: row.email }))
}

/** The named accounts, for showing who is chosen. */
export async function audienceUsersById(ids: readonly number[], db: DB = getDb()): Promise<AudienceUser[]> {
	if (ids.length === 0) return []
	const rows = await db.selectFrom('users').select(['id', 'display_name', 'email']).where('id', 'in', ids.slice(0, ANNOUNCEMENT_LIMITS.chosen)).orderBy('display_name').execute()
	return rows.map((row) => ({ id: row.id, displayName: row.display_name, email: row.email }))
}

/** Every role, for the "chosen roles" checkboxes. */
export async function audienceRoles(db: DB = getDb()) {
	const rows = await db.selectFrom('roles').select(['id', 'code', 'name', 'is_builtin']).orderBy('is_builtin', 'desc').orderBy('code').execute()
	return rows.map((row) => ({ ...row, is_builtin: Boolean(row.is_builtin) }))
}
