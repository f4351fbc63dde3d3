import { z } from 'zod'
import { recordAudit, type Actor } from '~/audit/audit.server'
import { choiceField, formObject, optionalText, requiredText } from '~/catalogs/fields.server'
import { getDb, type DB } from '~/db/db.server'
import { fromLocalDateTimeInput } from '~/i18n/format'
import { formText, issue, keptValues, type FieldErrors } from '~/utils/form.server'
import { ANNOUNCEMENT_LIMITS, AUDIENCES } from './announcements'

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
		link: optionalText(ANNOUNCEMENT_LIMITS.link).refine(
			(value) => value === null || isNotificationLink(value),
			issue('admin.notifications.errors.link'),
		),
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

/** The compose form's fields as typed, to render again: which fields, and how long, do not depend on the zone. */
export function composeValues(formData: FormData): Record<string, string> {
	return keptValues(formData, announcementSchema('UTC'))
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

export type CreateResult = { ok: true; id: number; scheduled: boolean } | { ok: false; reason: 'invalid'; errors: FieldErrors }

/** Told when an announcement due now is recorded (the server's delivery then starts once the answer has gone). */
let onQueued: (() => void) | null = null

export function whenAnnouncementQueued(listener: (() => void) | null) {
	onQueued = listener
}

/** Checks what the form cannot: the chosen roles and users, and the times against `now`. */
async function audienceAndTimeErrors(input: AnnouncementInput, now: number, db: DB): Promise<FieldErrors> {
	const errors: FieldErrors = {}
	const chosen =
		input.audience === 'roles'
			? { field: 'roles', ids: input.roleIds }
			: input.audience === 'users'
				? { field: 'users', ids: input.userIds }
				: null
	if (chosen) {
		if (chosen.ids.length === 0)
			errors[chosen.field] = { key: `admin.notifications.errors.no${chosen.field === 'roles' ? 'Roles' : 'Users'}` }
		else if (chosen.ids.length > ANNOUNCEMENT_LIMITS.chosen)
			errors[chosen.field] = { key: 'admin.notifications.errors.tooMany', values: { max: ANNOUNCEMENT_LIMITS.chosen } }
		else {
			const found =
				chosen.field === 'roles'
					? await db.selectFrom('roles').select('id').where('id', 'in', chosen.ids).execute()
					: await db.selectFrom('users').select('id').where('id', 'in', chosen.ids).where('locked', '=', 0).execute()
			if (found.length !== chosen.ids.length) errors[chosen.field] = { key: 'admin.notifications.errors.unknownChoice' }
		}
	}
	if (input.publishAt !== null && input.publishAt < now - PAST_TOLERANCE_MS)
		errors.publishAt = { key: 'admin.notifications.errors.publishInPast' }
	const start = Math.max(input.publishAt ?? now, now)
	if (input.expiresAt !== null && input.expiresAt <= start) errors.expiresAt = { key: 'admin.notifications.errors.expiresBeforeStart' }
	return errors
}

/** Records a notification to send (now, or at `publishAt`); the background sends it (`deliverDueAnnouncements`). */
export async function createAnnouncement(
	input: AnnouncementInput,
	{ actor, siteUrl, ip = null, now = Date.now() }: { actor: Actor; siteUrl: string; ip?: string | null; now?: number },
	db: DB = getDb(),
): Promise<CreateResult> {
	const errors = await audienceAndTimeErrors(input, now, db)
	if (Object.keys(errors).length > 0) return { ok: false, reason: 'invalid', errors }
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
			details: {
				title: input.title,
				audience: input.audience,
				chosen: ids?.length ?? null,
				email: input.email,
				publishAt: input.publishAt,
				expiresAt: input.expiresAt,
			},
		},
		db,
	)
	const scheduled = input.publishAt !== null && input.publishAt > now
	if (!scheduled) onQueued?.()
	return { ok: true, id, scheduled }
}

export type WithdrawResult = { ok: true; alreadyWithdrawn: boolean } | { ok: false; reason: 'notFound' }

/** Hides an announcement from every recipient from now on (and never sends one still scheduled). */
export async function withdrawAnnouncement(
	id: number,
	{ actor, ip = null, now = Date.now() }: { actor: Actor; ip?: string | null; now?: number },
	db: DB = getDb(),
): Promise<WithdrawResult> {
	return db.transaction().execute(async (trx) => {
		const row = await trx.selectFrom('announcements').select(['title', 'withdrawn_at']).where('id', '=', id).executeTakeFirst()
		if (!row) return { ok: false, reason: 'notFound' }
		if (row.withdrawn_at !== null) return { ok: true, alreadyWithdrawn: true }
		await trx.updateTable('announcements').set({ withdrawn_at: now }).where('id', '=', id).execute()
		await trx
			.updateTable('notifications')
			.set({ expires_at: now })
			.where('announcement_id', '=', id)
			.where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
			.execute()
		await recordAudit(
			{ action: 'notification.withdrawn', actor, entity: 'notification', entityId: id, ip, details: { title: row.title } },
			trx,
		)
		return { ok: true, alreadyWithdrawn: false }
	})
}

/** The roles or users an announcement was addressed to, as stored. */
export function chosenIds(row: { audience_ids: string | null }): number[] {
	try {
		const ids: unknown = JSON.parse(row.audience_ids ?? '[]')
		return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : []
	} catch {
		return []
	}
}
