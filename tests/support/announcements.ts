import { expect } from 'vitest'
import { getDb } from '~/db/db.server'
import { outboxMails } from './mail'
import { until } from './wait'

export const announcementTitled = (title: string) =>
	getDb().selectFrom('announcements').selectAll().where('title', '=', title).executeTakeFirstOrThrow()

export const activeUsers = () =>
	getDb().selectFrom('users').select(['id', 'email', 'email_notifications']).where('locked', '=', 0).orderBy('id').execute()

/** Waits until the notification titled so has been written to every recipient (the background sends it). */
export async function sentInFull(title: string) {
	const sent = () => getDb().selectFrom('announcements').select('completed_at').where('title', '=', title).executeTakeFirst()
	await until(async () => (await sent())?.completed_at != null, `${title} sent`)
}

function counted<T>(values: T[]): Map<T, number> {
	return values.reduce((counts, value) => counts.set(value, (counts.get(value) ?? 0) + 1), new Map<T, number>())
}

/** Every active user has exactly one notification titled so, and each who accepts mail exactly one mail of it in the outbox. */
export async function expectEachRecipientOnce(title: string, dataDir?: string) {
	const { id } = await announcementTitled(title)
	const users = await activeUsers()
	const rows = counted(
		(await getDb().selectFrom('notifications').select('user_id').where('announcement_id', '=', id).execute()).map((row) => row.user_id),
	)
	expect([...rows.keys()].sort((a, b) => a - b)).toEqual(users.map((user) => user.id))
	expect([...rows.values()].filter((n) => n !== 1)).toEqual([])
	const mails = counted((await outboxMails(dataDir)).filter((mail) => mail.subject === title).flatMap((mail) => mail.to))
	expect([...mails.keys()].sort()).toEqual(
		users
			.filter((user) => user.email_notifications === 1)
			.map((user) => user.email)
			.sort(),
	)
	expect([...mails.values()].filter((n) => n !== 1)).toEqual([])
}
