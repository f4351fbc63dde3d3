import { DESKTOP, dropdown, signOutFromMenu, topBar } from './shell-support'
import { createUser, en, expect, open, signIn, test, translate } from './support'

test.use({ language: 'en', viewport: DESKTOP })

const unread = (count: number) => translate('en', 'notifications.summary', { count })

test('a sign-in from a browser the account has not used is announced in its notifications; signing in again from it adds nothing', async ({
	page,
	secondPage,
}) => {
	const user = await createUser({ prefix: 'new-browser' })
	// The account's first browser is what later ones are compared with: nothing to announce.
	await signIn(page, user.email, user.password)
	await expect(dropdown(topBar(page), en.notifications.title).toggle).toHaveAccessibleName(unread(0))

	await signIn(secondPage, user.email, user.password)
	const bell = dropdown(topBar(secondPage), en.notifications.title)
	await expect(bell.toggle).toHaveAccessibleName(unread(1))
	await bell.open()
	await expect(bell.panel.getByRole('listitem')).toHaveCount(1)
	await expect(bell.panel.getByRole('listitem')).toContainText(en.deviceNotice.title)

	await signOutFromMenu(secondPage, en)
	await signIn(secondPage, user.email, user.password)
	await open(secondPage, '/notifications')
	const items = secondPage.getByRole('main').getByRole('listitem')
	await expect(items).toHaveCount(1)
	await expect(items).toContainText(en.deviceNotice.title)
	// Browser and system as people name them, and the address the sign-in came from.
	await expect(items).toContainText(/ from Chrome \d+ \((Windows|Linux|macOS)\), address (127\.0\.0\.1|::1|::ffff:127\.0\.0\.1), /)
})
