import { MENU_ID } from '../../app/components/shell/menu-markup-context'
import { HELP_URL } from './env.mjs'
import { DESKTOP, MOBILE, dropdown, javaScriptEnabled, sharedViewer, topBar, userMenu } from './shell-support'
import { LANGUAGES, createUser, en, expect, messages, open, startSession, test, translate } from './support'

test.use({ language: 'en' })

const vn = messages('vn')

/** The built-in functions a viewer is granted, as the menu links them. */
const VIEWER_PAGES = {
	'/dashboard': en.functions.DASHBOARD,
	'/danhmuc/tram': en.functions.DANHMUC_TRAM,
	'/danhmuc/loaitram': en.functions.DANHMUC_LOAITRAM,
	'/congcu/list': en.functions.CONGCU_LIST,
	'/congcu/nhom': en.functions.CONGCU_NHOM,
}

for (const viewport of [DESKTOP, MOBILE]) {
	const desktop = viewport.width >= 992

	test.describe(`The top bar at ${viewport.width}px`, () => {
		test.use({ viewport })

		test('every control works: logo, search, menus, language, launcher, help, notifications, user menu, settings', async ({ page }) => {
			// An account of its own: the shared one collects notices of sign-ins from new browsers, and the bell is to be empty.
			const user = await createUser({ prefix: `topbar-${viewport.width}`, roles: ['viewer'] })
			await startSession(page, user)
			await open(page, '/dashboard')
			const bar = topBar(page)

			await test.step('the logo leads to /, which lands on the first permitted page', async () => {
				const landing = await page.request.get('/', { maxRedirects: 0 })
				expect(landing.status()).toBe(302)
				expect(new URL(landing.headers()['location'] ?? '', page.url()).pathname).toBe('/dashboard')

				await open(page, '/contacts/profile')
				// Found by its address here: its name is checked by the test below.
				const logo = bar.locator('a[href="/"]')
				await expect(logo).toHaveCount(1)
				await logo.click()
				await expect(page).toHaveURL('/dashboard')
				await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
			})

			if (desktop) {
				await test.step('search: GET /search?q=, results link to the page', async () => {
					const search = bar.getByRole('search')
					await search.getByRole('searchbox', { name: en.search.label }).fill('tram')
					await search.getByRole('button', { name: en.search.submit }).click()
					await expect(page).toHaveURL('/search?q=tram')
					await expect(page.getByRole('heading', { level: 1, name: en.search.title })).toBeVisible()
					await expect(bar.getByRole('searchbox', { name: en.search.label })).toHaveValue('tram')
					// Station records may match too: the pages found (the stations and their types) are listed in a section of their own.
					const results = page
						.getByRole('main')
						.getByRole('region', { name: translate('en', 'search.pages', { count: 2 }) })
						.getByRole('listitem')
					await expect(results).toHaveCount(2)
					await results.getByRole('link', { name: en.functions.DANHMUC_TRAM, exact: true }).click()
					await expect(page).toHaveURL('/danhmuc/tram')
					await expect(page.getByRole('heading', { level: 1, name: en.stations.title })).toBeVisible()
				})

				await test.step('"All functions": a link to the menu without JavaScript, with it a mega menu of exactly the user\'s functions', async () => {
					const menu = page.getByRole('navigation', { name: en.menu.label })
					if (!javaScriptEnabled()) {
						// The page holds the menu once: the link leads to it, and the keyboard goes on from there.
						const link = bar.getByRole('link', { name: en.topbar.allFunctions, exact: true })
						await expect(link).toHaveAttribute('href', `#${MENU_ID}`)
						await link.click()
						await expect(page).toHaveURL(`/danhmuc/tram#${MENU_ID}`)
						await page.keyboard.press('Tab')
						await expect(menu.getByRole('link', { name: en.functions.DASHBOARD })).toBeFocused()
					} else {
						const mega = dropdown(bar, en.topbar.allFunctions)
						await expect(mega.panel).toBeHidden()
						await mega.open()
						const links = mega.panel.getByRole('link')
						await expect(links).toHaveCount(Object.keys(VIEWER_PAGES).length)
						for (const [href, label] of Object.entries(VIEWER_PAGES))
							await expect(mega.panel.getByRole('link', { name: label, exact: true })).toHaveAttribute('href', href)
						await expect(mega.panel.getByRole('heading', { name: en.functions.DANHMUC })).toBeVisible()
						await expect(mega.panel.getByRole('heading', { name: en.functions.CONGCU })).toBeVisible()
						await expect(mega.panel.getByRole('link', { name: en.functions.QUANTRI_USERS })).toHaveCount(0)
						await mega.panel.getByRole('link', { name: en.functions.CONGCU_LIST, exact: true }).click()
						await expect(page).toHaveURL('/congcu/list')
					}
				})
			} else {
				await test.step('search: a button leads to the search page, whose own box finds the page', async () => {
					await expect(bar.getByRole('search')).toBeHidden()
					await bar.getByRole('link', { name: en.search.label }).click()
					await expect(page).toHaveURL('/search')
					const main = page.getByRole('main')
					await main.getByRole('searchbox', { name: en.search.label }).fill('tram')
					await main.getByRole('button', { name: en.search.submit }).click()
					await expect(page).toHaveURL('/search?q=tram')
					await main.getByRole('link', { name: en.functions.DANHMUC_TRAM, exact: true }).click()
					await expect(page).toHaveURL('/danhmuc/tram')
				})
			}

			await test.step('the language dropdown offers six languages with flags, and changes the language in place', async () => {
				await open(page, '/danhmuc/tram?q=cau+giay')
				const languages = dropdown(bar, en.language.change)
				await expect(languages.toggle).toContainText('EN')
				await languages.open()
				const choices = languages.panel.getByRole('button')
				await expect(choices).toHaveCount(LANGUAGES.length)
				for (const [index, code] of LANGUAGES.entries()) {
					await expect(choices.nth(index)).toHaveAttribute('value', code)
					await expect(choices.nth(index)).toContainText(code)
					await expect(choices.nth(index).getByRole('img')).toHaveCount(0) // the flag is decorative (alt="")
					await expect(choices.nth(index).locator('img.flag')).toBeVisible()
				}
				await expect(languages.panel.getByRole('button', { name: /^English\b/ })).toHaveAttribute('aria-current', 'true')
				await languages.panel.getByRole('button', { name: /^Tiếng Việt\b/ }).click()
				await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
				await expect(page).toHaveURL('/danhmuc/tram?q=cau+giay')
				await expect(page.getByRole('heading', { level: 1, name: vn.stations.title })).toBeVisible()

				const back = dropdown(bar, vn.language.change)
				await expect(back.toggle).toContainText('VN')
				await back.open()
				await back.panel.getByRole('button', { name: /^English\b/ }).click()
				await expect(page.locator('html')).toHaveAttribute('lang', 'en')
				await expect(page).toHaveURL('/danhmuc/tram?q=cau+giay')
			})

			await test.step('the app launcher opens each application in a new tab, without opener or referrer', async () => {
				const launcher = dropdown(bar, en.topbar.apps)
				await launcher.open()
				const apps = launcher.panel.getByRole('link')
				await expect(apps).toHaveCount(6)
				for (const app of await apps.all()) {
					await expect(app).toBeVisible()
					await expect(app).toHaveAttribute('target', '_blank')
					await expect(app).toHaveAttribute('rel', 'noopener noreferrer')
					await expect(app).toHaveAttribute('href', /^https:\/\//)
					await expect(app).toHaveAccessibleName(new RegExp(`${en.topbar.opensInNewTab}$`))
				}
			})

			await test.step('the help link opens HELP_URL in a new tab', async () => {
				const help = bar.getByRole('link', { name: `${en.topbar.help} (${en.topbar.opensInNewTab})` })
				await expect(help).toBeVisible()
				await expect(help).toHaveAttribute('href', HELP_URL)
				await expect(help).toHaveAttribute('target', '_blank')
				await expect(help).toHaveAttribute('rel', 'noopener noreferrer')
			})

			await test.step('the fullscreen toggle exists only with JavaScript, and a phone has none (its browser is the whole screen)', async () => {
				const fullscreen = bar.getByRole('button', { name: en.topbar.fullscreen, exact: true })
				if (!javaScriptEnabled()) await expect(fullscreen).toHaveCount(0)
				else if (viewport.width >= 576) await expect(fullscreen).toBeVisible()
				else await expect(fullscreen).toBeHidden()
			})

			await test.step('the notifications dropdown: nothing unread, a way to all of them', async () => {
				const notifications = dropdown(bar, en.notifications.title)
				await expect(notifications.toggle).toHaveAccessibleName(new RegExp(`${translate('en', 'notifications.summary', { count: 0 })}$`))
				await expect(notifications.toggle.locator('.badge')).toHaveCount(0)
				await notifications.open()
				await expect(notifications.panel.getByText(en.notifications.empty)).toBeVisible()
				await notifications.panel.getByRole('link', { name: en.notifications.viewAll }).click()
				await expect(page).toHaveURL('/notifications')
				await expect(page.getByRole('heading', { level: 1, name: en.notifications.title })).toBeVisible()
			})

			await test.step('the settings toggle opens the layout settings panel', async () => {
				const settings = dropdown(bar, en.layout.title)
				const panel = page.getByRole('complementary', { name: en.layout.title })
				await expect(panel).toBeHidden()
				await settings.open()
				await expect(panel).toBeVisible()
				for (const field of Object.values(en.layout.fields)) await expect(panel.getByRole('group', { name: field })).toBeVisible()
				await expect(panel.getByRole('button', { name: en.layout.save })).toBeVisible()
				// Closing it is the test below; a page load closes it here.
				await open(page, '/dashboard')
				await expect(panel).toBeHidden()
			})

			await test.step('the user menu: name, profile, change password, sign-out', async () => {
				const menu = userMenu(page, en)
				if (desktop) await expect(menu.toggle).toContainText(user.name)
				await expect(menu.toggle).toHaveAccessibleName(new RegExp(`${en.topbar.userMenu}$`))
				await menu.open()
				await expect(menu.panel.getByText(user.name, { exact: true })).toBeVisible()
				await expect(menu.panel.getByText(user.email, { exact: true })).toBeVisible()
				await menu.panel.getByRole('link', { name: en.nav.profile }).click()
				await expect(page).toHaveURL('/contacts/profile')
				await expect(page.getByRole('heading', { level: 1, name: en.profile.title })).toBeVisible()

				await menu.open()
				await menu.panel.getByRole('link', { name: en.nav.changePassword }).click()
				await expect(page).toHaveURL('/account/change-password')
				await expect(page.getByRole('heading', { level: 1, name: en.changePassword.title })).toBeVisible()

				await open(page, '/dashboard')
				await menu.open()
				await menu.panel.getByRole('button', { name: en.nav.signOut }).click()
				await expect(page).toHaveURL('/account/login?reason=signed-out')
				await open(page, '/dashboard')
				await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Fdashboard/)
			})
		})
	})
}

test.describe('The top bar at every width', () => {
	test.use({ viewport: DESKTOP })

	test('the logo link is named after the product', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		const logo = topBar(page).getByRole('link', { name: en.app.name, exact: true })
		for (const viewport of [DESKTOP, MOBILE]) {
			await page.setViewportSize(viewport)
			await expect.soft(logo, `the logo at ${viewport.width}px`).toBeVisible()
			await expect.soft(logo, `the logo at ${viewport.width}px`).toHaveAttribute('href', '/')
		}
	})

	test('the settings panel closes again with its toggle', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		const settings = dropdown(topBar(page), en.layout.title)
		const panel = page.getByRole('complementary', { name: en.layout.title })
		for (const viewport of [DESKTOP, MOBILE]) {
			await test.step(`at ${viewport.width}px`, async () => {
				await page.setViewportSize(viewport)
				await open(page, '/dashboard')
				await settings.open()
				await expect(panel).toBeVisible()
				// Without JavaScript the toggle is the only way to close it short of leaving the page.
				await settings.toggle.click({ timeout: 3_000 })
				await expect(panel).toBeHidden()
			})
		}
	})
})
