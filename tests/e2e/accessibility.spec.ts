import { expectNoAxeViolations } from './axe'
import { addNotifications } from './database'
import { MOBILE, chooseLayout, dropdown, sharedViewer, topBar } from './shell-support'
import { createUser, en, expect, open, test, startSession } from './support'

// Runs in the `js` project only (see playwright.config.ts): the hydrated page is what assistive technology meets.
// Every page in each language and theme is checked by pages-accessibility.spec.ts; here, the shell's other states.
// Reduced motion: a toast still fading in would be measured at half its contrast.
test.use({ language: 'en', reducedMotion: 'reduce' })

test.describe('No axe violations in the layout shell', () => {
	test('the dashboard in the horizontal layout, and on a phone', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')

		await chooseLayout(page, en, 'layout', 'horizontal')
		await open(page, '/dashboard')
		await expect(page.locator('body')).toHaveAttribute('data-layout', 'horizontal')
		await expectNoAxeViolations(page)

		await page.setViewportSize(MOBILE)
		await open(page, '/dashboard')
		await expectNoAxeViolations(page)
	})

	test('the dashboard with each dropdown of the top bar open', async ({ page }) => {
		const user = await createUser({ prefix: 'a11y-dropdowns' })
		await addNotifications(user.email, 2)
		await startSession(page, user)
		await open(page, '/dashboard')
		const bar = topBar(page)
		for (const name of [
			en.topbar.userMenu,
			en.notifications.title,
			en.language.change,
			en.topbar.apps,
			en.topbar.allFunctions,
			en.layout.title,
		]) {
			await test.step(name, async () => {
				const menu = dropdown(bar, name)
				await menu.open()
				await expect(menu.panel).toBeVisible()
				if (name === en.notifications.title) {
					// The list scrolls inside the panel: a keyboard user scrolls it once it has the focus.
					const latest = menu.panel.getByRole('region', { name: en.notifications.latest })
					await latest.focus()
					await expect(latest).toBeFocused()
				}
				// The rest of the dashboard is checked in every language and theme by pages-accessibility.spec.ts.
				await expectNoAxeViolations(page, 'header')
				await page.keyboard.press('Escape')
				await expect(menu.details).not.toHaveAttribute('open')
			})
		}
	})
})

test.describe('With the keyboard alone', () => {
	test('Tab reaches the skip link, the menu toggle and every control of the top bar; Enter and Space open dropdowns', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		const bar = topBar(page)
		const dropdowns = {
			mega: dropdown(bar, en.topbar.allFunctions),
			language: dropdown(bar, en.language.change),
			apps: dropdown(bar, en.topbar.apps),
			notifications: dropdown(bar, en.notifications.title),
			account: dropdown(bar, en.topbar.userMenu),
			settings: dropdown(bar, en.layout.title),
		}

		// The first stop: the skip link, shown when focused, leading to the main content.
		await page.keyboard.press('Tab')
		const skip = page.getByRole('link', { name: en.app.skipToContent })
		await expect(skip).toBeFocused()
		await expect(skip).toBeVisible()

		// Then the menu toggle (a checkbox behind the menu button), which Space operates.
		await page.keyboard.press('Tab')
		const toggle = page.getByRole('checkbox', { name: en.topbar.toggleMenu })
		await expect(toggle).toBeFocused()
		await page.keyboard.press('Space')
		await expect(toggle).toBeChecked()
		await page.keyboard.press('Space')
		await expect(toggle).not.toBeChecked()

		// Then every control of the top bar, in order.
		const stops = [
			bar.getByRole('link', { name: en.app.name }),
			bar.getByRole('searchbox', { name: en.search.label }),
			bar.getByRole('button', { name: en.search.submit }),
			dropdowns.mega.toggle,
			dropdowns.language.toggle,
			dropdowns.apps.toggle,
			bar.getByRole('button', { name: en.topbar.fullscreen, exact: true }),
			bar.getByRole('link', { name: `${en.topbar.help} (${en.topbar.opensInNewTab})` }),
			dropdowns.notifications.toggle,
			dropdowns.account.toggle,
			dropdowns.settings.toggle,
		]
		for (const stop of stops) {
			await page.keyboard.press('Tab')
			await expect(stop).toBeFocused()
		}

		// Enter opens the settings panel, whose options are reachable next; Escape closes it.
		await page.keyboard.press('Enter')
		await expect(dropdowns.settings.details).toHaveAttribute('open', '')
		await page.keyboard.press('Tab')
		await expect(page.getByRole('complementary', { name: en.layout.title }).getByRole('radio').first()).toBeFocused()
		await page.keyboard.press('Escape')
		await expect(dropdowns.settings.details).not.toHaveAttribute('open')
		await expect(dropdowns.settings.toggle).toBeFocused()

		// Space opens the user menu; its entries follow.
		await page.keyboard.press('Shift+Tab')
		await expect(dropdowns.account.toggle).toBeFocused()
		await page.keyboard.press('Space')
		await expect(dropdowns.account.details).toHaveAttribute('open', '')
		await page.keyboard.press('Tab')
		await expect(dropdowns.account.panel.getByRole('link', { name: en.nav.profile })).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(page).toHaveURL('/contacts/profile')

		// The skip link moves the focus to the main content.
		await open(page, '/dashboard')
		await page.keyboard.press('Tab')
		await expect(skip).toBeFocused()
		await page.keyboard.press('Enter')
		await expect(page.getByRole('main')).toBeFocused()
	})
})
