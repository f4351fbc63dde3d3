import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { addNotifications } from './database'
import { MOBILE, chooseLayout, dropdown, sharedViewer, topBar } from './shell-support'
import { createUser, en, expect, expectErrorSummary, open, signIn, test } from './support'

// Runs in the `js` project only (see playwright.config.ts): the hydrated page is what assistive technology meets.
// Reduced motion: a toast still fading in would be measured at half its contrast.
test.use({ language: 'en', reducedMotion: 'reduce' })

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

/** Each violation as one readable paragraph: rule, impact, help link, then each offending element and what to fix. */
function describeViolations(violations: AxeResults['violations']): string[] {
	return violations.map((violation) =>
		[
			`[${violation.impact ?? 'unknown impact'}] ${violation.id}: ${violation.help}`,
			`  ${violation.helpUrl}`,
			...violation.nodes.map((node) => `  - ${node.target.join(' ')}: ${node.html}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
		].join('\n'),
	)
}

/** Fails the test when axe finds anything; `include` limits the check to a part of the page (a CSS selector). */
async function expectNoAxeViolations(page: Page, include?: string) {
	const builder = new AxeBuilder({ page })
	if (include) builder.include(include)
	const results = await builder.analyze()
	expect(describeViolations(results.violations), `accessibility violations on ${page.url()}`).toEqual([])
}

test.describe('No axe violations on', () => {
	test('the sign-in page, also when it shows an error', async ({ page }) => {
		await open(page, '/account/login')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
		await expectNoAxeViolations(page)

		await page.getByRole('button', { name: en.login.submit, exact: true }).click()
		await expect(page.getByLabel(en.login.email, { exact: true })).toHaveAttribute('aria-invalid', 'true')
		await expectNoAxeViolations(page)
	})

	test('the dashboard', async ({ page }) => {
		const user = await createUser({ prefix: 'a11y' })
		await signIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
		await expectNoAxeViolations(page)
	})

	test('the change-password page, also when it shows errors', async ({ page }) => {
		const user = await createUser({ prefix: 'a11y', mustChange: true })
		await signIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: en.changePassword.title })).toBeVisible()
		await expectNoAxeViolations(page)

		await page.getByRole('button', { name: en.changePassword.submit, exact: true }).click()
		await expectErrorSummary(page, [
			`${en.changePassword.currentPassword}: ${en.validation.required}`,
			`${en.changePassword.newPassword}: ${en.validation.required}`,
			`${en.changePassword.confirmPassword}: ${en.validation.required}`,
		])
		await expectNoAxeViolations(page)
	})

	test('the sign-out confirmation page', async ({ page }) => {
		const user = await createUser({ prefix: 'a11y' })
		await signIn(page, user.email, user.password)
		await open(page, '/account/logout')
		await expect(page.getByRole('heading', { level: 1, name: en.logout.title })).toBeVisible()
		await expectNoAxeViolations(page)
	})

	test('the not-found page', async ({ page }) => {
		await open(page, '/no-such-page')
		await expect(page.getByRole('heading', { level: 1, name: en.errors.notFoundTitle })).toBeVisible()
		await expectNoAxeViolations(page)
	})
})

test.describe('No axe violations in the layout shell', () => {
	test('the dashboard in dark mode, in the horizontal layout, and on a phone', async ({ page }) => {
		const user = await sharedViewer()
		await signIn(page, user.email, user.password)

		await chooseLayout(page, en, 'mode', 'dark')
		await open(page, '/dashboard')
		await expect(page.locator('body')).toHaveAttribute('data-layout-mode', 'dark')
		await expectNoAxeViolations(page)

		await chooseLayout(page, en, 'mode', 'light')
		await chooseLayout(page, en, 'layout', 'horizontal')
		await open(page, '/dashboard')
		await expect(page.locator('body')).toHaveAttribute('data-layout', 'horizontal')
		await expect(page.locator('body')).toHaveAttribute('data-layout-mode', 'light')
		await expectNoAxeViolations(page)

		await page.setViewportSize(MOBILE)
		await open(page, '/dashboard')
		await expectNoAxeViolations(page)
	})

	for (const mode of ['light', 'dark'] as const) {
		test(`the notifications, the profile and the search results in ${mode} mode`, async ({ page }) => {
			const user = await createUser({ prefix: `a11y-pages-${mode}` })
			await addNotifications(user.email, 3)
			await signIn(page, user.email, user.password)
			if (mode === 'dark') await chooseLayout(page, en, 'mode', 'dark')

			await open(page, '/notifications')
			await expect(page.getByRole('heading', { level: 1, name: en.notifications.title })).toBeVisible()
			await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(3)
			await expectNoAxeViolations(page)

			await open(page, '/contacts/profile')
			await expect(page.getByRole('heading', { level: 1, name: en.profile.title })).toBeVisible()
			await expectNoAxeViolations(page)

			await open(page, '/search?q=tram')
			await expect(page.getByRole('main').getByRole('link', { name: en.functions.DANHMUC_TRAM, exact: true })).toBeVisible()
			await expectNoAxeViolations(page)
		})
	}

	test('the dashboard with each dropdown of the top bar open', async ({ page }) => {
		const user = await createUser({ prefix: 'a11y-dropdowns' })
		await addNotifications(user.email, 2)
		await signIn(page, user.email, user.password)
		const bar = topBar(page)
		for (const name of [en.topbar.userMenu, en.notifications.title, en.language.change, en.topbar.apps, en.topbar.allFunctions, en.layout.title]) {
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
				// Only the top bar changed since the dashboard was checked as a whole.
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
		await signIn(page, user.email, user.password)
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
			bar.getByRole('button', { name: en.topbar.fullscreen }),
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
