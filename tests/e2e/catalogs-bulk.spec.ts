import { expectStatusMessage, uniqueCode } from './catalogs-support'
import { addStations } from './database'
import { createUser, en, expect, format, open, signIn, test, translate } from './support'

test.use({ language: 'en' })

test('Selected stations are deleted together through the confirmation page', async ({ page }) => {
	const user = await createUser({ prefix: 'bulk', roles: ['operator'] })
	const marker = uniqueCode('BULK')
	const codes = [`${marker}-1`, `${marker}-2`]
	const name = `Bulk ${marker}`
	await addStations(codes, name)
	await signIn(page, user.email, user.password)
	await open(page, `/danhmuc/tram?q=${marker}`)

	for (const code of codes) await page.getByRole('checkbox', { name: format(en.bulk.select, { record: `${code} · ${name}` }) }).check()
	await page.getByRole('button', { name: en.bulk.deleteSelected }).click()

	await expect(page.getByRole('heading', { level: 1, name: format(en.bulk.deleteTitle, { catalog: en.stations.title }) })).toBeVisible()
	await expect(page.getByText(translate('en', 'bulk.deleteQuestion', { count: 2 }))).toBeVisible()
	for (const code of codes) await expect(page.getByRole('rowheader', { name: code, exact: true })).toBeVisible()
	await page.getByRole('button', { name: translate('en', 'bulk.deleteConfirm', { count: 2 }) }).click()

	await expect(page).toHaveURL(new RegExp(`/danhmuc/tram\\?q=${marker}$`))
	await expectStatusMessage(page, translate('en', 'bulk.deleted', { count: 2 }))
	await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
})
