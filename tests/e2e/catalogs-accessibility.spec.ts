import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { ensureDemoData, importFile } from './catalogs-support'
import { chooseLayout } from './shell-support'
import { createUser, en, expect, open, signIn, test } from './support'

// Runs in the `js` project only (the config's accessibility pattern): the hydrated pages, dialogs included.
// Reduced motion: a toast still fading in would be measured at half its contrast.
test.use({ language: 'en', reducedMotion: 'reduce' })
// Each test walks through several pages (two browsers for the conflict): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

test.beforeAll(() => ensureDemoData())

/** Checks the page's main content: the catalogs' own markup (the frame around it has its own spec). */
async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).include('#main').analyze()
	expect(
		results.violations.map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
		`accessibility violations on ${page.url()}`,
	).toEqual([])
}

/** The pages whose colours the theme changes most: a long table, a form showing its errors, a record with its history. */
async function checkTableFormAndRecord(page: Page) {
	await open(page, '/congcu/list?sort=value&dir=desc')
	await expect(page.getByRole('table')).toBeVisible()
	await expectNoAxeViolations(page)

	await open(page, '/danhmuc/tram/new')
	await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
	await expect(page.getByRole('alert')).toContainText(en.validation.summaryTitle)
	await expectNoAxeViolations(page)

	await open(page, '/danhmuc/tram')
	await page.locator('table.catalog-table tbody tr').first().getByRole('link').first().click()
	await expect(page.getByRole('heading', { name: en.catalog.history.title })).toBeVisible()
	await expectNoAxeViolations(page)
}

test.describe('No axe violations on the catalog pages', () => {
	test('lists, records, forms with errors, the delete dialog and the import report', async ({ page }) => {
		const user = await createUser({ prefix: 'cat-a11y', roles: ['operator'] })
		await signIn(page, user.email, user.password)

		await open(page, '/danhmuc/tram?status=active&sort=name')
		await expect(page.getByRole('table')).toBeVisible()
		await expectNoAxeViolations(page)

		await open(page, '/danhmuc/tram?q=nothing-matches-this')
		await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
		await expectNoAxeViolations(page)

		await checkTableFormAndRecord(page)
		await page.getByRole('button', { name: en.stations.delete }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await expectNoAxeViolations(page)
		await page.getByRole('dialog').getByRole('button', { name: en.catalog.cancel }).click()

		await open(page, '/congcu/list/new')
		await expectNoAxeViolations(page)

		await open(page, '/congcu/list/import')
		await importFile(page, 'code,name\r\nA,B\r\n')
		await expect(page.getByRole('alert')).toContainText(en.csv.refusedTitle)
		await expectNoAxeViolations(page)
	})

	test('in dark mode too: a table, a form with errors, a record and the delete dialog (contrast included)', async ({ page }) => {
		const user = await createUser({ prefix: 'cat-a11y-dark', roles: ['operator'] })
		await signIn(page, user.email, user.password)
		await chooseLayout(page, en, 'mode', 'dark')
		await expect(page.locator('body')).toHaveAttribute('data-layout-mode', 'dark')

		await checkTableFormAndRecord(page)
		await page.getByRole('button', { name: en.stations.delete }).click()
		await expect(page.getByRole('dialog')).toBeVisible()
		await expectNoAxeViolations(page)
	})
})
