import { describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { bellNotifications, countUnread, listNotifications, markRead, notify } from '~/notifications/notifications.server'
import { createTestUser } from '../support/users'
import { queriesDuring } from '../support/queries'

async function bellInOneQuery(userId: number, limit: number, now?: number) {
	const { result: bell, statements: queries } = await queriesDuring(() =>
		bellNotifications(userId, limit, now === undefined ? {} : { now }),
	)
	return { bell, queries }
}

describe("the bell of every page (the frame's notifications)", () => {
	test('nothing yet: no unread, an empty list, in one query', async () => {
		const { user } = await createTestUser()
		const { bell, queries } = await bellInOneQuery(user.id, 5)
		expect(bell).toEqual({ unread: 0, latest: [] })
		expect(queries).toHaveLength(1)
	})

	test('the unread count and the newest entries are those of the notifications page, in one query', async () => {
		const { user } = await createTestUser()
		const { user: someoneElse } = await createTestUser()
		for (let index = 1; index <= 8; index++)
			await notify(user.id, { type: 'password_changed', titleKey: 'notifications.passwordChanged.title', params: { index } })
		await notify(someoneElse.id, { type: 'password_changed', titleKey: 'notifications.passwordChanged.title' })
		const [oldest, , , newest] = (await listNotifications(user.id, { limit: 8 })).items.reverse()
		await markRead(user.id, oldest!.id)
		await markRead(user.id, newest!.id)
		// One has expired: neither counted nor listed.
		await getDb()
			.updateTable('notifications')
			.set({ expires_at: Date.now() - 1 })
			.where('id', '=', oldest!.id + 1)
			.execute()

		const { bell, queries } = await bellInOneQuery(user.id, 5)
		expect(queries).toHaveLength(1)
		expect(bell.unread).toBe(await countUnread(user.id))
		expect(bell.unread).toBe(5)
		expect(bell.latest).toEqual((await listNotifications(user.id, { limit: 5 })).items)
		expect(bell.latest.map((item) => item.params.index)).toEqual([8, 7, 6, 5, 4])
		expect(bell.latest.map((item) => item.read)).toEqual([false, false, false, false, true])
	})

	test('with every notification read, the count is 0 and the list still shows them', async () => {
		const { user } = await createTestUser()
		await notify(user.id, { type: 'password_changed', titleKey: 'notifications.passwordChanged.title' })
		const [only] = (await listNotifications(user.id)).items
		await markRead(user.id, only!.id)
		const { bell } = await bellInOneQuery(user.id, 5)
		expect(bell.unread).toBe(0)
		expect(bell.latest.map((item) => item.id)).toEqual([only!.id])
	})
})
