import { ensureDemoData } from './catalogs-support'
import { createUser, en, expect, open, startSession, test } from './support'

test.use({ language: 'en' })

test.beforeAll(() => ensureDemoData())

test('an administrator scopes an operator to one province; the operator reads and writes there only', async ({ page, secondPage }) => {
	const admin = await createUser({ prefix: 'admin-scope', roles: ['admin'] })
	const operator = await createUser({ prefix: 'operator-scope', roles: ['operator'] })

	await test.step('the administrator gives the operator role in An Giang only, on the user page', async () => {
		await startSession(page, admin)
		await open(page, `/admin/users?q=${encodeURIComponent(operator.email)}`)
		await page.getByRole('link', { name: operator.email }).click()
		await page.locator('details:has(#scope-operator-some) > summary').click()
		await page.locator('#scope-operator-some').check()
		await page.locator('#scope-operator-an-giang').check()
		await page.getByRole('button', { name: en.catalog.save, exact: true }).click()
		await expect(page.getByText(en.admin.users.saved)).toBeVisible()
		await open(page, `/admin/users?q=${encodeURIComponent(operator.email)}`)
		await expect(page.getByRole('cell', { name: 'Operator in An Giang' })).toBeVisible()
	})

	await test.step("the operator's station list offers and shows An Giang only", async () => {
		await startSession(secondPage, operator)
		await open(secondPage, '/danhmuc/tram')
		const provinces = secondPage.locator('select[name="province"] option')
		await expect(provinces).toHaveText([en.list.all, 'An Giang'])
		const rows = secondPage.locator('table tbody tr')
		await expect(rows.first()).toContainText('An Giang')
		for (const text of await rows.allTextContents()) expect(text).toContain('An Giang')
	})

	await test.step('a station created in another province is refused on the province field, the values kept', async () => {
		await open(secondPage, '/danhmuc/tram/new')
		await secondPage.getByLabel(en.stations.fields.code, { exact: true }).fill(`SC-${Date.now() % 100000}`)
		await secondPage.getByLabel(en.stations.fields.name, { exact: true }).fill('Trạm ngoài phạm vi')
		await secondPage.getByLabel(en.stations.fields.type, { exact: true }).selectOption({ index: 1 })
		await secondPage.getByLabel(en.stations.fields.province, { exact: true }).selectOption('ha-noi')
		await secondPage.getByLabel(en.stations.fields.status, { exact: true }).selectOption({ index: 1 })
		await secondPage.getByRole('button', { name: en.catalog.create, exact: true }).click()
		await expect(secondPage.getByText(en.scope.errors.province).first()).toBeVisible()
		await expect(secondPage.getByLabel(en.stations.fields.name, { exact: true })).toHaveValue('Trạm ngoài phạm vi')
	})
})
