import type { Page } from '@playwright/test'
import { MENU_ID } from '../../app/components/shell/menu-markup-context'
import { MOBILE, chooseLayout, javaScriptEnabled, sharedViewer, topBar } from './shell-support'
import { en, expect, open, test, startSession } from './support'

test.use({ language: 'en', viewport: MOBILE })

/** The menu button: a label for the visually hidden checkbox #sidebar-toggle, so it works without JavaScript. */
function menuButton(page: Page) {
	return {
		button: topBar(page).getByTitle(en.topbar.toggleMenu),
		checkbox: page.getByRole('checkbox', { name: en.topbar.toggleMenu }),
	}
}

test.describe('On a phone (375px)', () => {
	test('the menu button opens and closes the off-canvas menu, which leads to the pages', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		const { button, checkbox } = menuButton(page)
		const menu = page.getByRole('navigation', { name: en.menu.label })

		// Closed at first: off the screen and hidden from assistive technology alike.
		await expect(checkbox).not.toBeChecked()
		await expect(menu).toBeHidden()
		await expect(button).toBeVisible()

		await button.click()
		await expect(checkbox).toBeChecked()
		await expect(menu).toBeVisible()
		await expect(menu).toBeInViewport({ ratio: 0.95 })
		await expect(menu.getByRole('link', { name: en.functions.DASHBOARD })).toBeVisible()

		await button.click()
		await expect(checkbox).not.toBeChecked()
		await expect(menu).toBeHidden()

		// Open again and go somewhere through it.
		await button.click()
		await menu.locator('summary', { hasText: en.functions.DANHMUC }).click()
		await menu.getByRole('link', { name: en.functions.DANHMUC_TRAM }).click()
		await expect(page).toHaveURL('/danhmuc/tram')
		await expect(page.getByRole('heading', { level: 1, name: en.stations.title })).toBeVisible()
	})

	test('choosing an entry of the off-canvas menu closes it', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		const { button } = menuButton(page)
		const menu = page.getByRole('navigation', { name: en.menu.label })
		await button.click()
		await menu.locator('summary', { hasText: en.functions.CONGCU }).click()
		await menu.getByRole('link', { name: en.functions.CONGCU_LIST }).click()
		await expect(page).toHaveURL('/congcu/list')
		await expect(page.getByRole('heading', { level: 1, name: en.tools.title })).toBeVisible()
		// The page just chosen must not stay covered by the menu.
		await expect(menu).toBeHidden()
	})

	test('the address "All functions" leads to without JavaScript (#menu) opens the off-canvas menu; the menu button closes it', async ({
		page,
	}) => {
		await startSession(page, await sharedViewer())
		if (!javaScriptEnabled()) {
			// Hidden on a phone, where the menu button is; its address may still be followed (a bookmark, a wider screen before).
			await open(page, '/dashboard')
			await expect(topBar(page).getByRole('link', { name: en.topbar.allFunctions, includeHidden: true })).toHaveAttribute(
				'href',
				`#${MENU_ID}`,
			)
		}
		// A page loaded with it: with JavaScript too, the menu stays open once the scripts have started, until chosen from or closed.
		await open(page, `/danhmuc/tram#${MENU_ID}`)
		const { button } = menuButton(page)
		const menu = page.getByRole('navigation', { name: en.menu.label })
		await expect(menu).toBeVisible()
		await expect(menu).toBeInViewport({ ratio: 0.95 })

		await button.click()
		await expect(menu).toBeHidden()
		await button.click()
		await expect(menu).toBeVisible()

		// A page chosen in it is not left covered.
		await menu.locator('summary', { hasText: en.functions.CONGCU }).click()
		await menu.getByRole('link', { name: en.functions.CONGCU_LIST }).click()
		await expect(page).toHaveURL('/congcu/list')
		await expect(page.getByRole('heading', { level: 1, name: en.tools.title })).toBeVisible()
		await expect(menu).toBeHidden()
	})

	test('in the horizontal layout the menu button shows and hides the top navigation', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		await chooseLayout(page, en, 'layout', 'horizontal')
		await open(page, '/dashboard') // closes the settings panel
		const { button, checkbox } = menuButton(page)
		const nav = page.getByRole('navigation', { name: en.menu.label })
		await expect(page.locator('body')).toHaveAttribute('data-layout', 'horizontal')
		await expect(nav).toBeHidden()

		await button.click()
		await expect(checkbox).toBeChecked()
		await expect(nav).toBeVisible()
		await expect(nav).toBeInViewport()
		const catalogs = nav.locator('details').filter({ has: page.locator(':scope > summary', { hasText: en.functions.DANHMUC }) })
		await catalogs.locator(':scope > summary').click()
		await expect(catalogs.getByRole('link', { name: en.functions.DANHMUC_TRAM })).toBeInViewport()

		await button.click()
		await expect(checkbox).not.toBeChecked()
		await expect(nav).toBeHidden()

		// Where "All functions" leads without JavaScript: the top navigation, shown until its button hides it.
		await open(page, `/danhmuc/tram#${MENU_ID}`)
		await expect(nav).toBeVisible()
		await button.click()
		await expect(nav).toBeHidden()
	})

	test('the page fits screens 375px and 320px wide: no sideways scrolling, every top-bar control on the screen', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		for (const width of [MOBILE.width, 320]) {
			await page.setViewportSize({ width, height: MOBILE.height })
			await expect.poll(() => page.evaluate(() => window.innerWidth), { message: 'the page has been laid out again' }).toBe(width)
			const layout = await topBar(page).evaluate((bar) => ({
				page: document.documentElement.scrollWidth,
				screen: window.innerWidth,
				// The top bar's shown controls (not those of closed dropdowns) that end beyond the right edge of the screen.
				offScreen: [...bar.querySelectorAll<HTMLElement>('summary, a, button, label')]
					.filter(
						(control) => control.checkVisibility({ visibilityProperty: true }) && control.getBoundingClientRect().right > window.innerWidth,
					)
					.map((control) => (control.textContent ?? '').trim() || control.title),
			}))
			expect.soft(layout.page, `the page is ${layout.page}px wide on a ${layout.screen}px screen`).toBeLessThanOrEqual(layout.screen)
			expect.soft(layout.offScreen, `top-bar controls beyond the right edge of a ${width}px screen`).toEqual([])
		}
	})
})
