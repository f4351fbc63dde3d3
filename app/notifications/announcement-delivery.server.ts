import { createHash, randomBytes } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import { setImmediate as yieldToEventLoop } from 'node:timers/promises'
import { sql } from 'kysely'
import { getDb, type DB } from '~/db/db.server'
import { getConfig } from '~/config.server'
import { discardHeldMail, heldMail, holdMail, outboxDir, releaseHeldMail } from '~/mail/mailer.server'
import { startBackgroundTask, type BackgroundTask } from '~/utils/background-task.server'
import { logger } from '~/utils/logger.server'
import { announcementMail, type AnnouncementRow, type Recipient } from './announcement-mail.server'
import { chosenIds } from './announcements.server'

/**
 * Sending what administrators wrote: recipients' notifications and mail, a batch at a time, exactly once
 * per recipient whatever crashes or runs beside (decision 0065).
 */

/** The active accounts an announcement goes to. */
function recipients(db: DB, row: Pick<AnnouncementRow, 'audience' | 'audience_ids'>) {
	const query = db.selectFrom('users').where('users.locked', '=', 0)
	if (row.audience === 'everyone') return query
	const ids = chosenIds(row)
	if (ids.length === 0) return query.where(sql<boolean>`1 = 0`)
	if (row.audience === 'roles')
		return query.where('users.id', 'in', db.selectFrom('user_roles').select('user_roles.user_id').where('user_roles.role_id', 'in', ids))
	return query.where('users.id', 'in', ids)
}

/**
 * An instance sending an announcement holds it this long, renewed with each batch; past it (a crash, a
 * kill), another instance, or this one restarted, takes it on from where it stopped.
 */
export const ANNOUNCEMENT_LEASE_MS = 2 * 60_000

/** This instance, as the holder of announcement leases: the same after a restart on the same data folder. */
function deliveryInstance(): string {
	return createHash('sha256')
		.update(`${os.hostname()}\0${path.resolve(outboxDir())}`)
		.digest('hex')
		.slice(0, 32)
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
export async function deliverDueAnnouncements(
	{
		now = Date.now,
		instance = deliveryInstance(),
		batchSize = getConfig().notificationBatchSize,
		stopped = () => false,
	}: DeliveryOptions = {},
	db: DB = getDb(),
): Promise<number> {
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
	const row = await db
		.selectFrom('announcements')
		.select(['audience', 'audience_ids', 'audience_size'])
		.where('id', '=', id)
		.executeTakeFirstOrThrow()
	if (row.audience_size === null) {
		const { count } = await recipients(db, row)
			.select((eb) => eb.fn.countAll<number>().as('count'))
			.executeTakeFirstOrThrow()
		await db
			.updateTable('announcements')
			.set({ audience_size: Number(count) })
			.where('id', '=', id)
			.where('audience_size', 'is', null)
			.execute()
	}
	return true
}

/** Writes the recipients after the last one written, a batch at a time; true once every one is written. */
async function sendInBatches(id: number, { now, instance, batchSize, stopped }: Required<DeliveryOptions>, db: DB): Promise<boolean> {
	for (;;) {
		const row = await db
			.selectFrom('announcements')
			.select([
				'id',
				'title',
				'body',
				'link',
				'audience',
				'audience_ids',
				'also_email',
				'site_url',
				'expires_at',
				'delivered_at',
				'recipients_through',
				'withdrawn_at',
			])
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
			for (const reader of batch)
				if (mailing && reader.email_notifications === 1) files.push(await holdMail(announcementMail(row, reader), hold))
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
async function commitBatch(
	row: AnnouncementRow,
	batch: Recipient[],
	{ hold, mailed, instance, at }: { hold: string; mailed: number; instance: string; at: number },
	db: DB,
): Promise<boolean> {
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
	const committed = new Set(
		(await db.selectFrom('announcement_batches').select('hold').where('hold', 'in', holds).execute()).map((entry) => entry.hold),
	)
	await releaseHeldMail(held.filter((entry) => committed.has(entry.hold)).map((entry) => entry.file))
	await discardHeldMail(
		held.filter((entry) => !committed.has(entry.hold) && entry.writtenAt < at - ANNOUNCEMENT_LEASE_MS).map((entry) => entry.file),
	)
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
