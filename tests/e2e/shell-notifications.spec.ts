import { addNotifications } from './database'
import { DESKTOP, MOBILE, dropdown, javaScriptEnabled, openChangePasswordFromMenu, topBar } from './shell-support'
import { createUser, en, expect, format, open, submitPasswordChange, test, translate, startSession } from './support'

test.use({ language: 'en' })

const unread = (count: number) => translate('en', 'notifications.summary', { count })
const rolesNow = (roles: string) => format(en.notifications.rolesChanged.body, { roles })

for (const viewport of [DESKTOP, MOBILE]) {
	test.describe(`At ${viewport.width}px`, () => {
		test.use({ viewport })

		test('a password change notifies the user: unread badge, the dropdown lists it, "mark all read" clears it', async ({ page }) => {
			const user = await createUser({ prefix: `notify-${viewport.width}`, roles: ['viewer'] })
			await startSession(page, user)
			await open(page, '/dashboard')
			const bell = dropdown(topBar(page), en.notifications.title)
			const badge = bell.toggle.locator('.badge')

			// Nothing unread: no badge at all.
			await expect(bell.toggle).toHaveAccessibleName(unread(0))
			await expect(badge).toHaveCount(0)

			await openChangePasswordFromMenu(page, en)
			await submitPasswordChange(page, user.password)
			await expect(page).toHaveURL('/dashboard')

			await expect(bell.toggle).toHaveAccessibleName(unread(1))
			await expect(badge).toBeVisible()
			await expect(badge).toHaveText('1')

			await bell.open()
			const entries = bell.panel.getByRole('listitem')
			await expect(entries).toHaveCount(1)
			await expect(entries.first()).toContainText(en.notifications.passwordChanged.title)
			await expect(entries.first()).toBeInViewport()
			await bell.panel.getByRole('button', { name: en.notifications.markAllRead }).click()

			await expect(page).toHaveURL('/dashboard')
			await expect(bell.toggle).toHaveAccessibleName(unread(0))
			await expect(badge).toHaveCount(0)
			await bell.open()
			await expect(entries).toHaveCount(1)
			await expect(bell.panel.getByRole('button', { name: en.notifications.markAllRead })).toHaveCount(0)
		})
	})
}

test.describe('The notifications page', () => {
	test.use({ viewport: DESKTOP })

	test('shows 20 at a time, with "load more" for the rest', async ({ page }) => {
		const user = await createUser({ prefix: 'notify-more', roles: ['viewer'] })
		const roles = await addNotifications(user.email, 25) // newest first: R-25 … R-01
		await startSession(page, user)
		await open(page, '/dashboard')

		const bell = dropdown(topBar(page), en.notifications.title)
		await expect(bell.toggle).toHaveAccessibleName(unread(25))
		await expect(bell.toggle.locator('.badge')).toHaveText('25')

		await open(page, '/notifications')
		await expect(page.getByRole('heading', { level: 1, name: en.notifications.title })).toBeVisible()
		const items = page.getByRole('main').getByRole('listitem')
		await expect(items).toHaveCount(20)
		await expect(items).toContainText(roles.slice(0, 20).map(rolesNow))
		const more = page.getByRole('link', { name: en.notifications.loadMore })
		await expect(more).toHaveAttribute('href', /^\/notifications\?before=\d+$/)

		if (javaScriptEnabled()) {
			// Appended in place: no page load, no change of address.
			let documentLoads = 0
			page.on('request', (request) => {
				if (request.isNavigationRequest() && request.frame() === page.mainFrame()) documentLoads += 1
			})
			await page.evaluate(() => Object.assign(window, { e2eSamePage: true }))
			await more.click()
			await expect(items).toHaveCount(25)
			await expect(items).toContainText(roles.map(rolesNow))
			await expect(more).toHaveCount(0)
			await expect(page).toHaveURL('/notifications')
			expect(await page.evaluate(() => 'e2eSamePage' in window), 'still the same document').toBe(true)
			expect(documentLoads).toBe(0)
		} else {
			// A plain link to the next page.
			await more.click()
			await expect(page).toHaveURL(/\/notifications\?before=\d+$/)
			await expect(items).toHaveCount(5)
			await expect(items).toContainText(roles.slice(20).map(rolesNow))
			await expect(more).toHaveCount(0)
			await page.getByRole('link', { name: en.notifications.newest }).click()
			await expect(page).toHaveURL('/notifications')
			await expect(items).toHaveCount(20)
		}

		// Marking one read leaves the others unread.
		await items.first().getByRole('button', { name: en.notifications.markRead }).click()
		await expect(bell.toggle).toHaveAccessibleName(unread(24))
		await expect(items.first().getByText(en.notifications.read, { exact: true })).toBeVisible()
	})
})
