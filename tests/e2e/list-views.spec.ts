import { ensureDemoData, expectStatusMessage } from './catalogs-support'
import { createUser, en, escapeRegExp, expect, format, open, test, startSession } from './support'
import type { Page } from '@playwright/test'

test.use({ language: 'en' })

test.beforeAll(() => ensureDemoData())

const t = en.listViews

/** A column header of the list's table, by the start of its name (a sortable one also says how it sorts). */
const header = (page: Page, label: string) => page.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(label)}`) })

test.describe('A list’s columns and saved views', () => {
	test('the user picks the columns the tool list shows, and can go back to the default', async ({ page }) => {
		const user = await createUser({ prefix: 'columns', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/congcu/list')
		await expect(header(page, en.tools.fields.value)).toBeVisible()

		await page.getByText(t.columns, { exact: true }).click()
		const chooser = page.getByRole('group', { name: t.columnsLegend })
		await chooser.getByLabel(en.tools.fields.value, { exact: true }).uncheck()
		await chooser.getByLabel(en.tools.fields.stationId, { exact: true }).uncheck()
		await page.getByRole('button', { name: t.saveColumns }).click()

		await expectStatusMessage(page, t.columnsSaved)
		await expect(header(page, en.tools.fields.value)).toHaveCount(0)
		await expect(header(page, en.tools.fields.stationId)).toHaveCount(0)
		await expect(header(page, en.tools.fields.status)).toBeVisible()

		await page.getByText(t.columns, { exact: true }).click()
		await page.getByRole('button', { name: t.resetColumns }).click()
		await expectStatusMessage(page, t.columnsReset)
		await expect(header(page, en.tools.fields.value)).toBeVisible()
		await expect(header(page, en.tools.fields.stationId)).toBeVisible()
	})

	test('a saved view of the station list is still there after signing out and in, and applies its filters', async ({ page }) => {
		const user = await createUser({ prefix: 'views', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/danhmuc/tram?status=maintenance&sort=name')
		await page.getByText(t.saveView, { exact: true }).click()
		await page.getByLabel(t.viewName, { exact: true }).fill('Đang bảo trì')
		await page.getByRole('button', { name: t.saveViewButton }).click()
		await expectStatusMessage(page, format(t.viewSaved, { name: 'Đang bảo trì' }))

		await open(page, '/account/logout')
		await page.getByRole('button', { name: en.logout.submit }).click()
		await expect(page).toHaveURL(/\/account\/login/)
		await startSession(page, user)

		await open(page, '/danhmuc/tram')
		const saved = page.getByRole('navigation', { name: t.savedViews })
		await saved.getByRole('link', { name: 'Đang bảo trì' }).click()
		await expect(page).toHaveURL(/\/danhmuc\/tram\?status=maintenance&sort=name$/)
		await expect(page.getByRole('combobox', { name: en.stations.fields.status })).toHaveValue('maintenance')
		await expect(saved.getByRole('link', { name: 'Đang bảo trì' })).toHaveAttribute('aria-current', 'page')

		await saved.getByRole('button', { name: format(t.deleteView, { name: 'Đang bảo trì' }) }).click()
		await expectStatusMessage(page, t.viewDeleted)
		await expect(page.getByRole('link', { name: 'Đang bảo trì' })).toHaveCount(0)
		await expect(page).toHaveURL(/\/danhmuc\/tram\?status=maintenance&sort=name$/)
	})
})
