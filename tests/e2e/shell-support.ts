import fs from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { parseHtml } from '../support/html'
import { ROOT_DIR } from './env.mjs'
import { createUser, expect, test, type Messages, type TestUser } from './support'

/** Helpers of the layout-shell specs: the top bar's dropdowns, the settings panel, the `<body>` attributes. */

export const DESKTOP = { width: 1280, height: 800 } as const
export const MOBILE = { width: 375, height: 740 } as const

let viewer: Promise<TestUser> | undefined

/**
 * One viewer per worker (a worker runs one project), for the tests that change nothing about the user: they
 * only use a session and cookies of their own. Tests that change the user (profile, password,
 * notifications, roles) create their own.
 */
export function sharedViewer(): Promise<TestUser> {
	viewer ??= createUser({ prefix: 'shell-viewer', roles: ['viewer'] })
	return viewer
}

export function javaScriptEnabled(): boolean {
	return test.info().project.use.javaScriptEnabled !== false
}

/**
 * A top-bar dropdown (`<details data-dropdown>`), found by the accessible name of its `<summary>` (a visually
 * hidden label such as "Account menu", or its visible text). `toggle` is the summary, `panel` what it opens.
 */
export function dropdown(scope: Page | Locator, name: string) {
	const page = 'page' in scope ? scope.page() : scope
	const details = scope.locator('details[data-dropdown]').filter({ has: page.locator(':scope > summary').filter({ hasText: name }) })
	const toggle = details.locator(':scope > summary')
	return {
		toggle,
		details,
		/** The content shown when open: everything in the details but its summary. */
		panel: details.locator(':scope > :not(summary)'),
		/** Opens it with a click on its summary, unless it is open already. */
		async open() {
			if ((await details.getAttribute('open')) === null) await toggle.click()
			await expect(details).toHaveAttribute('open', '')
		},
	}
}

export function topBar(page: Page) {
	return page.getByRole('banner')
}

export function userMenu(page: Page, t: Messages) {
	return dropdown(topBar(page), t.topbar.userMenu)
}

/** Signs out with the button of the user menu, and waits for the sign-in page. */
export async function signOutFromMenu(page: Page, t: Messages) {
	const menu = userMenu(page, t)
	await menu.open()
	await menu.panel.getByRole('button', { name: t.nav.signOut }).click()
	await expect(page).toHaveURL(/\/account\/login\?reason=signed-out$/)
}

/** Follows the "change password" link of the user menu. */
export async function openChangePasswordFromMenu(page: Page, t: Messages) {
	const menu = userMenu(page, t)
	await menu.open()
	await menu.panel.getByRole('link', { name: t.nav.changePassword }).click()
	await expect(page).toHaveURL('/account/change-password')
}

export type LayoutField = keyof Messages['layout']['fields']
export type LayoutValue = keyof Messages['layout']['values']

/** The `<body>` attributes the shell is styled by (the template's vocabulary). */
export const BODY_ATTRIBUTES = [
	'data-layout',
	'data-layout-mode',
	'data-layout-size',
	'data-layout-scrollable',
	'data-sidebar',
	'data-sidebar-size',
	'data-topbar',
] as const
export type BodyAttributes = Record<(typeof BODY_ATTRIBUTES)[number], string>

/** The `<body>` attributes in a page's HTML as the server sent it (before any script ran). */
export function bodyAttributesInHtml(html: string): BodyAttributes {
	const body = parseHtml(html).querySelector('body')
	if (!body) throw new Error('the page has no <body> tag')
	return Object.fromEntries(BODY_ATTRIBUTES.map((name) => [name, body.getAttribute(name) ?? '(missing)'])) as BodyAttributes
}

/** The same attributes as the live page's `<body>` has them now. */
export async function bodyAttributesInPage(page: Page): Promise<BodyAttributes> {
	return page.evaluate(
		(names) => Object.fromEntries(names.map((name) => [name, document.body.getAttribute(name) ?? '(missing)'])),
		[...BODY_ATTRIBUTES],
	) as Promise<BodyAttributes>
}

/** The HTML the server renders for the page's address, fetched with the browser's cookies. */
export async function serverHtml(page: Page, url = page.url()): Promise<string> {
	const response = await page.request.get(url, { headers: { Accept: 'text/html' } })
	expect(response.status(), `GET ${url}`).toBe(200)
	return response.text()
}

/** The settings panel, opened. */
export async function openSettingsPanel(page: Page, t: Messages) {
	const panel = dropdown(topBar(page), t.layout.title)
	if ((await panel.details.getAttribute('open')) === null) await panel.open()
	const body = page.getByRole('complementary', { name: t.layout.title })
	await expect(body).toBeVisible()
	return body
}

/** One option of the settings panel, e.g. (mode, dark). */
export function layoutOption(panel: Locator, t: Messages, field: LayoutField, value: LayoutValue): Locator {
	return panel.getByRole('group', { name: t.layout.fields[field] }).getByRole('radio', { name: t.layout.values[value], exact: true })
}

/**
 * Chooses a layout setting in the panel as a user does. Without JavaScript: the radio, then Apply (a form
 * post and a redirect back). With it: the radio alone (applied at once, saved in the background); returns
 * once the server has saved it and the page is idle again.
 */
export async function chooseLayout(page: Page, t: Messages, field: LayoutField, value: LayoutValue) {
	const panel = await openSettingsPanel(page, t)
	const option = layoutOption(panel, t, field, value)
	if (javaScriptEnabled()) {
		const saved = page.waitForResponse(
			(response) => new URL(response.url()).pathname.startsWith('/settings/layout') && response.request().method() === 'POST',
		)
		// The page shows the new layout's attributes at once, but its menu markup (sidebar or top navigation)
		// comes with the frame's data, which the router reloads after the save: wait for it.
		const frameReloaded = page.waitForResponse((response) => {
			const url = new URL(response.url())
			const routes = url.searchParams.get('_routes')
			return (
				response.request().method() === 'GET' &&
				url.pathname.endsWith('.data') &&
				(routes === null || routes.split(',').includes('routes/_app'))
			)
		})
		await option.check()
		expect((await saved).status()).toBeLessThan(400)
		expect((await frameReloaded).status()).toBe(200)
		// The answer is a redirect back, which the router follows: wait until that has settled too, or it
		// would pull the page back here after the test's next click.
		await expect(page.getByRole('progressbar', { name: t.app.loading })).toHaveCount(0)
	} else {
		await option.check()
		await panel.getByRole('button', { name: t.layout.save }).click()
		await page.waitForURL((url) => !url.pathname.startsWith('/settings/'))
	}
}

/**
 * A full-page screenshot attached to the test's report and also written to
 * test-results/screenshots/<name>.png (a stable place to look at them).
 */
export async function screenshot(page: Page, name: string): Promise<Buffer> {
	const image = await page.screenshot({ fullPage: true, animations: 'disabled' })
	await test.info().attach(name, { body: image, contentType: 'image/png' })
	const folder = path.join(ROOT_DIR, 'test-results', 'screenshots')
	fs.mkdirSync(folder, { recursive: true })
	fs.writeFileSync(path.join(folder, `${name}.png`), image)
	return image
}

/**
 * Stops the page's timers (with JavaScript; `page.clock.install()` before the page loaded) until
 * `releaseTimers`, so that what fades by itself stays while it is checked.
 */
export async function holdTimers(page: Page) {
	if (!javaScriptEnabled()) return
	// The installed clock runs with real time until paused; a pause must be later than the page's now.
	const pageNow = await page.evaluate(() => Date.now())
	await page.clock.pauseAt(pageNow + 1_000)
}

export async function releaseTimers(page: Page) {
	if (javaScriptEnabled()) await page.clock.resume()
}

/** The widths a toast must leave the page's actions free at: the desktop and two phones (with their heights). */
export const TOAST_CHECK_SIZES = [DESKTOP, { width: 390, height: 844 }, { width: 360, height: 740 }] as const

/**
 * While `toast` (a flash message just shown) is on screen, at each of TOAST_CHECK_SIZES with the page scrolled
 * to its top: every action of the page header is what `elementFromPoint` finds at its centre and its corners,
 * so nothing covers it. With JavaScript the focus is put in the toast first, which keeps it (WCAG 2.2.1);
 * without, the message is a region of the page. The viewport is put back afterwards.
 */
export async function expectHeaderActionsFreeOfToast(page: Page, toast: Locator, t: Messages) {
	const original = page.viewportSize()
	const actions = page.locator('.page-header__actions').locator('a, button, summary')
	expect(await actions.count(), 'the page header has actions').toBeGreaterThan(0)
	await toast.getByRole(javaScriptEnabled() ? 'button' : 'link', { name: t.toast.dismiss }).focus()
	for (const size of TOAST_CHECK_SIZES) {
		await page.setViewportSize(size)
		// A new width starts transitions (the phone's off-canvas menu slides away): measure where they end.
		await page.evaluate(async () => {
			// Bootstrap makes scrolling smooth: at once here, or the page is measured on its way up.
			window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
			// A transition cancelled on its way (another width started another) has ended too: its promise rejects.
			await Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => animation)))
		})
		await expect(toast, `the message shows at ${size.width} px`).toBeInViewport()
		const covered = await actions.evaluateAll((elements) =>
			elements
				// A closed dialog's buttons (the confirmation of Delete) are not on screen to be covered.
				.filter((element) => element.checkVisibility())
				.flatMap((element) => {
					const box = element.getBoundingClientRect()
					const inset = 2
					const points = [
						[box.left + box.width / 2, box.top + box.height / 2],
						[box.left + inset, box.top + inset],
						[box.right - inset, box.top + inset],
						[box.left + inset, box.bottom - inset],
						[box.right - inset, box.bottom - inset],
					] as const
					const name = element.textContent?.trim() || element.getAttribute('aria-label') || element.tagName
					return points.flatMap(([x, y]) => {
						const hit = document.elementFromPoint(x, y)
						return hit !== null && element.contains(hit)
							? []
							: [`${name} at (${Math.round(x)}, ${Math.round(y)}): ${hit ? `${hit.tagName} ${hit.className}` : 'off screen'}`]
					})
				}),
		)
		expect(covered, `header actions covered at ${size.width} px`).toEqual([])
	}
	if (original) await page.setViewportSize(original)
}
