import { sql } from 'kysely'
import { getDb, type DB } from '~/db/db.server'
import { ANNOUNCEMENT_LIMITS, type Audience, type AudienceUser } from './announcements'
import { chosenIds } from './announcements.server'

/** The notifications administrators wrote, as their list shows them, and the audience pickers' choices. */

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

function announcementStatus(
	row: {
		withdrawn_at: number | null
		publish_at: number
		delivered_at: number | null
		completed_at: number | null
		expires_at: number | null
	},
	now: number,
): AnnouncementStatus {
	if (row.withdrawn_at !== null) return 'withdrawn'
	if (row.delivered_at === null && Number(row.publish_at) > now) return 'scheduled'
	if (row.expires_at !== null && Number(row.expires_at) <= now) return 'expired'
	return row.completed_at === null ? 'sending' : 'active'
}

/** What was sent, newest first, with recipients and how many have read it; `before` pages on. */
export async function listAnnouncements(
	{ before, now = Date.now(), limit = ANNOUNCEMENTS_PAGE_SIZE }: { before?: number; now?: number; limit?: number } = {},
	db: DB = getDb(),
) {
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
	const rows = await query
		.orderBy('announcements.id', 'desc')
		.limit(limit + 1)
		.execute()
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
	const roles = roleIds.length
		? await db.selectFrom('roles').select(['id', 'code', 'name', 'is_builtin']).where('id', 'in', roleIds).execute()
		: []
	const items: AnnouncementListItem[] = page.map((row) => {
		const chosen = chosenIds(row)
		return {
			id: row.id,
			title: row.title,
			body: row.body,
			link: row.link,
			audience: row.audience as Audience,
			roles:
				row.audience === 'roles'
					? roles.filter((role) => chosen.includes(role.id)).map((role) => ({ ...role, is_builtin: Boolean(role.is_builtin) }))
					: [],
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
		.where((eb) =>
			eb.or([sql<boolean>`lower(display_name) like ${pattern} escape '\\'`, sql<boolean>`email_normalized like ${pattern} escape '\\'`]),
		)
		.orderBy('display_name')
		.orderBy('id')
		.limit(limit)
		.execute()
	return rows.map((row) => ({ id: row.id, displayName: row.display_name, email: row.email }))
}

/** The named accounts, for showing who is chosen. */
export async function audienceUsersById(ids: readonly number[], db: DB = getDb()): Promise<AudienceUser[]> {
	if (ids.length === 0) return []
	const rows = await db
		.selectFrom('users')
		.select(['id', 'display_name', 'email'])
		.where('id', 'in', ids.slice(0, ANNOUNCEMENT_LIMITS.chosen))
		.orderBy('display_name')
		.execute()
	return rows.map((row) => ({ id: row.id, displayName: row.display_name, email: row.email }))
}

/** Every role, for the "chosen roles" checkboxes. */
export async function audienceRoles(db: DB = getDb()) {
	const rows = await db
		.selectFrom('roles')
		.select(['id', 'code', 'name', 'is_builtin'])
		.orderBy('is_builtin', 'desc')
		.orderBy('code')
		.execute()
	return rows.map((row) => ({ ...row, is_builtin: Boolean(row.is_builtin) }))
}
