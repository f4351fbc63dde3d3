import type { Selectable } from 'kysely'
import { getDb, type DB } from '~/db/db.server'
import type { AnnouncementsTable, NotificationsTable } from '~/db/schema'

export type NotificationType =
	'password_changed' | 'password_reset' | 'roles_changed' | 'sessions_ended' | 'announcement' | 'new_browser' | 'second_factor_changed'

export interface NewNotification {
	type: NotificationType
	titleKey: string
	bodyKey?: string
	params?: Record<string, string | number>
	link?: string
}

export interface NotificationView {
	id: number
	type: string
	titleKey: string
	bodyKey: string | null
	params: Record<string, string | number>
	/** An administrator's own words (announcements), shown as written instead of `titleKey`/`bodyKey`. */
	title: string | null
	body: string | null
	link: string | null
	createdAt: number
	read: boolean
}

export const PAGE_SIZE = 20
export const DROPDOWN_SIZE = 5

export async function notify(userId: number, notification: NewNotification, db: DB = getDb()) {
	await db
		.insertInto('notifications')
		.values({
			user_id: userId,
			type: notification.type,
			title_key: notification.titleKey,
			body_key: notification.bodyKey ?? null,
			params: notification.params ? JSON.stringify(notification.params) : null,
			link: notification.link ?? null,
			created_at: Date.now(),
			read_at: null,
		})
		.execute()
}

/** A notification as the bell and the list read it: its own columns, and the announcement's words when it is one. */
type NotificationRow = Pick<
	Selectable<NotificationsTable>,
	'id' | 'type' | 'title_key' | 'body_key' | 'params' | 'link' | 'created_at' | 'read_at'
> & {
	/** The announcement's, joined; null for any other notification. */
	title: AnnouncementsTable['title'] | null
	body: AnnouncementsTable['body'] | null
}

/**
 * Tells a user their roles changed. The codes travel with the notification so that each reader sees
 * built-in roles by their translated name (custom roles by their stored name, kept here).
 */
export async function notifyRolesChanged(userId: number, codes: readonly string[], db: DB = getDb()) {
	const roles =
		codes.length > 0 ? await db.selectFrom('roles').select(['code', 'name', 'is_builtin']).where('code', 'in', codes).execute() : []
	const custom: Record<string, string> = Object.fromEntries(roles.filter((role) => !role.is_builtin).map((role) => [role.code, role.name]))
	await notify(
		userId,
		{
			type: 'roles_changed',
			titleKey: 'notifications.rolesChanged.title',
			bodyKey: 'notifications.rolesChanged.body',
			params: {
				roles: codes.map((code) => custom[code] ?? code).join(', ') || '—',
				roleCodes: codes.join(','),
				roleNames: JSON.stringify(custom),
			},
			link: '/contacts/profile',
		},
		db,
	)
}

function toView(row: NotificationRow): NotificationView {
	let params: Record<string, string | number> = {}
	try {
		params = row.params ? (JSON.parse(row.params) as Record<string, string | number>) : {}
	} catch {
		/* keep empty */
	}
	return {
		id: row.id,
		type: row.type,
		titleKey: row.title_key,
		bodyKey: row.body_key,
		params,
		title: row.title,
		body: row.body,
		link: row.link,
		createdAt: row.created_at,
		read: row.read_at !== null,
	}
}

/** A user's notifications that are still shown: not expired, not withdrawn. */
function visibleTo(userId: number, now: number, db: DB) {
	return db
		.selectFrom('notifications')
		.where('notifications.user_id', '=', userId)
		.where((eb) => eb.or([eb('notifications.expires_at', 'is', null), eb('notifications.expires_at', '>', now)]))
}

const NOTIFICATION_COLUMNS = [
	'notifications.id',
	'notifications.type',
	'notifications.title_key',
	'notifications.body_key',
	'notifications.params',
	'notifications.link',
	'notifications.created_at',
	'notifications.read_at',
	'announcements.title',
	'announcements.body',
] as const

/**
 * The bell of every page: how many are unread and the newest `limit`, in one round trip (the count
 * joined to the newest rows, so it comes back even when there are none).
 */
export async function bellNotifications(userId: number, limit: number, { now = Date.now() }: { now?: number } = {}, db: DB = getDb()) {
	const unread = visibleTo(userId, now, db)
		.where('notifications.read_at', 'is', null)
		.select((eb) => eb.fn.countAll<number | string | bigint>().as('unread'))
	const newest = visibleTo(userId, now, db)
		.leftJoin('announcements', 'announcements.id', 'notifications.announcement_id')
		.select(NOTIFICATION_COLUMNS)
		.orderBy('notifications.id', 'desc')
		.limit(limit)
	const rows = await db
		.selectFrom(unread.as('counted'))
		.leftJoin(newest.as('newest'), (join) => join.onTrue())
		.selectAll('newest')
		.select('counted.unread')
		.orderBy('newest.id', 'desc')
		.execute()
	return {
		unread: Number(rows[0]?.unread ?? 0),
		latest: rows.flatMap((row) => (row.id === null ? [] : [toView(row as NotificationRow)])),
	}
}

/** Newest first; `before` is the id of the last one already shown ("load more"). */
export async function listNotifications(
	userId: number,
	{ before, limit = PAGE_SIZE, now = Date.now() }: { before?: number; limit?: number; now?: number } = {},
	db: DB = getDb(),
) {
	let query = visibleTo(userId, now, db)
		.leftJoin('announcements', 'announcements.id', 'notifications.announcement_id')
		.select(NOTIFICATION_COLUMNS)
	if (before) query = query.where('notifications.id', '<', before)
	const rows = await query
		.orderBy('notifications.id', 'desc')
		.limit(limit + 1)
		.execute()
	return { items: rows.slice(0, limit).map(toView), hasMore: rows.length > limit }
}

export async function countUnread(userId: number, { now = Date.now() }: { now?: number } = {}, db: DB = getDb()): Promise<number> {
	const row = await visibleTo(userId, now, db)
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('notifications.read_at', 'is', null)
		.executeTakeFirstOrThrow()
	return Number(row.count)
}

export async function markAllRead(userId: number, db: DB = getDb()) {
	await db.updateTable('notifications').set({ read_at: Date.now() }).where('user_id', '=', userId).where('read_at', 'is', null).execute()
}

export async function markRead(userId: number, id: number, db: DB = getDb()) {
	await db
		.updateTable('notifications')
		.set({ read_at: Date.now() })
		.where('user_id', '=', userId)
		.where('id', '=', id)
		.where('read_at', 'is', null)
		.execute()
}
