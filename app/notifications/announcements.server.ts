import { createHash, randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { sql, type Selectable } from 'kysely'
import { z } from 'zod'
import { recordAudit } from '~/audit/audit.server'
import { choiceField, formObject, optionalText, requiredText } from '~/catalogs/fields.server'
import { getDb, type DB } from '~/db/db.server'
import type { AnnouncementsTable } from '~/db/schema'
import { fromLocalDateTimeInput } from '~/i18n/format'
import { getFixedT } from '~/i18n/i18n.server'
import { DEFAULT_LANGUAGE, isLanguageCode, languageTag } from '~/i18n/languages'
import { getConfig } from '~/config.server'
import { discardHeldMail, heldMail, holdMail, outboxDir, releaseHeldMail, type Mail } from '~/mail/mailer.server'
import { startBackgroundTask, type BackgroundTask } from '~/utils/background-task.server'
import { formText, issue, type FieldErrors } from '~/utils/form.server'
import { logger } from '~/utils/logger.server'
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

export type CreateResult = { ok: true; id: number; scheduled: boolean } | { ok: false; errors: FieldErrors }

/** Told when an announcement due now is recorded (the server's delivery then starts once the answer has gone). */
let onQueued: (() => void) | null = null

export function whenAnnouncementQueued(listener: (() => void) | null) {
	onQueued = listener
}

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

/** Records a notification to send (now, or at `publishAt`); the background sends it (`deliverDueAnnouncements`). */
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
	const scheduled = input.publishAt !== null && input.publishAt > now
	if (!scheduled) onQueued?.()
	return { ok: true, id, scheduled }
}

type AnnouncementRow = Pick<
	Selectable<AnnouncementsTable>,
	'id' | 'title' | 'body' | 'link' | 'audience' | 'audience_ids' | 'also_email' | 'site_url' | 'expires_at' | 'delivered_at' | 'recipients_through' | 'withdrawn_at'
>

function chosenIds(row: Pick<AnnouncementRow, 'audience_ids'>): number[] {
	try {
		const ids: unknown = JSON.parse(row.audience_ids ?? '[]')
		return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []
	} catch {
		return []
	}
}

/** The active accounts an announcement goes to. */
function recipients(db: DB, row: Pick<AnnouncementRow, 'audience' | 'audience_ids'>) {
	const query = db.selectFrom('users').where('users.locked', '=', 0)
	if (row.audience === 'everyone') return query
	const ids = chosenIds(row)
	if (ids.length === 0) return query.where(sql<boolean>`1 = 0`)
	if (row.audience === 'roles') return query.where('users.id', 'in', db.selectFrom('user_roles').select('user_roles.user_id').where('user_roles.role_id', 'in', ids))
	return query.where('users.id', 'in', ids)
}

/**
 * An instance sending an announcement holds it this long, renewed with each batch; past it (a crash, a
 * kill), another instance, or this one restarted, takes it on from where it stopped.
 */
export const ANNOUNCEMENT_LEASE_MS = 2 * 60_000

/** This instance, as the holder of announcement leases: the same after a restart on the same data folder. */
function deliveryInstance(): string {
	return createHash('sha256').update(`${os.hostname()}\0${path.resolve(outboxDir())}`).digest('hex').slice(0, 32)
}

export interface DeliveryOptions {
	now?: () => number
	/** Who holds the lease (tests name two instances). */
	instance?: string
	batchSize?: number
	stopped?: () => boolean
}

/**
 * Sends the announcements that are due, in batches of recipients (decision 0065): each batch's mails are
 * held in the outbox, then its notification rows, its progress and its `hold` token are committed in one
 * transaction that only the holder of the announcement's lease, at the position it read, can make, then
 * its mails are released. A crash at any point leaves each recipient with exactly one notification and
 * one mail once a pass has run again. Held mail left by an earlier pass is settled first. Returns how many
 * announcements this pass finished.
 */
export async function deliverDueAnnouncements({ now = Date.now, instance = deliveryInstance(), batchSize = getConfig().notificationBatchSize, stopped = () => false }: DeliveryOptions = {}, db: DB = getDb()): Promise<number> {
	await settleHeldMail(db)
	const due = await db
		.selectFrom('announcements')
		.select('id')
		.where('completed_at', 'is', null)
		.where('withdrawn_at', 'is', null)
		.where('publish_at', '<=', now())
		.orderBy('id')
		.limit(50)
		.execute()
	let finished = 0
	for (const { id } of due) {
		if (stopped()) break
		if (!(await claimAnnouncement(id, instance, now(), db))) continue
		if (await sendInBatches(id, { now, instance, batchSize, stopped }, db)) finished++
	}
	return finished
}

/** Takes the announcement's lease unless another instance holds it (an update only one can make). */
async function claimAnnouncement(id: number, instance: string, at: number, db: DB): Promise<boolean> {
	const claimed = await db
		.updateTable('announcements')
		.set({ lease_owner: instance, lease_until: at + ANNOUNCEMENT_LEASE_MS, delivered_at: sql<number>`coalesce(delivered_at, ${at})` })
		.where('id', '=', id)
		.where('completed_at', 'is', null)
		.where('withdrawn_at', 'is', null)
		.where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', at), eb('lease_owner', '=', instance)]))
		.executeTakeFirst()
	if (Number(claimed.numUpdatedRows) !== 1) return false
	const row = await db.selectFrom('announcements').select(['audience', 'audience_ids', 'audience_size']).where('id', '=', id).executeTakeFirstOrThrow()
	if (row.audience_size === null) {
		const { count } = await recipients(db, row)
			.select((eb) => eb.fn.countAll<number>().as('count'))
			.executeTakeFirstOrThrow()
		await db.updateTable('announcements').set({ audience_size: Number(count) }).where('id', '=', id).where('audience_size', 'is', null).execute()
	}
	return true
}

type Recipient = { id: number; email: string; preferred_language: string | null; email_notifications: number }

/** Writes the recipients after the last one written, a batch at a time; true once every one is written. */
async function sendInBatches(id: number, { now, instance, batchSize, stopped }: Required<DeliveryOptions>, db: DB): Promise<boolean> {
	for (;;) {
		const row = await db
			.selectFrom('announcements')
			.select(['id', 'title', 'body', 'link', 'audience', 'audience_ids', 'also_email', 'site_url', 'expires_at', 'delivered_at', 'recipients_through', 'withdrawn_at'])
			.where('id', '=', id)
			.executeTakeFirstOrThrow()
		if (row.withdrawn_at !== null) return false
		if (stopped()) {
			// Let whichever instance looks next (this one restarted, say) go on at once.
			await db.updateTable('announcements').set({ lease_until: null }).where('id', '=', id).where('lease_owner', '=', instance).execute()
			return false
		}
		const at = now()
		const batch: Recipient[] = await recipients(db, row)
			.select(['users.id', 'users.email', 'users.preferred_language', 'users.email_notifications'])
			.where('users.id', '>', row.recipients_through)
			.orderBy('users.id')
			.limit(batchSize)
			.execute()
		if (batch.length === 0) return finish(row, instance, at, db)
		const hold = randomBytes(12).toString('hex')
		const mailing = Boolean(row.also_email) && (row.expires_at === null || row.expires_at > at)
		const files: string[] = []
		try {
			for (const reader of batch) if (mailing && reader.email_notifications === 1) files.push(await holdMail(announcementMail(row, reader), hold))
		} catch (error) {
			await discardHeldMail(files)
			throw error
		}
		const committed = await commitBatch(row, batch, { hold, mailed: files.length, instance, at: now() }, db)
		if (!committed) {
			await discardHeldMail(files)
			logger.warn('notifications.batch_lost', { id, instance })
			return false
		}
		await releaseHeldMail(files)
		// A large audience must not hold the event loop: let requests in between batches.
		await yieldToEventLoop()
	}
}

/** The batch's notification rows, progress and hold token, if the lease and the position are still ours. */
async function commitBatch(row: AnnouncementRow, batch: Recipient[], { hold, mailed, instance, at }: { hold: string; mailed: number; instance: string; at: number }, db: DB): Promise<boolean> {
	return db.transaction().execute(async (trx) => {
		const advanced = await trx
			.updateTable('announcements')
			.set({
				recipients_through: batch.at(-1)!.id,
				recipients: sql<number>`recipients + ${batch.length}`,
				mailed: sql<number>`mailed + ${mailed}`,
				lease_until: at + ANNOUNCEMENT_LEASE_MS,
			})
			.where('id', '=', row.id)
			.where('recipients_through', '=', row.recipients_through)
			.where('withdrawn_at', 'is', null)
			.where('lease_owner', '=', instance)
			.where('lease_until', '>=', at)
			.executeTakeFirst()
		if (Number(advanced.numUpdatedRows) !== 1) return false
		await trx
			.insertInto('notifications')
			.values(
				batch.map((reader) => ({
					user_id: reader.id,
					type: 'announcement',
					title_key: 'notifications.announcement',
					body_key: null,
					params: null,
					link: row.link,
					created_at: row.delivered_at ?? at,
					read_at: null,
					announcement_id: row.id,
					expires_at: row.expires_at,
				})),
			)
			.execute()
		await trx.insertInto('announcement_batches').values({ hold, announcement_id: row.id, committed_at: at }).execute()
		return true
	})
}

async function finish(row: AnnouncementRow, instance: string, at: number, db: DB): Promise<boolean> {
	const done = await db
		.updateTable('announcements')
		.set({ completed_at: at, lease_owner: null, lease_until: null })
		.where('id', '=', row.id)
		.where('recipients_through', '=', row.recipients_through)
		.where('lease_owner', '=', instance)
		.where('completed_at', 'is', null)
		.returning(['recipients', 'mailed'])
		.executeTakeFirst()
	if (!done) return false
	logger.info('notifications.announcement_sent', { id: row.id, recipients: done.recipients, mailed: done.mailed })
	return true
}

/**
 * Held mail a pass left (a crash, a kill, a failed write): released when its batch was committed, else
 * discarded once older than the lease (by then its writer can no longer commit it; files carry the wall
 * clock's time).
 */
export async function settleHeldMail(db: DB = getDb()): Promise<void> {
	const at = Date.now()
	const held = await heldMail()
	if (held.length === 0) return
	const holds = [...new Set(held.map((entry) => entry.hold))]
	const committed = new Set((await db.selectFrom('announcement_batches').select('hold').where('hold', 'in', holds).execute()).map((entry) => entry.hold))
	await releaseHeldMail(held.filter((entry) => committed.has(entry.hold)).map((entry) => entry.file))
	await discardHeldMail(held.filter((entry) => !committed.has(entry.hold) && entry.writtenAt < at - ANNOUNCEMENT_LEASE_MS).map((entry) => entry.file))
}

/** The mail of an announcement to one reader, in the reader's language. */
function announcementMail(row: AnnouncementRow, reader: Recipient): Mail {
	const link = row.link === null ? null : row.link.startsWith('/') ? `${row.site_url}${row.link}` : row.link
	const language = isLanguageCode(reader.preferred_language) ? reader.preferred_language : DEFAULT_LANGUAGE
	const t = getFixedT(language)
	const text = [row.body, link, t('notifications.mail.footer', { notifications: `${row.site_url}/notifications`, profile: `${row.site_url}/contacts/profile` })].filter(Boolean).join('\n\n')
	return { to: reader.email, subject: row.title, text, lang: languageTag(language) }
}

/**
 * The instance's delivery: a pass at start-up (what a stop or a crash left), one whenever asked (`runNow`,
 * after a notification due now was written) and one every 15 s (scheduled ones falling due, and those
 * another instance left). `stop()` ends the pass after its batch in hand.
 */
export function startAnnouncementDelivery(): BackgroundTask {
	return startBackgroundTask({
		run: async (stopped) => {
			await deliverDueAnnouncements({ stopped })
		},
		everyMs: 15_000,
		failedEvent: 'notifications.delivery_failed',
	})
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

export type AnnouncementStatus = 'scheduled' | 'sending' | 'active' | 'expired' | 'withdrawn'

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
	/** Notification rows written so far, of `audienceSize` counted when sending began. */
	recipients: number
	audienceSize: number
	mailed: number
	read: number
}

export const ANNOUNCEMENTS_PAGE_SIZE = 20

function announcementStatus(row: { withdrawn_at: number | null; publish_at: number; delivered_at: number | null; completed_at: number | null; expires_at: number | null }, now: number): AnnouncementStatus {
	if (row.withdrawn_at !== null) return 'withdrawn'
	if (row.delivered_at === null && Number(row.publish_at) > now) return 'scheduled'
	if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired'
	return row.completed_at === null ? 'sending' : 'active'
}

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
			'announcements.completed_at',
			'announcements.audience_size',
			'announcements.mailed',
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
			status: announcementStatus(row, now),
			recipients: Number(row.recipients),
			audienceSize: Math.max(Number(row.audience_size ?? 0), Number(row.recipients)),
			mailed: Number(row.mailed),
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
