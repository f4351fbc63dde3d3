import type { Locator, Page } from '@playwright/test'
import { addNotifications } from './database'
import {
	DESKTOP,
	MOBILE,
	bodyAttributesInHtml,
	chooseLayout,
	dropdown,
	holdTimers,
	layoutOption,
	openSettingsPanel,
	releaseTimers,
	screenshot,
	serverHtml,
	sharedViewer,
	topBar,
	userMenu,
} from './shell-support'
import { TOAST_DURATION_MS } from '../../app/components/shell/toast-rules'
import { TYPING_PAUSE_MS } from '../../app/lists/typing-pause'
import { ensureDemoData } from './catalogs-support'
import { catalogTexts, createUser, en, expect, open, test, waitForApp, startSession } from './support'

// The `js` project only (playwright.config.ts ignores *.js-only.spec.ts without JavaScript): what exists only
// once the page's JavaScript runs.
test.use({ language: 'en', viewport: DESKTOP })

/** Signs in the worker's shared viewer (see sharedViewer): these tests change nothing about the user. */
async function signedIn(page: Page) {
	const user = await sharedViewer()
	await startSession(page, user)
	await open(page, '/dashboard')
	return user
}

test('the menus are plain links that JavaScript turns into client-side navigations (the document is not reloaded)', async ({ page }) => {
	await signedIn(page)
	await page.evaluate(() => ((window as unknown as { documentMarker: string }).documentMarker = 'first document'))
	const sidebar = page.getByRole('navigation', { name: en.menu.label })
	await sidebar.getByText(en.functions.DANHMUC).click()
	await sidebar.getByRole('link', { name: en.functions.DANHMUC_TRAM }).click()
	await expect(page.getByRole('heading', { level: 1, name: en.stations.title })).toBeVisible()
	await expect(page).toHaveURL(/\/danhmuc\/tram$/)
	expect(await page.evaluate(() => (window as unknown as { documentMarker?: string }).documentMarker)).toBe('first document')
	// The server marked the dashboard; after the client-side navigation the menu marks the new page.
	await expect(sidebar.getByRole('link', { name: en.functions.DANHMUC_TRAM })).toHaveAttribute('aria-current', 'page')
	await expect(sidebar.getByRole('link', { name: en.functions.DASHBOARD })).not.toHaveAttribute('aria-current', 'page')

	const mega = dropdown(topBar(page), en.topbar.allFunctions)
	await mega.open()
	await mega.panel.getByRole('link', { name: en.functions.DASHBOARD }).click()
	await expect(page).toHaveURL(/\/dashboard$/)
	expect(await page.evaluate(() => (window as unknown as { documentMarker?: string }).documentMarker)).toBe('first document')
	await expect(sidebar.getByRole('link', { name: en.functions.DASHBOARD })).toHaveAttribute('aria-current', 'page')
	await expect(sidebar.getByRole('link', { name: en.functions.DANHMUC_TRAM, includeHidden: true })).not.toHaveAttribute(
		'aria-current',
		'page',
	)
})

/** The links of a menu or panel, as a reader meets them: address, name, whether marked as the current page. */
function linksOf(scope: Locator) {
	return scope.locator('a[href]').evaluateAll((links) =>
		links.map((link) => ({
			href: link.getAttribute('href'),
			current: link.getAttribute('aria-current') === 'page',
			name: (link.querySelector('.sidebar__label, :scope > span') ?? link).textContent?.trim(),
		})),
	)
}

test("the mega menu is read from the page's one menu: the same entries, the current page marked, a choice navigates in place and closes it", async ({
	page,
}) => {
	const user = await createUser({ prefix: 'mega-menu', roles: ['admin'] })
	await startSession(page, user)
	for (const layout of ['vertical', 'horizontal'] as const) {
		await test.step(`${layout} layout`, async () => {
			await open(page, '/danhmuc/tram')
			if (layout === 'horizontal') await chooseLayout(page, en, 'layout', 'horizontal')
			await open(page, '/danhmuc/tram')
			await page.evaluate(() => ((window as unknown as { documentMarker: string }).documentMarker = 'first document'))
			const menu = page.getByRole('navigation', { name: en.menu.label })
			const mega = dropdown(topBar(page), en.topbar.allFunctions)
			await mega.open()
			const entries = await linksOf(menu)
			expect(entries.length).toBeGreaterThanOrEqual(10)
			await expect.poll(() => linksOf(mega.panel)).toEqual(entries)
			await expect(mega.panel.getByRole('link', { name: en.functions.DANHMUC_TRAM, exact: true })).toHaveAttribute('aria-current', 'page')
			await expect(mega.panel.getByRole('heading', { level: 2, name: en.functions.QUANTRI })).toBeVisible()
			await expect(mega.panel.getByRole('heading', { level: 2, name: en.topbar.general })).toBeVisible()
			// Nothing in the page is there twice: ids inside the menu would be.
			expect(
				await page.evaluate(() =>
					[...document.querySelectorAll('[id]')].map((element) => element.id).filter((id, index, ids) => ids.indexOf(id) !== index),
				),
			).toEqual([])

			await mega.panel.getByRole('link', { name: en.functions.QUANTRI_ROLES, exact: true }).click()
			await expect(page).toHaveURL('/admin/roles')
			await expect(mega.details).not.toHaveAttribute('open')
			expect(await page.evaluate(() => (window as unknown as { documentMarker?: string }).documentMarker)).toBe('first document')
			// Opened again, it marks the new page.
			await mega.open()
			await expect(mega.panel.getByRole('link', { name: en.functions.QUANTRI_ROLES, exact: true })).toHaveAttribute('aria-current', 'page')
			await expect(mega.panel.locator('[aria-current="page"]')).toHaveCount(1)
			await page.keyboard.press('Escape')
			await expect(mega.details).not.toHaveAttribute('open')
		})
	}
})

test('what the user opens while the scripts still load stays open once they start: a dropdown, the phone menu', async ({ page }) => {
	await startSession(page, await sharedViewer())
	await page.setViewportSize(MOBILE)
	let releaseScripts = () => {}
	const scriptsHeld = new Promise<void>((resolve) => (releaseScripts = resolve))
	await page.route('**/build/**/*.js', async (route) => {
		await scriptsHeld
		await route.continue()
	})
	await page.goto('/dashboard', { waitUntil: 'commit' })
	const menu = userMenu(page, en)
	await menu.toggle.click()
	await expect(menu.details, 'opened by the browser alone').toHaveAttribute('open', '')
	const menuToggle = page.getByRole('checkbox', { name: en.topbar.toggleMenu })
	await topBar(page).getByTitle(en.topbar.toggleMenu).click()
	await expect(menuToggle).toBeChecked()
	await expect(page.locator('html'), 'the scripts are still held').not.toHaveAttribute('data-hydrated')

	releaseScripts()
	await waitForApp(page)
	await expect(menu.details, 'the dropdown is still open').toHaveAttribute('open', '')
	await expect(menuToggle, 'the phone menu is still open').toBeChecked()
	// A navigation afterwards closes both, as it should.
	const sidebar = page.getByRole('navigation', { name: en.menu.label })
	await sidebar.getByText(en.functions.DANHMUC).click()
	await sidebar.getByRole('link', { name: en.functions.DANHMUC_TRAM }).click()
	await expect(page).toHaveURL('/danhmuc/tram')
	await expect(menu.details).not.toHaveAttribute('open', '')
	await expect(menuToggle).not.toBeChecked()
})

test.describe('With JavaScript, the dropdowns of the top bar', () => {
	test('close on Escape (focus back on their button) and on a click outside; one open at a time', async ({ page }) => {
		await signedIn(page)
		const bar = topBar(page)
		const account = userMenu(page, en)
		const bell = dropdown(bar, en.notifications.title)
		const languages = dropdown(bar, en.language.change)
		const launcher = dropdown(bar, en.topbar.apps)
		const settings = dropdown(bar, en.layout.title)

		await account.open()
		await expect(account.panel.getByRole('link', { name: en.nav.profile })).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(account.details).not.toHaveAttribute('open')
		await expect(account.panel).toBeHidden()
		await expect(account.toggle).toBeFocused()

		await bell.open()
		await page.getByRole('contentinfo').click({ position: { x: 10, y: 10 } })
		await expect(bell.details).not.toHaveAttribute('open')

		await languages.open()
		await launcher.open()
		await expect(languages.details).not.toHaveAttribute('open')
		await expect(launcher.details).toHaveAttribute('open', '')
		await page.mouse.click(5, DESKTOP.height - 5)
		await expect(launcher.details).not.toHaveAttribute('open')

		// The settings panel too.
		await openSettingsPanel(page, en)
		await page.keyboard.press('Escape')
		await expect(settings.details).not.toHaveAttribute('open')
		await expect(page.getByRole('complementary', { name: en.layout.title })).toBeHidden()
	})

	test('close once one of their entries is chosen', async ({ page }) => {
		await signedIn(page)
		const bar = topBar(page)

		// A link of the user menu: a client-side navigation, after which the menu must not stay open over the page.
		const account = userMenu(page, en)
		await account.open()
		await account.panel.getByRole('link', { name: en.nav.profile }).click()
		await expect(page.getByRole('heading', { level: 1, name: en.profile.title })).toBeVisible()
		await expect.soft(account.details, 'the user menu closes after "Profile"').not.toHaveAttribute('open')

		// A function of the mega menu.
		const mega = dropdown(bar, en.topbar.allFunctions)
		await mega.open()
		await mega.panel.getByRole('link', { name: en.functions.DANHMUC_TRAM }).click()
		await expect(page.getByRole('heading', { level: 1, name: en.stations.title })).toBeVisible()
		await expect.soft(mega.details, 'the mega menu closes after choosing a function').not.toHaveAttribute('open')

		// A language (a form post answered by a redirect back).
		const languages = dropdown(bar, en.language.change)
		await languages.open()
		await languages.panel.getByRole('button', { name: /^Italiano\b/ }).click()
		await expect(page.locator('html')).toHaveAttribute('lang', 'it')
		await expect
			.soft(dropdown(bar, 'Cambia lingua').details, 'the language dropdown closes after choosing a language')
			.not.toHaveAttribute('open')
	})

	test('include a working fullscreen toggle', async ({ page }) => {
		await signedIn(page)
		// Exact names: "Full screen" is also part of "Exit full screen".
		const enter = topBar(page).getByRole('button', { name: en.topbar.fullscreen, exact: true })
		await expect(enter).toHaveAttribute('aria-pressed', 'false')
		await enter.click()
		const exit = topBar(page).getByRole('button', { name: en.topbar.exitFullscreen, exact: true })
		await expect(exit).toHaveAttribute('aria-pressed', 'true')
		expect(await page.evaluate(() => document.fullscreenElement === document.documentElement)).toBe(true)
		await exit.click()
		await expect(enter).toHaveAttribute('aria-pressed', 'false')
		expect(await page.evaluate(() => document.fullscreenElement)).toBeNull()
	})
})

test('a layout setting applies at once, before the server has even answered', async ({ page }) => {
	await signedIn(page)
	const panel = await openSettingsPanel(page, en)

	// Hold the save until the page has been checked.
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route(
		(url) => url.pathname.startsWith('/settings/layout'),
		async (route) => {
			await held
			await route.continue()
		},
	)
	const sent = page.waitForRequest(
		(request) => new URL(request.url()).pathname.startsWith('/settings/layout') && request.method() === 'POST',
	)
	const body = page.locator('body')

	await layoutOption(panel, en, 'mode', 'dark').check()
	await sent
	await expect(body).toHaveAttribute('data-layout-mode', 'dark')
	await expect(body).toHaveAttribute('data-bs-theme', 'dark')
	await layoutOption(panel, en, 'sidebar', 'icon').check()
	await expect(body).toHaveAttribute('data-sidebar-size', 'icon')
	await layoutOption(panel, en, 'width', 'boxed').check()
	await expect(body).toHaveAttribute('data-layout-size', 'boxed')
	// Nothing is saved yet.
	expect(bodyAttributesInHtml(await serverHtml(page))['data-layout-mode']).toBe('light')

	const answered = page.waitForResponse(
		(response) => new URL(response.url()).pathname.startsWith('/settings/layout') && response.request().method() === 'POST',
	)
	release()
	await answered
	await expect(page.getByRole('progressbar', { name: en.app.loading })).toHaveCount(0)
	await expect
		.poll(async () => bodyAttributesInHtml(await serverHtml(page)))
		.toMatchObject({ 'data-layout-mode': 'dark', 'data-sidebar-size': 'icon', 'data-layout-size': 'boxed' })
})

test('the settings panel stays open while settings change and keeps the focus: arrow keys move through a group; Escape closes it and returns to its button', async ({
	page,
}) => {
	await signedIn(page)
	const panel = await openSettingsPanel(page, en)
	const body = page.locator('body')
	const saves: number[] = []
	page.on('response', (response) => {
		if (new URL(response.url()).pathname.startsWith('/settings/layout') && response.request().method() === 'POST')
			saves.push(response.status())
	})
	const saved = async (count: number) => {
		await expect.poll(() => saves.length).toBe(count)
		await expect(page.getByRole('progressbar', { name: en.app.loading })).toHaveCount(0)
	}

	await layoutOption(panel, en, 'mode', 'light').focus()
	await page.keyboard.press('ArrowDown')
	await expect(body).toHaveAttribute('data-layout-mode', 'dark')
	await saved(1)
	await expect(panel).toBeVisible()
	await expect(layoutOption(panel, en, 'mode', 'dark')).toBeFocused()
	await expect(layoutOption(panel, en, 'mode', 'dark')).toBeChecked()

	// The next group, by keyboard too; the layout itself changes around the open panel.
	await page.keyboard.press('Tab')
	await expect(layoutOption(panel, en, 'sidebar', 'dark')).toBeFocused()
	await page.keyboard.press('ArrowDown')
	await expect(body).toHaveAttribute('data-sidebar-size', 'compact')
	await saved(2)
	await expect(panel).toBeVisible()
	await expect(layoutOption(panel, en, 'sidebar', 'compact')).toBeFocused()
	expect(saves, 'every save answered').toEqual([200, 200])
	expect(page.url(), 'the page stays where it was').toMatch(/\/dashboard$/)

	await page.keyboard.press('Escape')
	await expect(panel).toBeHidden()
	await expect(dropdown(topBar(page), en.layout.title).toggle).toBeFocused()

	// Saved: the server renders the choices into the next page.
	expect(bodyAttributesInHtml(await serverHtml(page))).toMatchObject({ 'data-layout-mode': 'dark', 'data-sidebar-size': 'compact' })
})

/**
 * A viewer on the profile page with the page's clock stopped: the toast of a save (`save()`) stays on screen
 * until the test moves the clock on.
 */
async function profilePageWithStoppedClock(page: Page, prefix: string) {
	await page.clock.install()
	const user = await createUser({ prefix, roles: ['viewer'] })
	await startSession(page, user)
	await open(page, '/contacts/profile')
	await holdTimers(page)
	const details = page.getByRole('region', { name: en.profile.details })
	const toast = page.getByRole('status').filter({ hasText: en.profile.saved })
	let saves = 0
	const save = async () => {
		saves += 1
		await details.getByLabel(en.profile.displayName, { exact: true }).fill(`Lê Văn Toàn ${saves}`)
		await details.getByRole('button', { name: en.profile.save }).click()
		await expect(toast).toBeVisible()
	}
	return { details, toast, save }
}

test('a menu of the top bar opened while a toast shows is above it: its entries take the clicks', async ({ page }) => {
	const { toast, save } = await profilePageWithStoppedClock(page, 'toast-menu')
	await save()

	const menu = userMenu(page, en)
	await menu.open()
	// The toast sits in the bottom corner: a window just short enough brings it up under the open menu.
	const [opened, toastAt] = [(await menu.panel.boundingBox())!, (await toast.boundingBox())!]
	await page.setViewportSize({
		width: DESKTOP.width,
		height: Math.round(opened.y + opened.height + (DESKTOP.height - toastAt.y) - toastAt.height / 2),
	})
	const [panel, shown] = [(await menu.panel.boundingBox())!, (await toast.boundingBox())!]
	const overlap = {
		left: Math.max(panel.x, shown.x),
		right: Math.min(panel.x + panel.width, shown.x + shown.width),
		top: Math.max(panel.y, shown.y),
		bottom: Math.min(panel.y + panel.height, shown.y + shown.height),
	}
	expect(overlap.left < overlap.right && overlap.top < overlap.bottom, 'the open menu and the toast share a part of the screen').toBe(true)
	// Where they overlap, the menu is what the eye sees and a click reaches.
	const reached = await menu.panel.evaluate(
		(element, [x, y]) => {
			const hit = document.elementFromPoint(x!, y!)
			return hit !== null && element.contains(hit)
		},
		[(overlap.left + overlap.right) / 2, (overlap.top + overlap.bottom) / 2],
	)
	expect(reached, 'the menu is above the toast').toBe(true)
})

test('a toast waits while the pointer is on it or the focus is in it, goes when they leave, and can be dismissed', async ({ page }) => {
	const { details, toast, save } = await profilePageWithStoppedClock(page, 'toast')
	const nowhere = async () => page.mouse.move(5, 600)

	await save()
	await toast.hover()
	await page.clock.runFor(60_000)
	await expect(toast, 'kept while the pointer is on it').toBeVisible()
	await nowhere()
	await page.clock.runFor(TOAST_DURATION_MS + 500)
	await expect(toast, 'gone once the pointer left').toBeHidden()

	await save()
	expect(await toast.evaluate((element) => parseFloat(getComputedStyle(element).animationDuration)), 'slides in').toBeGreaterThan(0.1)
	await nowhere()
	await toast.getByRole('button', { name: en.toast.dismiss }).focus()
	await page.clock.runFor(60_000)
	await expect(toast, 'kept while the focus is in it').toBeVisible()
	await details.getByLabel(en.profile.displayName, { exact: true }).focus()
	await page.clock.runFor(TOAST_DURATION_MS + 500)
	await expect(toast, 'gone once the focus left').toBeHidden()

	await page.emulateMedia({ reducedMotion: 'reduce' })
	await save()
	expect(
		await toast.evaluate((element) => parseFloat(getComputedStyle(element).animationDuration)),
		'no motion for who asked for none',
	).toBeLessThan(0.001)
	await toast.getByRole('button', { name: en.toast.dismiss }).click()
	await expect(toast, 'dismissed at once').toBeHidden()
})

test('a list applies its filters as they change: a choice at once, the search after a pause in typing, the caret kept', async ({
	page,
}) => {
	await ensureDemoData()
	await page.clock.install()
	await signedIn(page)
	await open(page, '/danhmuc/tram')
	const form = page.getByRole('search', { name: catalogTexts('en', 'stations').searchForm })
	await form.getByLabel(en.stations.fields.status, { exact: true }).selectOption('active')
	await expect(page).toHaveURL(/\/danhmuc\/tram\?status=active$/)
	await expect(page.getByRole('main').getByRole('table')).toBeVisible()

	const search = form.getByRole('searchbox', { name: en.list.search })
	// The clock stands still between keystrokes, however slowly they come: nothing is applied before the pause has passed.
	await holdTimers(page)
	await search.pressSequentially('AG-00')
	await page.clock.runFor(TYPING_PAUSE_MS - 50)
	await search.pressSequentially('01')
	await page.clock.runFor(TYPING_PAUSE_MS - 50)
	expect(new URL(page.url()).search, 'still typing').toBe('?status=active')
	await page.clock.runFor(100)
	await expect(page).toHaveURL(/\/danhmuc\/tram\?q=AG-0001&status=active$/)
	await releaseTimers(page)
	const codes = page.getByRole('main').getByRole('rowheader')
	await expect(codes.first()).toContainText('AG-0001')
	// The form is drawn anew for the new view; typing goes on where it was.
	await expect(search).toBeFocused()
	await page.keyboard.type('1')
	await expect(search).toHaveValue('AG-00011')
})

test.describe('The version check', () => {
	type Build = { version: string; buildDate: string }

	/** Seeds localStorage once per tab (sessionStorage marks it done), before the page's own scripts run. */
	async function seedStoredVersion(page: Page, stored: Build) {
		await page.addInitScript((values) => {
			if (sessionStorage.getItem('e2e-seeded')) return
			sessionStorage.setItem('e2e-seeded', '1')
			localStorage.setItem('appVersion', values.version)
			localStorage.setItem('buildDate', values.buildDate)
		}, stored)
	}

	/** Counts the documents the tab loads (a reload is one more; client-side navigations are none). */
	function countPageLoads(page: Page) {
		const loads = { count: 0 }
		page.on('load', () => (loads.count += 1))
		return loads
	}

	async function storedVersion(page: Page): Promise<Build> {
		return page.evaluate(() => ({ version: localStorage.getItem('appVersion') ?? '', buildDate: localStorage.getItem('buildDate') ?? '' }))
	}

	/**
	 * Uses the app a little: a client-side navigation, then a page opened afresh. Proves that the app's
	 * start-up effects have run without a reload in between.
	 */
	async function useTheApp(page: Page) {
		const menu = page.getByRole('navigation', { name: en.menu.label })
		await menu.locator('summary', { hasText: en.functions.DANHMUC }).click()
		await menu.getByRole('link', { name: en.functions.DANHMUC_TRAM }).click()
		await expect(page.getByRole('heading', { level: 1, name: en.stations.title })).toBeVisible()
		await open(page, '/notifications')
		await menu.getByRole('link', { name: en.functions.DASHBOARD }).click()
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
		await expect(page).toHaveURL('/dashboard')
	}

	/** The version and build date the check compares (/api/version also names the commit). */
	async function runningBuild(page: Page): Promise<Build> {
		const answer = (await (await page.request.get('/api/version')).json()) as Build & { commit: string }
		expect(Object.keys(answer).sort()).toEqual(['buildDate', 'commit', 'version'])
		return { version: answer.version, buildDate: answer.buildDate }
	}

	test('with the stored version and build date equal to /api/version, nothing reloads', async ({ page }) => {
		await signedIn(page)
		const build = await runningBuild(page)
		await seedStoredVersion(page, build)
		const loads = countPageLoads(page)

		await open(page, '/dashboard')
		await useTheApp(page)
		expect(loads.count, 'documents loaded: /dashboard and /notifications, no reload').toBe(2)
		expect(await storedVersion(page)).toEqual(build)
	})

	test('with another stored version, the page reloads once and stores the running one', async ({ page }) => {
		await signedIn(page)
		const build = await runningBuild(page)
		await seedStoredVersion(page, { version: '0.0.1-old', buildDate: '2001-02-03T04:05:06.000Z' })
		const loads = countPageLoads(page)

		await page.goto('/dashboard')
		await expect.poll(() => loads.count, { message: 'the page reloads' }).toBe(2)
		await waitForApp(page)
		await expect.poll(() => storedVersion(page)).toEqual(build)
		await useTheApp(page)
		expect(loads.count, 'documents loaded: /dashboard, its one reload, then /notifications').toBe(3)
		expect(await storedVersion(page)).toEqual(build)
	})
})

test('screenshots of the dashboard: light and dark, vertical and horizontal, desktop and phone, none wider than the screen', async ({
	page,
}) => {
	// Eight full-page screenshots and four layout changes: more than the default 30 s on a busy machine.
	test.setTimeout(90_000)
	const user = await createUser({ prefix: 'screens', roles: ['operator'] })
	await addNotifications(user.email, 3)
	await startSession(page, user)
	await open(page, '/dashboard')
	const body = page.locator('body')
	const shots = new Map<string, Buffer>()
	const take = async (name: string) => {
		const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
		expect(overflow, `${name}: nothing wider than the screen (no sideways scrolling)`).toBeLessThanOrEqual(0)
		shots.set(name, await screenshot(page, `dashboard-${name}`))
	}

	for (const mode of ['light', 'dark'] as const) {
		for (const layout of ['vertical', 'horizontal'] as const) {
			await page.setViewportSize(DESKTOP)
			if ((await body.getAttribute('data-layout-mode')) !== mode) await chooseLayout(page, en, 'mode', mode)
			if ((await body.getAttribute('data-layout')) !== layout) await chooseLayout(page, en, 'layout', layout)
			await open(page, '/dashboard') // a fresh render from the server, the settings panel closed
			await expect(body).toHaveAttribute('data-layout-mode', mode)
			await expect(body).toHaveAttribute('data-layout', layout)
			await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
			await page.evaluate(() => document.fonts.ready)
			await take(`${mode}-${layout}-desktop`)
			await page.setViewportSize(MOBILE)
			await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeInViewport()
			await take(`${mode}-${layout}-mobile`)
		}
	}

	// Each setting changes what is drawn: the same page in the other mode or layout is another picture.
	for (const layout of ['vertical', 'horizontal']) {
		for (const screen of ['desktop', 'mobile']) {
			expect(
				shots.get(`light-${layout}-${screen}`)!.equals(shots.get(`dark-${layout}-${screen}`)!),
				`light and dark, ${layout}, ${screen}`,
			).toBe(false)
		}
	}
	for (const mode of ['light', 'dark']) {
		expect(
			shots.get(`${mode}-vertical-desktop`)!.equals(shots.get(`${mode}-horizontal-desktop`)!),
			`vertical and horizontal, ${mode}`,
		).toBe(false)
	}
})
