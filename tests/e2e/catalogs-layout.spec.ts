import type { Locator, Page } from '@playwright/test'
import { ensureDemoData, searchForm } from './catalogs-support'
import { BASE_URL } from './env.mjs'
import { catalogTexts, createUser, en, expect, LANGUAGE_TAGS, LANGUAGES, open, test, startSession, translate } from './support'

// How the lists look at the widths people use: the filter row on one baseline, tables that fit their box
// (secondary columns folded into a detail line where it is narrow), pill badges, and empty lists that say
// what to do next. JavaScript on and off: it is all CSS and markup.
test.use({ language: 'en' })
test.describe.configure({ timeout: 90_000 })

test.beforeAll(() => ensureDemoData())

const tools = { ...en.tools, ...catalogTexts('en', 'tools') }
const stations = { ...en.stations, ...catalogTexts('en', 'stations') }
const PHONE = { width: 390, height: 844 }

async function signedInOperator(page: Page) {
	const user = await createUser({ prefix: 'layout', roles: ['operator'] })
	await startSession(page, user)
	await open(page, '/dashboard')
}

/** The vertical extent of each visible control, rounded to the pixel. */
async function extents(controls: Locator): Promise<Array<{ top: number; bottom: number }>> {
	const found: Array<{ top: number; bottom: number }> = []
	for (const control of await controls.all()) {
		const box = await control.boundingBox()
		if (box) found.push({ top: Math.round(box.y), bottom: Math.round(box.y + box.height) })
	}
	return found
}

for (const width of [768, 1280, 1920]) {
	test(`the filter row at ${width} px: controls and buttons side by side end on one line`, async ({ page }) => {
		await signedInOperator(page)
		await page.setViewportSize({ width, height: 900 })
		await open(page, '/congcu/list?q=may')
		const form = searchForm(page, tools.searchForm)
		const items = await extents(
			form
				.locator('input:not([type="hidden"]), select')
				.or(form.getByRole('button', { name: en.list.apply }))
				.or(form.getByRole('link', { name: en.list.clear })),
		)
		expect(items.length).toBeGreaterThanOrEqual(7)
		const misaligned = items.flatMap((a) =>
			items.filter((b) => a.top < b.bottom && b.top < a.bottom && a.bottom !== b.bottom).map((b) => `${a.bottom} ≠ ${b.bottom}`),
		)
		expect(misaligned, 'items on the same line end at the same height').toEqual([])
		// The search hint sits under the row, still tied to the search field.
		await expect(form.getByRole('searchbox', { name: en.list.search })).toHaveAccessibleDescription(tools.searchHint)
	})
}

test('at 1280 px the tool table fits its box; secondary columns move under the name; at 1920 px they are columns again', async ({
	page,
}) => {
	await signedInOperator(page)
	await page.setViewportSize({ width: 1280, height: 800 })
	await open(page, '/congcu/list')
	const table = page.getByRole('table')
	const box = page.getByRole('group', { name: /./ }).filter({ has: table })
	await expect(table.getByRole('row').nth(1)).toBeVisible()
	const overflow = await box.evaluate((element) => element.scrollWidth - element.clientWidth)
	expect(overflow, 'no sideways scrolling inside the table at 1280 px').toBeLessThanOrEqual(0)
	// Out of sight, but still a column of the table for screen readers (a box of at most 1 px).
	const category = table.getByRole('columnheader', { name: tools.fields.category })
	expect((await category.boundingBox())?.width).toBeLessThanOrEqual(1)
	const firstRow = table.getByRole('row').nth(1)
	const categoryValue = (await firstRow.locator('td.col-secondary').first().textContent())!.trim()
	expect(categoryValue).not.toBe('')
	// The first cell that is not the bulk actions' checkbox: the name, with the detail line under it.
	const firstName = firstRow
		.getByRole('cell')
		.filter({ hasNot: page.getByRole('checkbox') })
		.first()
	await expect(firstName.locator('.row-detail')).toBeVisible()
	await expect(firstName.locator('.row-detail')).toContainText(categoryValue)

	await page.setViewportSize({ width: 1920, height: 900 })
	await expect(table.getByRole('columnheader', { name: tools.fields.category })).toBeVisible()
	await expect(table.getByRole('columnheader', { name: tools.fields.purchaseDate })).toBeVisible()
	// The detail line is not shown where the columns are.
	await expect(firstName.locator('.row-detail')).toBeHidden()
})

/**
 * Every <summary> of the page open: no browser triangle, and one chevron each (the top bar's icon buttons
 * open menus: no sign). At least `minimum` disclosures that are not the top bar's.
 */
async function expectOneChevronEach(page: Page, minimum: number) {
	const summaries = await page.locator('summary').evaluateAll((elements) =>
		elements.map((summary) => ({
			text: (summary.textContent ?? '').trim().slice(0, 40),
			marker: getComputedStyle(summary).listStyleType,
			chevrons: summary.querySelectorAll(':scope > i.bx-chevron-down.disclosure-icon').length,
			iconButton: summary.closest('.topbar__end') !== null,
		})),
	)
	expect(summaries.filter((summary) => !summary.iconButton).length, 'disclosures on the page').toBeGreaterThanOrEqual(minimum)
	expect(
		summaries.filter((summary) => summary.marker !== 'none'),
		'no browser triangle',
	).toEqual([])
	expect(
		summaries.filter((summary) => !summary.iconButton && summary.chevrons !== 1),
		'one chevron each',
	).toEqual([])
}

test('status badges are pills; every expand/collapse control has the one chevron, never the browser’s triangle', async ({ page }) => {
	await signedInOperator(page)
	await open(page, '/danhmuc/tram')
	const badge = page
		.getByRole('table')
		.getByRole('row')
		.nth(1)
		.getByText(en.stations.statuses.active, { exact: true })
		.or(page.getByRole('table').getByRole('row').nth(1).getByText(en.stations.statuses.maintenance, { exact: true }))
		.or(page.getByRole('table').getByRole('row').nth(1).getByText(en.stations.statuses.inactive, { exact: true }))
	const shape = await badge.first().evaluate((element) => ({
		radius: Number.parseFloat(getComputedStyle(element).borderTopLeftRadius),
		height: element.getBoundingClientRect().height,
	}))
	expect(shape.radius).toBeGreaterThanOrEqual(shape.height / 2)

	// The sidebar's groups, the mega menu, the list's filters and choosers.
	await expectOneChevronEach(page, 4)
})

test('a user’s page: where each role is given (its scope picker) folds with the same chevron', async ({ page }) => {
	const admin = await createUser({ prefix: 'layout-scope', roles: ['admin', 'operator'] })
	await startSession(page, admin)
	await open(page, `/admin/users?q=${encodeURIComponent(admin.email)}`)
	await page.getByRole('main').getByRole('link', { name: admin.email }).click()
	await expect(page).toHaveURL(/\/admin\/users\/\d+$/)
	const roles = page.getByRole('group', { name: en.admin.users.fields.roles })
	await expect(roles).toBeVisible()
	// A scope picker per role, besides the sidebar's groups.
	const pickers = await roles.getByRole('checkbox', { name: /\(\w+\)$/ }).count()
	expect(pickers, 'roles to choose from').toBeGreaterThanOrEqual(3)
	await expect(roles.locator('summary')).toHaveCount(pickers)
	await expectOneChevronEach(page, pickers + 3)
})

test('the sidebar’s group labels fit it in every language, their chevrons in one column inside it', async ({ page }) => {
	const user = await createUser({ prefix: 'layout-labels', roles: ['admin'] })
	await startSession(page, user)
	for (const language of LANGUAGES) {
		await page.context().addCookies([{ name: 'lang', value: language, url: BASE_URL }])
		// Any page has the sidebar: one without charts or lists.
		await open(page, '/contacts/profile')
		await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[language])
		const rows = await page.locator('.sidebar').evaluate((sidebar) => {
			const edge = sidebar.getBoundingClientRect().right
			return [...sidebar.querySelectorAll('summary.sidebar__link')].map((summary) => ({
				label: summary.textContent?.trim(),
				chevron: Math.round(summary.querySelector('.disclosure-icon')!.getBoundingClientRect().right),
				inside: summary.querySelector('.disclosure-icon')!.getBoundingClientRect().right <= edge,
				overflow: summary.scrollWidth - summary.clientWidth,
			}))
		})
		expect(rows.length, language).toBeGreaterThanOrEqual(3)
		expect(
			rows.filter((row) => !row.inside || row.overflow > 0 || row.chevron !== rows[0]!.chevron),
			language,
		).toEqual([])
	}
})

test('on a phone the filters fold behind “Filters”, which says how many are active and opens (a disclosure, without JavaScript too)', async ({
	page,
}) => {
	await signedInOperator(page)
	await page.setViewportSize(PHONE)
	await open(page, '/danhmuc/tram')
	const form = searchForm(page, stations.searchForm)
	// A <summary>: no role of its own, named by its text.
	const fold = form.locator('summary')
	await expect(fold, 'no filter applied: no count').toHaveAccessibleName(en.list.filters)

	await open(page, '/danhmuc/tram?status=active&type=bts')
	await expect(fold).toHaveAccessibleName(`${en.list.filters} ${translate('en', 'list.filtersActive', { count: 2 })}`)
	const status = form.getByRole('combobox', { name: stations.fields.status })
	const type = form.getByRole('combobox', { name: stations.fields.type })
	const apply = form.getByRole('button', { name: en.list.apply })
	for (const field of [status, type, apply]) await expect(field, 'folded').toBeHidden()
	// The first record is in the first screen under the folded filters.
	await expect(page.getByRole('main').getByRole('table').getByRole('row').nth(1)).toBeInViewport()

	await fold.click()
	for (const field of [status, type, apply]) await expect(field, 'open').toBeVisible()
	await expect(status).toHaveValue('active')
	await expect(type).toHaveValue('bts')
	await fold.click()
	await expect(status, 'folded again').toBeHidden()

	// Wider than a phone there is nothing to open: the fields show, the control does not.
	await page.setViewportSize({ width: 768, height: 900 })
	await expect(status).toBeVisible()
	await expect(fold).toBeHidden()
})

test('on a phone a wide table scrolls in its own region, its row header kept at the region’s left edge', async ({ page }) => {
	await signedInOperator(page)
	await page.setViewportSize(PHONE)
	await open(page, '/congcu/list')
	// The focusable box around the table, named as the table is.
	const region = page
		.getByRole('main')
		.getByRole('group', { name: /./ })
		.filter({ has: page.getByRole('table') })
	const row = region.getByRole('table').getByRole('row').nth(1)
	const header = row.getByRole('rowheader')
	const last = row.getByRole('cell').last()
	await expect(header).toBeVisible()
	const sizes = await region.evaluate((box) => ({
		scroll: box.scrollWidth,
		client: box.clientWidth,
		page: document.documentElement.scrollWidth,
	}))
	expect(sizes.page, 'the page does not scroll sideways').toBeLessThanOrEqual(PHONE.width)
	expect(sizes.scroll, 'the table is wider than its region').toBeGreaterThan(sizes.client + 40)
	const [regionBox, lastBefore] = [(await region.boundingBox())!, (await last.boundingBox())!]

	const scrolled = await region.evaluate((box) => {
		box.scrollLeft = box.scrollWidth
		return box.scrollLeft
	})
	expect(scrolled, 'the region scrolled sideways').toBeGreaterThan(40)
	const [headerAfter, lastAfter] = [(await header.boundingBox())!, (await last.boundingBox())!]
	expect(lastAfter.x, 'a later cell moved with the scroll').toBeCloseTo(lastBefore.x - scrolled, 0)
	expect(headerAfter.x, 'the row header at the region’s left edge').toBeCloseTo(regionBox.x, 0)
	await expect(header).toBeInViewport()
})

test('an empty result shows an icon, says why, and offers the next steps', async ({ page }) => {
	await signedInOperator(page)
	await open(page, '/danhmuc/tram?q=zzzz-nothing-matches')
	const empty = page.getByRole('status').filter({ has: page.getByRole('heading', { name: en.list.noMatchTitle }) })
	await expect(empty).toBeVisible()
	await expect(empty.locator('.bx')).toBeVisible()
	await expect(empty.getByRole('link', { name: en.list.clear })).toBeVisible()
	await expect(empty.getByRole('link', { name: catalogTexts('en', 'stations').new })).toBeVisible()
	await empty.getByRole('link', { name: en.list.clear }).click()
	await expect(page).toHaveURL(/\/danhmuc\/tram$/)
})
