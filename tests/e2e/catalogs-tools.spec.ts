import {
	columnTexts,
	columnTextsOnceThey,
	downloadedText,
	ensureDemoData,
	expectStatusMessage,
	importFile,
	plain,
	searchForm,
	uniqueCode,
} from './catalogs-support'
import { catalogTexts, createUser, en, expect, expectFieldError, format, open, test, startSession } from './support'
import type { Page } from '@playwright/test'

test.use({ language: 'en' })
// Each test walks through several pages (two browsers for the conflict): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

test.beforeAll(() => ensureDemoData())

const tools = { ...en.tools, ...catalogTexts('en', 'tools') }
/** The English label migration 0018 gives the tool category `vehicle`. */
const VEHICLE_LABEL = 'Vehicles'
const fields = en.tools.fields

async function fillTool(page: Page, values: Record<string, string>) {
	const form = page.getByRole('form', { name: tools.formLabel })
	for (const [field, value] of Object.entries(values)) {
		const control = form.getByLabel(fields[field as keyof typeof fields], { exact: true })
		if (['category', 'status', 'stationId'].includes(field))
			await control.selectOption(value.startsWith('label:') ? { label: value.slice(6) } : value)
		else await control.fill(value)
	}
}

test.describe('The tool list', () => {
	test('searches, filters by station and category, sorts by value, with money in the reader’s format', async ({ page }) => {
		const user = await createUser({ prefix: 'tl-list', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/congcu/list')
		await expect(page.getByRole('heading', { level: 1, name: tools.title })).toBeVisible()

		// Accent-free search on the name.
		const search = searchForm(page, tools.searchForm)
		await search.getByLabel(en.list.search, { exact: true }).fill('dong ho van nang')
		await search.getByRole('button', { name: en.list.apply }).click()
		await expect(page).toHaveURL(/q=dong\+ho\+van\+nang/)
		await columnTextsOnceThey(
			page,
			1,
			(names) => names.length > 0 && names.every((name) => plain(name).includes('dong ho van nang')),
			'every name found contains the words searched',
		)

		// By category, most valuable first: the value column falls.
		await open(page, '/congcu/list?category=vehicle&sort=value&dir=desc')
		for (const category of await columnTexts(page, 2)) expect(category).toBe(VEHICLE_LABEL)
		const values = (await columnTexts(page, 6)).map((text) => Number(text.replace(/,/g, '')))
		expect(values.length).toBeGreaterThan(1)
		expect(values).toEqual([...values].sort((a, b) => b - a))
		// English number format: thousands with commas.
		expect((await columnTexts(page, 6))[0]).toMatch(/^\d{1,3}(,\d{3})+(\.\d{1,2})?$/)

		// The tools of one station, from the station filter.
		await open(page, '/congcu/list')
		const stationFilter = search.getByLabel(fields.stationId, { exact: true })
		const firstStation = await stationFilter.locator('option').nth(1).textContent()
		await stationFilter.selectOption({ index: 1 })
		await search.getByRole('button', { name: en.list.apply }).click()
		await expect(page).toHaveURL(/stationId=\d+/)
		await columnTextsOnceThey(page, 3, (codes) => codes.every((code) => firstStation?.includes(code)), 'only tools of the station chosen')
	})
})

test.describe('An operator', () => {
	test('creates a tool at a station, edits and deletes it', async ({ page }) => {
		const user = await createUser({ prefix: 'tl-crud', roles: ['operator'] })
		await startSession(page, user)
		await open(page, '/congcu/list')
		await page.getByRole('link', { name: tools.new }).first().click()
		await expect(page.getByRole('heading', { level: 1, name: tools.new })).toBeVisible()

		const code = uniqueCode('TL')
		const stationOption = await page
			.getByRole('form', { name: tools.formLabel })
			.getByLabel(fields.stationId, { exact: true })
			.locator('option')
			.nth(3)
			.textContent()
		await fillTool(page, {
			code,
			name: 'Máy hàn cáp quang Sumitomo',
			category: 'telecom',
			stationId: `label:${stationOption}`,
			quantity: '1',
			value: '185000000.50',
			purchaseDate: '2023-04-05',
		})
		await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
		await expect(page).toHaveURL(/\/congcu\/list\/\d+$/)
		await expectStatusMessage(page, format(tools.created, { code }))
		await expect(page.getByRole('link', { name: stationOption! })).toBeVisible()
		await expect(page.getByRole('form', { name: tools.formLabel }).getByLabel(fields.value, { exact: true })).toHaveValue('185000000.5')

		// A bad quantity is explained; then a good edit.
		await fillTool(page, { quantity: '1.5' })
		await page.getByRole('button', { name: en.catalog.save }).click()
		await expectFieldError(
			page.getByRole('form', { name: tools.formLabel }).getByLabel(fields.quantity, { exact: true }),
			en.catalog.errors.integer,
		)
		await fillTool(page, { quantity: '2', status: 'repair' })
		await page.getByRole('button', { name: en.catalog.save }).click()
		await expectStatusMessage(page, format(tools.saved, { code }))
		await open(page, `/congcu/list?q=${code}`)
		await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText(tools.statuses.repair)
		await expect(page.getByRole('table').getByRole('row').nth(1)).toContainText('185,000,000.5')

		await page.getByRole('link', { name: code }).click()
		await page.getByRole(test.info().project.name === 'js' ? 'button' : 'link', { name: tools.delete }).click()
		await page.getByRole('button', { name: tools.deleteConfirm }).click()
		await expect(page).toHaveURL(/\/congcu\/list$/)
		await expectStatusMessage(page, format(tools.deleted, { code }))
	})

	test('exports tools and imports a file with good and bad rows', async ({ page }) => {
		const user = await createUser({ prefix: 'tl-csv', roles: ['operator'] })
		await startSession(page, user)
		await open(page, '/congcu/list?category=safety')
		const downloading = page.waitForEvent('download')
		await page.getByRole('link', { name: en.csv.export }).click()
		const { text } = await downloadedText(await downloading)
		const lines = text
			.replace(/^\uFEFF/, '')
			.split('\r\n')
			.filter(Boolean)
		expect(lines[0]).toBe('code,name,category,serialNumber,stationId,status,quantity,unit,purchaseDate,value,note,version')
		for (const line of lines.slice(1)) expect(line.split(',')[2]).toBe('safety')

		const [good, badStation, badQuantity] = [uniqueCode('TI'), uniqueCode('TI'), uniqueCode('TI')]
		const file = [
			lines[0],
			`${good},Bình chữa cháy CO2,safety,,,in_stock,4,bình,,850000,,`,
			`${badStation},Găng tay,safety,,NO-STATION,in_use,2,đôi,,,,`,
			`${badQuantity},Mũ bảo hộ,safety,,,in_stock,-2,cái,,,,`,
		].join('\r\n')
		await open(page, '/congcu/list/import')
		await importFile(page, file)
		const report = page.getByRole('table', { name: en.csv.reportCaption })
		await expect(report.getByRole('row')).toHaveCount(3)
		await expect(report).toContainText(tools.errors.stationNotFound)
		await expect(report).toContainText(format(en.catalog.errors.integerRange, { min: 0, max: 1000000 }))

		await importFile(page, file.split('\r\n').slice(0, 2).join('\r\n'))
		await expect(page).toHaveURL(/\/congcu\/list$/)
		await expectStatusMessage(page, format(en.csv.imported, { created: 1, updated: 0, unchanged: 0 }))
	})
})

test.describe('A viewer', () => {
	test('sees tools without controls to change them, and is refused when posting anyway', async ({ page }) => {
		const user = await createUser({ prefix: 'tl-viewer', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/congcu/list')
		await expect(page.getByRole('link', { name: tools.new })).toHaveCount(0)
		await expect(page.getByRole('link', { name: en.csv.export })).toHaveCount(0)
		await expect(page.getByRole('link', { name: en.csv.import })).toHaveCount(0)
		await page.locator('table.catalog-table tbody tr').first().getByRole('link').first().click()
		await expect(page).toHaveURL(/\/congcu\/list\/\d+$/)
		await expect(page.getByRole('button', { name: en.catalog.save })).toHaveCount(0)
		const url = new URL(page.url()).pathname
		expect((await page.request.post(url, { form: { name: 'Sửa trái phép', version: '1' } })).status()).toBe(403)
		expect((await page.request.post(url, { form: { intent: 'delete' } })).status()).toBe(403)
		expect(
			(
				await page.request.post('/congcu/list/import', {
					multipart: { file: { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('code\n') } },
				})
			).status(),
		).toBe(403)
	})
})
