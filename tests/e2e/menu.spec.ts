import type { Locator, Page } from '@playwright/test'
import { createUser, en, expect, messages, open, test, startSession } from './support'

const vn = messages('vn')

/** The sidebar as a reader sees it: top-level entries, groups with their entries. */
async function sidebarTree(page: Page): Promise<unknown[]> {
	const nav = page.getByRole('navigation', {
		name: (await page.locator('html').getAttribute('lang')) === 'vi' ? vn.menu.label : en.menu.label,
	})
	return nav.evaluate((element) => {
		const read = (list: Element): unknown[] =>
			[...list.children].map((item) => {
				const label =
					item.querySelector(':scope > a .sidebar__label, :scope > span .sidebar__label, :scope > details > summary .sidebar__label')
						?.textContent ?? ''
				const nested = item.querySelector(':scope > details > ul')
				return nested ? { [label]: read(nested) } : label
			})
		return read(element.querySelector('ul')!)
	})
}

function sidebar(page: Page, language: 'vn' | 'en' = 'en'): Locator {
	return page.getByRole('navigation', { name: messages(language).menu.label })
}

test.describe('The menu is exactly what the user may use', () => {
	for (const [role, expected] of [
		[
			'admin',
			[
				en.functions.DASHBOARD,
				{ [en.functions.DANHMUC]: [en.functions.DANHMUC_TRAM, en.functions.DANHMUC_LOAITRAM] },
				{ [en.functions.CONGCU]: [en.functions.CONGCU_LIST, en.functions.CONGCU_NHOM] },
				{
					[en.functions.QUANTRI]: [
						en.functions.QUANTRI_USERS,
						en.functions.QUANTRI_ROLES,
						en.functions.QUANTRI_FUNCTIONS,
						en.functions.QUANTRI_AUDIT,
						en.functions.QUANTRI_NOTIFICATIONS,
					],
				},
			],
		],
		[
			'operator',
			[
				en.functions.DASHBOARD,
				{ [en.functions.DANHMUC]: [en.functions.DANHMUC_TRAM, en.functions.DANHMUC_LOAITRAM] },
				{ [en.functions.CONGCU]: [en.functions.CONGCU_LIST, en.functions.CONGCU_NHOM] },
			],
		],
		[
			'viewer',
			[
				en.functions.DASHBOARD,
				{ [en.functions.DANHMUC]: [en.functions.DANHMUC_TRAM, en.functions.DANHMUC_LOAITRAM] },
				{ [en.functions.CONGCU]: [en.functions.CONGCU_LIST, en.functions.CONGCU_NHOM] },
			],
		],
	] as const) {
		test(`${role}`, async ({ page }) => {
			const user = await createUser({ prefix: `menu-${role}`, roles: [role] })
			await startSession(page, user)
			await open(page, '/dashboard')
			expect(await sidebarTree(page)).toEqual(expected)
		})
	}
})

test.use({ language: 'en' })

test.describe('Navigating with the menu', () => {
	test('a group opens without JavaScript and the current page is marked', async ({ page }) => {
		const user = await createUser({ prefix: 'menu-nav', roles: ['operator'] })
		await startSession(page, user)
		await open(page, '/dashboard')
		const nav = sidebar(page)
		await expect(nav.getByRole('link', { name: en.functions.DASHBOARD })).toHaveAttribute('aria-current', 'page')
		await expect(nav.getByRole('link', { name: en.functions.DANHMUC_TRAM })).toBeHidden()
		await nav.getByText(en.functions.DANHMUC, { exact: true }).click()
		await nav.getByRole('link', { name: en.functions.DANHMUC_TRAM }).click()
		await expect(page).toHaveURL(/\/danhmuc\/tram$/)
		const stations = sidebar(page).getByRole('link', { name: en.functions.DANHMUC_TRAM })
		await expect(stations).toBeVisible()
		await expect(stations).toHaveAttribute('aria-current', 'page')
	})

	test('opening one group closes its sibling (accordion)', async ({ page }) => {
		const user = await createUser({ prefix: 'menu-accordion', roles: ['operator'] })
		await startSession(page, user)
		await open(page, '/dashboard')
		const nav = sidebar(page)
		await nav.getByText(en.functions.DANHMUC, { exact: true }).click()
		await expect(nav.getByRole('link', { name: en.functions.DANHMUC_TRAM })).toBeVisible()
		await nav.getByText(en.functions.CONGCU, { exact: true }).click()
		await expect(nav.getByRole('link', { name: en.functions.CONGCU_LIST })).toBeVisible()
		await expect(nav.getByRole('link', { name: en.functions.DANHMUC_TRAM })).toBeHidden()
	})

	test('a page typed by hand without the grant answers 403 with a way back, inside the frame', async ({ page }) => {
		const user = await createUser({ prefix: 'menu-403', roles: ['viewer'] })
		await startSession(page, user)
		const response = await page.goto('/danhmuc/tram/new')
		expect(response?.status()).toBe(403)
		await expect(page.getByRole('heading', { level: 1, name: en.errors.forbiddenTitle })).toBeVisible()
		await expect(sidebar(page).getByRole('link', { name: en.functions.DASHBOARD })).toBeVisible()
		await page.getByRole('link', { name: en.errors.goHome }).click()
		await expect(page).toHaveURL(/\/dashboard$/)
	})
})
