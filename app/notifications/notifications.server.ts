import { getDb, type DB } from '~/db/db.server'

export type NotificationType = 'password_changed' | 'password_reset' | 'roles_changed' | 'sessions_ended'

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

function toView(row: {
	id: number
	type: string
	title_key: string
	body_key: string | null
	params: string | null
	link: string | null
	created_at: number
	read_at: number | null
}): NotificationView {
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
		link: row.link,
		createdAt: row.created_at,
		read: row.read_at !== null,
	}
}

/** Newest first; `before` is the id of the last one already shown ("load more"). */
export async function listNotifications(userId: number, { before, limit = PAGE_SIZE }: { before?: number; limit?: number } = {}, db: DB = getDb()) {
	let query = db.selectFrom('notifications').selectAll().where('user_id', '=', userId)
	if (before) query = query.where('id', '<', before)
	const rows = await query.orderBy('id', 'desc').limit(limit + 1).execute()
	return { items: rows.slice(0, limit).map(toView), hasMore: rows.length > limit }
}

export async function countUnread(userId: number, db: DB = getDb()): Promise<number> {
	const row = await db
		.selectFrom('notifications')
		.select((eb) => eb.fn.countAll<number>().as('count'))
		.where('user_id', '=', userId)
		.where('read_at', 'is', null)
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
