import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { expect, format, open, type Messages } from './support'

/**
 * The phone checks of the page sweep (every-page.ts), at the two phone sizes of issue 35: with JavaScript on
 * and off, as the project runs. Soft assertions, so that one run lists every page and size that fails.
 */
export const PHONES = [
	{ width: 390, height: 844 },
	{ width: 360, height: 740 },
] as const

/** A tap target for a primary control: 44 × 44 px (WCAG 2.5.5). */
const TARGET_PX = 44
/** The most a one-row top bar may take. */
const TOP_BAR_PX = 56

/**
 * Resizes and waits until the page is laid out at the new size, then brings its running transitions (the
 * off-canvas menu's) to their end at once: awaiting them could wait on one another cancels (it rejects) or
 * race a new one. Animations (a toast's progress bar, paused while the pointer is on it) are left alone.
 */
async function resize(page: Page, size: { width: number; height: number }) {
	await page.setViewportSize(size)
	await expect.poll(() => page.evaluate(() => window.innerWidth), { message: 'the page has been laid out again' }).toBe(size.width)
	await page.evaluate(() => {
		window.scrollTo(0, 0)
		for (const animation of document.getAnimations()) {
			if (animation instanceof CSSTransition && animation.playState === 'running') animation.finish()
		}
	})
}

interface PhoneLayout {
	/** The document's width: more than the screen's means the page scrolls sideways. */
	pageWidth: number
	/** Elements that end beyond the right edge of the screen (none when the page fits). */
	overflowing: string[]
	/** The top bar's (or the account pages' header's) height. */
	topBar: number | null
	/** Primary controls smaller than TARGET_PX either way (the top bar's: narrower than fits). */
	smallTargets: string[]
	/** Where a list's first record is (a table's first body row, or the notifications page's first item), the page scrolled to its top. */
	firstRecord: { top: number; bottom: number } | null
}

function measure(targetPx: number): PhoneLayout {
	const screen = window.innerWidth
	const describe = (element: Element) => {
		const text = (element.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)
		return `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}${text ? ` "${text}"` : ''}`
	}
	const overflowing =
		document.documentElement.scrollWidth > screen
			? [...document.querySelectorAll('body *')]
					// The elements that end past the edge themselves, not those inside one that does.
					.filter(
						(element) =>
							element.getBoundingClientRect().right > screen + 0.5 &&
							element.checkVisibility() &&
							!(element.parentElement && element.parentElement.getBoundingClientRect().right > screen + 0.5),
					)
					.map((element) => `${describe(element)} ends at ${Math.round(element.getBoundingClientRect().right)} px`)
			: []
	const bar = document.querySelector('.topbar, .auth-page__header')
	const shown = (selector: string) =>
		[...document.querySelectorAll(selector)].filter((element) => element.checkVisibility({ visibilityProperty: true }))
	const tooSmall = (width: number) => (element: Element) => {
		const box = element.getBoundingClientRect()
		return box.width + 0.5 < width || box.height + 0.5 < targetPx
			? [`${describe(element)} ${Math.round(box.width)} × ${Math.round(box.height)} px`]
			: []
	}
	// The top bar's controls are 44 px wide where they fit in one row, else as wide as they can be side by side.
	const barControls = shown('.topbar__brand, .topbar__button')
	const smallTargets = [
		...barControls.flatMap(tooSmall(Math.min(targetPx, Math.floor((screen - 8) / barControls.length)))),
		...shown('#main .btn:not(.btn-sm), #main .page-link').flatMap(tooSmall(targetPx)),
	]
	const row = document.querySelector('#main tbody tr, #main .notifications-page > li')?.getBoundingClientRect()
	return {
		pageWidth: document.documentElement.scrollWidth,
		overflowing: overflowing.slice(0, 5),
		topBar: bar ? bar.getBoundingClientRect().height : null,
		smallTargets,
		firstRecord: row ? { top: row.top, bottom: row.bottom } : null,
	}
}

/**
 * At each phone size: the page does not scroll sideways (a wide table scrolls in its own box), the top bar is
 * one row of at most 56 px, primary controls are 44 × 44 px (the top bar's as wide as they fit), and on a list (`list`) the first record is in
 * the first screen. With `axe`, axe checks the page at the first size too (`include`: as expectNoAxeViolations
 * takes it). The viewport is put back afterwards.
 */
export async function expectFitsPhones(page: Page, { list = false, axe }: { list?: boolean; axe?: { include?: string } } = {}) {
	const original = page.viewportSize()
	const path = new URL(page.url()).pathname
	for (const size of PHONES) {
		await resize(page, size)
		const layout = await page.evaluate(measure, TARGET_PX)
		const where = `${path} at ${size.width} × ${size.height}`
		expect.soft(layout.overflowing, `${where}: elements past the screen's edge (page ${layout.pageWidth} px wide)`).toEqual([])
		expect.soft(layout.pageWidth, `${where}: the page's width`).toBeLessThanOrEqual(size.width)
		if (layout.topBar !== null) expect.soft(layout.topBar, `${where}: the top bar's height`).toBeLessThanOrEqual(TOP_BAR_PX)
		expect.soft(layout.smallTargets, `${where}: primary controls under ${TARGET_PX} × ${TARGET_PX} px`).toEqual([])
		if (list) {
			expect.soft(layout.firstRecord, `${where}: the list has a first record`).not.toBeNull()
			expect
				.soft(layout.firstRecord?.bottom ?? Infinity, `${where}: the first record ends in the first screen`)
				.toBeLessThanOrEqual(size.height)
		}
		if (axe && size === PHONES[0]) await expectNoAxeViolations(page, axe.include)
	}
	if (original) await page.setViewportSize(original)
}

/** At each phone size, every top-bar dropdown and the settings panel, opened, lie inside the screen. */
export async function expectDropdownsOnPhones(page: Page) {
	const original = page.viewportSize()
	const dropdowns = page.locator('.topbar details[data-dropdown]')
	for (const size of PHONES) {
		await resize(page, size)
		let opened = 0
		for (let index = 0; index < (await dropdowns.count()); index++) {
			const details = dropdowns.nth(index)
			const toggle = details.locator(':scope > summary')
			if (!(await toggle.isVisible())) continue
			await toggle.click()
			await expect(details).toHaveAttribute('open', '')
			const panel = details.locator(':scope > :not(summary)')
			const box = await panel.evaluate((element) => {
				const rect = element.getBoundingClientRect()
				return { left: rect.left, right: rect.right, top: rect.top, bottom: rect.bottom, name: element.className }
			})
			const where = `${box.name} at ${size.width} × ${size.height}`
			expect.soft(box.left, `${where}: its left edge`).toBeGreaterThanOrEqual(0)
			expect.soft(box.right, `${where}: its right edge`).toBeLessThanOrEqual(size.width)
			expect.soft(box.top, `${where}: its top edge`).toBeGreaterThanOrEqual(0)
			expect.soft(box.bottom, `${where}: its bottom edge`).toBeLessThanOrEqual(size.height)
			await toggle.click()
			await expect(details).not.toHaveAttribute('open', '')
			opened++
		}
		// The language menu, the launcher, the notifications, the user menu and the settings panel.
		expect(opened, `dropdowns checked at ${size.width} px`).toBeGreaterThanOrEqual(5)
	}
	if (original) await page.setViewportSize(original)
}

/**
 * On a phone, ticks the first two records of the list at `path` and prints their labels: one QR code (an SVG
 * made on the server) per ticked record, each with the record's absolute address under it. Leaves the
 * label page open, at the size the page had before.
 */
export async function expectLabelsOfTickedRecords(page: Page, t: Messages, path: string) {
	const original = page.viewportSize()
	await resize(page, PHONES[0])
	await open(page, path)
	const rows = page.getByRole('main').locator('tbody tr')
	const ticked: { code: string; href: string }[] = []
	for (const index of [0, 1]) {
		const row = rows.nth(index)
		const link = row.getByRole('rowheader').getByRole('link')
		ticked.push({ code: (await link.innerText()).trim(), href: (await link.getAttribute('href'))! })
		await row.getByRole('checkbox').check()
	}
	await page.getByRole('button', { name: t.labels.print }).click()
	const sheet = page.getByRole('list', { name: t.labels.sheet })
	await expect(sheet.getByRole('listitem')).toHaveCount(ticked.length)
	const origin = new URL(page.url()).origin
	for (const { code, href } of ticked) {
		const label = sheet.getByRole('listitem').filter({ hasText: code })
		await expect(label.locator('svg')).toHaveCount(1)
		await expect(label.getByText(`${origin}${href}`, { exact: true })).toBeVisible()
	}
	if (original) await page.setViewportSize(original)
}

/**
 * On a phone, the permission matrix of the built-in role `operator`: its function groups as links that fit
 * the screen and are 44 px targets, the matrix of the chosen group only (a link: without JavaScript a new page
 * from the server), each action a full-width toggle, and the save button on the screen while the matrix is
 * scrolled through. The viewport is put back afterwards.
 */
export async function expectRoleMatrixOnPhone(page: Page, t: Messages) {
	const original = page.viewportSize()
	const phone = PHONES[1]
	await resize(page, phone)
	await open(page, '/admin/roles')
	await page.getByRole('main').getByRole('rowheader').getByRole('link', { name: 'operator', exact: true }).click()
	const groups = page.getByRole('navigation', { name: t.admin.roles.groups }).getByRole('link')
	await expect(groups.first()).toBeVisible()
	expect(await groups.count(), 'the matrix has function groups to choose from').toBeGreaterThan(1)
	for (const index of [1, 0]) {
		const link = groups.nth(index)
		const box = (await link.boundingBox())!
		expect(box.height, 'a group is a 44 px target').toBeGreaterThanOrEqual(TARGET_PX - 0.5)
		expect(box.x >= 0 && box.x + box.width <= phone.width, 'a group fits the screen').toBe(true)
		const href = (await link.getAttribute('href'))!
		const label = (await link.locator('.admin-matrix-groups__label').textContent())!
		await link.click()
		await expect(page).toHaveURL(href)
		await expect(groups.nth(index)).toHaveAttribute('aria-current', 'page')
		await expect(page.getByRole('group', { name: format(t.admin.roles.matrixCaption, { role: 'operator', group: label }) })).toBeVisible()
		await expect(page.getByRole('main').getByRole('table'), 'one group at a time').toHaveCount(1)
	}
	for (const size of PHONES) {
		await resize(page, size)
		const toggle = page.locator('table.admin-matrix tbody td label').first()
		const box = (await toggle.boundingBox())!
		expect(box.width, `an action is a full-width toggle at ${size.width} px`).toBeGreaterThan(size.width * 0.8)
		expect(box.height, 'an action is a 44 px target').toBeGreaterThanOrEqual(TARGET_PX - 0.5)
		const last = (await groups.last().boundingBox())!
		expect(last.x + last.width, `the groups fit ${size.width} px`).toBeLessThanOrEqual(size.width)
		await toggle.scrollIntoViewIfNeeded()
		await expect(page.getByRole('button', { name: t.admin.roles.saveGrants })).toBeInViewport()
	}
	if (original) await page.setViewportSize(original)
}
