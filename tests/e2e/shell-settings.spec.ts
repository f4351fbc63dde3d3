import { createMenuSection, grantRole, removeMenuSection } from './database'
import {
	DESKTOP,
	bodyAttributesInHtml,
	bodyAttributesInPage,
	chooseLayout,
	javaScriptEnabled,
	layoutOption,
	openSettingsPanel,
	serverHtml,
	sharedViewer,
	type BodyAttributes,
	type LayoutField,
	type LayoutValue,
} from './shell-support'
import { createUser, en, expect, format, test, waitForApp, startSession, open } from './support'

test.use({ language: 'en', viewport: DESKTOP })

type Settings = {
	width: 'fluid' | 'boxed' | 'scrollable'
	layout: 'vertical' | 'horizontal'
	mode: 'light' | 'dark'
	sidebar: 'light' | 'dark' | 'compact' | 'icon' | 'colored'
	topbar: 'light' | 'dark' | 'colored'
}

/** The seed's defaults (the contract): fluid, vertical, light mode, dark sidebar, dark top bar. */
const DEFAULTS: Settings = { width: 'fluid', layout: 'vertical', mode: 'light', sidebar: 'dark', topbar: 'dark' }

/**
 * The `<body>` attributes the contract gives for a combination of settings. `compact` and `icon` are sizes of
 * the sidebar (of the dark one), the other sidebar choices are its colour at the default size.
 */
function expectedAttributes(settings: Settings): BodyAttributes {
	const sized = settings.sidebar === 'compact' || settings.sidebar === 'icon'
	return {
		'data-layout': settings.layout,
		'data-layout-mode': settings.mode,
		'data-layout-size': settings.width === 'boxed' ? 'boxed' : 'fluid',
		'data-layout-scrollable': settings.width === 'scrollable' ? 'true' : 'false',
		'data-sidebar': sized ? 'dark' : settings.sidebar,
		'data-sidebar-size': sized ? settings.sidebar : 'default',
		'data-topbar': settings.topbar,
	}
}

/**
 * Every value of every setting, each chosen once, in two groups that run side by side. Each value is checked
 * in the page and in the server's HTML (fetched with the browser's cookies, as a reload asks for it); after
 * the last value of a setting the page is really reloaded and the panel must show that value chosen.
 */
const GROUPS: Array<{ name: string; changes: Array<[LayoutField, LayoutValue[]]> }> = [
	{
		name: 'width, layout and mode',
		changes: [
			['width', ['boxed', 'fluid', 'scrollable']],
			['layout', ['horizontal', 'vertical']],
			['mode', ['dark', 'light', 'dark']],
		],
	},
	{
		name: 'sidebar and top bar',
		changes: [
			['sidebar', ['light', 'compact', 'icon', 'dark', 'colored']],
			['topbar', ['light', 'dark', 'colored']],
		],
	},
]

test.describe('The layout settings', () => {
	for (const group of GROUPS) {
		test(`every value of ${group.name} is saved, rendered by the server and kept across reloads`, async ({ page }) => {
			const user = await sharedViewer()
			await startSession(page, user)
			await open(page, '/dashboard')

			// Before any choice: the defaults, already in the server's HTML.
			expect(bodyAttributesInHtml(await serverHtml(page))).toEqual(expectedAttributes(DEFAULTS))

			const settings = { ...DEFAULTS }
			for (const [field, values] of group.changes) {
				await test.step(`${field}: ${values.join(', ')}`, async () => {
					for (const value of values) {
						Object.assign(settings, { [field]: value })
						const expected = expectedAttributes(settings)
						await chooseLayout(page, en, field, value)
						expect(await bodyAttributesInPage(page), `${field}=${value}: the page shows the choice`).toEqual(expected)
						expect(page.url(), 'the page stays where it was').toMatch(/\/dashboard$/)
						// The server renders it into the first HTML (no flash of the wrong layout).
						expect(bodyAttributesInHtml(await serverHtml(page)), `${field}=${value}: the HTML the server sends`).toEqual(expected)
					}

					// A reload keeps the last one, and the panel shows it chosen.
					await page.reload()
					await waitForApp(page)
					expect(await bodyAttributesInPage(page), 'after a reload').toEqual(expectedAttributes(settings))
					const panel = await openSettingsPanel(page, en)
					await expect(layoutOption(panel, en, field, values.at(-1)!)).toBeChecked()
				})
			}
		})
	}

	test('a post with only some fields keeps the others; a value that is not allowed is refused with 400', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		await chooseLayout(page, en, 'mode', 'dark')
		const csrf = await page.locator('input[name="csrf"]').first().inputValue()

		const partial = await page.request.post('/settings/layout', {
			form: { csrf, width: 'boxed', redirectTo: '/dashboard' },
			maxRedirects: 0,
		})
		expect(partial.status()).toBe(302)
		expect(partial.headers()['location']).toBe('/dashboard')
		expect(bodyAttributesInHtml(await serverHtml(page, '/dashboard'))).toEqual(
			expectedAttributes({ ...DEFAULTS, mode: 'dark', width: 'boxed' }),
		)

		const refused = await page.request.post('/settings/layout', {
			form: { csrf, mode: 'purple', topbar: 'light', redirectTo: '/dashboard' },
			maxRedirects: 0,
		})
		expect(refused.status()).toBe(400)
		expect(bodyAttributesInHtml(await serverHtml(page, '/dashboard')), 'nothing changed').toEqual(
			expectedAttributes({ ...DEFAULTS, mode: 'dark', width: 'boxed' }),
		)
	})
})

test.describe('The horizontal layout', () => {
	test('shows the menu as a top navigation, a submenu of 16 entries in three columns, and the footer', async ({ page }) => {
		const user = await createUser({ prefix: 'horizontal', roles: ['viewer'] })
		const section = await createMenuSection({ size: 16, name: 'Phòng ban' })
		try {
			await grantRole(user.email, section.role)
			await startSession(page, user)
			await open(page, '/dashboard')
			await chooseLayout(page, en, 'layout', 'horizontal')

			const nav = page.getByRole('navigation', { name: en.menu.label })
			await expect(nav).toHaveCount(1)
			await expect(nav).toBeVisible()
			await expect(page.locator('body')).toHaveAttribute('data-layout', 'horizontal')

			// The section of 16: three columns.
			const long = nav.locator('details').filter({ has: page.locator(':scope > summary', { hasText: section.label }) })
			const longList = long.getByRole('list')
			await expect(longList).toBeHidden()
			await long.locator(':scope > summary').click()
			await expect(longList).toBeVisible()
			await expect(longList.getByRole('link')).toHaveText(section.entries)
			await expect(longList).toHaveCSS('column-count', '3')
			// The columns are really used: the first and the last entries side by side, not one above the other.
			const first = await longList.getByRole('link').first().boundingBox()
			const last = await longList.getByRole('link').last().boundingBox()
			expect(last!.x).toBeGreaterThan(first!.x + first!.width / 2)

			// A short one (Catalogs: stations and their types) is a single column.
			if (javaScriptEnabled()) await page.keyboard.press('Escape')
			else await long.locator(':scope > summary').click()
			const short = nav.locator('details').filter({ has: page.locator(':scope > summary', { hasText: en.functions.DANHMUC }) })
			await short.locator(':scope > summary').click()
			const shortList = short.getByRole('list')
			await expect(shortList).toBeVisible()
			await expect(shortList.getByRole('link')).toHaveText([en.functions.DANHMUC_TRAM, en.functions.DANHMUC_LOAITRAM])
			await expect(shortList).not.toHaveCSS('column-count', '3')
			await shortList.getByRole('link', { name: en.functions.DANHMUC_TRAM, exact: true }).click()
			await expect(page).toHaveURL('/danhmuc/tram')
			await expect(page.getByRole('heading', { level: 1, name: en.stations.title })).toBeVisible()
		} finally {
			// Administrators see every function: the section must not outlive the test.
			await removeMenuSection(section)
		}

		// The footer: year, product, version and build date of the running build.
		const build = (await (await page.request.get('/api/version')).json()) as { version: string; buildDate: string; commit: string }
		expect(build.version).toMatch(/^\d+\.\d+\.\d+/)
		expect(Number.isNaN(Date.parse(build.buildDate))).toBe(false)
		const builtOn = new Intl.DateTimeFormat('en', {
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			timeZone: 'Asia/Ho_Chi_Minh',
		}).format(new Date(build.buildDate))
		const footer = page.getByRole('contentinfo')
		await expect(footer).toBeVisible()
		await expect(footer).toContainText(`© ${new Date().getFullYear()} ${en.app.name}`)
		await expect(footer).toContainText(
			`${format(en.footer.version, { version: build.version })} · ${format(en.footer.built, { date: builtOn })}`,
		)
		await expect(footer).toContainText(format(en.footer.commit, { commit: build.commit.slice(0, 12) }))
	})
})

test.describe('The icon-only sidebar', () => {
	test('shows icons only; a label flies out on hover and on keyboard focus; a group opens beside it', async ({ page }) => {
		const user = await sharedViewer()
		await startSession(page, user)
		await open(page, '/dashboard')
		await chooseLayout(page, en, 'sidebar', 'icon')
		const menu = page.getByRole('navigation', { name: en.menu.label })
		const bar = await menu.boundingBox()
		expect(bar!.width, 'the sidebar is a column of icons').toBeLessThan(100)

		const dashboard = menu.getByRole('link', { name: en.functions.DASHBOARD })
		const label = dashboard.locator('.sidebar__label')
		const labelWidth = async () => (await label.boundingBox())?.width ?? 0
		// The link keeps its name for screen readers while the label is out of sight.
		expect(await labelWidth(), 'no label at rest').toBeLessThanOrEqual(1)

		await dashboard.hover()
		await expect.poll(labelWidth, { message: 'the label flies out on hover' }).toBeGreaterThan(40)
		const icon = (await dashboard.boundingBox())!
		expect((await label.boundingBox())!.x, 'beside the icon, not over it').toBeGreaterThanOrEqual(icon.x + icon.width)

		await page.mouse.move(bar!.x + 600, bar!.y + 300)
		await expect.poll(labelWidth, { message: 'and goes away with the pointer' }).toBeLessThanOrEqual(1)
		await dashboard.focus()
		await expect.poll(labelWidth, { message: 'the label flies out on keyboard focus' }).toBeGreaterThan(40)

		const catalogs = menu.locator('details').filter({ has: page.locator(':scope > summary', { hasText: en.functions.DANHMUC }) })
		await catalogs.locator(':scope > summary').click()
		const stations = catalogs.getByRole('link', { name: en.functions.DANHMUC_TRAM })
		await expect(stations).toBeVisible()
		expect((await stations.boundingBox())!.x, 'the group opens beside the icons').toBeGreaterThanOrEqual(icon.x + icon.width)
		await stations.click()
		await expect(page).toHaveURL('/danhmuc/tram')
	})
})
