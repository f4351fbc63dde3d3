import { DESKTOP, dropdown, javaScriptEnabled, topBar } from './shell-support'
import { createUser, en, expect, open, test, translate, startSession } from './support'

test.use({ language: 'en', viewport: DESKTOP })

const unread = (count: number) => translate('en', 'notifications.summary', { count })

test('an administrator finds a user, sends them a notification; it reaches their bell and list, and is withdrawn again', async ({
	page,
	secondPage,
}) => {
	const admin = await createUser({ prefix: 'announce-admin', roles: ['admin'] })
	const reader = await createUser({ prefix: 'announce-reader', roles: ['viewer'] })
	const title = `Fire drill ${Date.now()}`

	// The reader's page is open before anything is sent.
	if (javaScriptEnabled()) await secondPage.clock.install()
	await startSession(secondPage, reader)
	await open(secondPage, '/dashboard')
	const bell = dropdown(topBar(secondPage), en.notifications.title)
	await expect(bell.toggle).toHaveAccessibleName(unread(0))

	await startSession(page, admin)
	await open(page, '/admin/notifications')
	await expect(page.getByRole('heading', { level: 1, name: en.admin.notifications.title })).toBeVisible()
	const form = page.getByRole('form', { name: en.admin.notifications.compose })
	await form.getByLabel(en.admin.notifications.fields.title).fill(title)
	await form.getByLabel(en.admin.notifications.fields.body).fill('At 10:00 everyone leaves the building.\nMeet at the car park.')
	await form.getByRole('radio', { name: en.admin.notifications.audience.users }).check()
	await form.getByLabel(en.admin.notifications.findUsers).fill(reader.email)
	await form.getByRole('button', { name: en.admin.notifications.find }).click()
	// The search came back with what was typed, and the match to tick.
	await expect(form.getByLabel(en.admin.notifications.fields.title)).toHaveValue(title)
	await form.getByRole('checkbox', { name: new RegExp(reader.email.replace(/[.]/g, '\\.')) }).check()
	await form.getByRole('button', { name: en.admin.notifications.send }).click()

	await expect(page.getByRole('status').filter({ hasText: en.admin.notifications.queued })).toBeVisible()
	const sentRow = page.getByRole('row').filter({ hasText: title })
	// Sent in the background once the answer has gone: the list shows it sent at the latest a reload later.
	await expect(async () => {
		await page.reload()
		await expect(sentRow).toContainText(en.admin.notifications.status.active, { timeout: 1_000 })
	}).toPass()
	await expect(sentRow).toContainText(translate('en', 'admin.notifications.readOf', { read: 0, count: 1 }))
	// The form is empty again for the next one.
	await expect(form.getByLabel(en.admin.notifications.fields.title)).toHaveValue('')

	if (javaScriptEnabled()) {
		// The bell counts it without a reload, at its next background check.
		await secondPage.clock.runFor(61_000)
		await expect(bell.toggle).toHaveAccessibleName(unread(1))
	} else {
		await secondPage.reload()
		await expect(bell.toggle).toHaveAccessibleName(unread(1))
	}
	await open(secondPage, '/notifications')
	const item = secondPage.getByRole('main').getByRole('listitem').filter({ hasText: title })
	await expect(item).toContainText('Meet at the car park.')
	await item.getByRole('button', { name: en.notifications.markRead }).click()
	await expect(item.getByRole('button', { name: en.notifications.markRead })).toHaveCount(0)

	await open(page, '/admin/notifications')
	await expect(sentRow).toContainText(translate('en', 'admin.notifications.readOf', { read: 1, count: 1 }))
	await sentRow.getByRole('button', { name: `${en.admin.notifications.withdraw}: ${title}` }).click()
	await expect(sentRow).toContainText(en.admin.notifications.status.withdrawn)

	await open(secondPage, '/notifications')
	await expect(secondPage.getByRole('main').getByRole('listitem').filter({ hasText: title })).toHaveCount(0)
})

test('a reader turns notifications by email off and on in the profile', async ({ page }) => {
	const reader = await createUser({ prefix: 'announce-optout', roles: ['viewer'] })
	await startSession(page, reader)
	await open(page, '/contacts/profile')
	const choice = page.getByRole('checkbox', { name: en.profile.emailNotifications })
	await expect(choice).toBeChecked()
	await choice.uncheck()
	const section = page.getByRole('region', { name: en.profile.emailNotificationsHeading })
	await section.getByRole('button', { name: en.profile.save }).click()
	await expect(page.getByRole('status').filter({ hasText: en.profile.saved })).toBeVisible()
	await expect(choice).not.toBeChecked()
	await page.reload()
	await expect(choice).not.toBeChecked()
})
