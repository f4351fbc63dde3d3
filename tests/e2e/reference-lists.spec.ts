import { randomBytes } from 'node:crypto'
import type { Page } from '@playwright/test'
import { downloadedText, expectStatusMessage, importFile, refusedImportReport, uniqueCode } from './catalogs-support'
import { addReferenceItems } from './database'
import { catalogTexts, createUser, en, escapeRegExp, expect, format, open, startSession, test, translate, waitForApp } from './support'

test.use({ language: 'en' })
// One test walks through many pages: more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

const types = { ...en.referenceLists.stationTypes, ...catalogTexts('en', 'referenceLists.stationTypes') }
const itemFields = en.referenceLists.fields
const stations = { ...en.stations, ...catalogTexts('en', 'stations') }

/** Deletes what the page shows through its delete control: a confirmation page without JavaScript, a dialog with it. */
async function confirmDelete(page: Page, label: string, confirm: string) {
	await waitForApp(page)
	await page.getByRole(test.info().project.name === 'js' ? 'button' : 'link', { name: label }).click()
	if (test.info().project.name === 'js') await expect(page.getByRole('dialog', { name: label })).toBeVisible()
	await page.getByRole('button', { name: confirm }).click()
}

test('an administrator adds a station type, a station takes it, and it can be deleted only once no station has it', async ({ page }) => {
	const user = await createUser({ prefix: 'ref-lists', roles: ['admin'] })
	await startSession(page, user)

	// The new type, labelled in two languages.
	const code = `e2e_${test.info().project.name}_${randomBytes(3).toString('hex')}`
	const label = `Solar farm ${code}`
	await open(page, '/danhmuc/loaitram')
	await expect(page.getByRole('heading', { level: 1, name: types.title })).toBeVisible()
	await page.getByRole('link', { name: types.new }).click()
	await expect(page.getByRole('heading', { level: 1, name: types.new })).toBeVisible()
	const itemForm = page.getByRole('form', { name: en.referenceLists.formLabel })
	await itemForm.getByLabel(itemFields.code, { exact: true }).fill(code)
	await itemForm.getByLabel(itemFields.labelVn, { exact: true }).fill(`Trạm điện mặt trời ${code}`)
	await itemForm.getByLabel(itemFields.labelEn, { exact: true }).fill(label)
	await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
	await expect(page).toHaveURL(/\/danhmuc\/loaitram\/\d+$/)
	await expectStatusMessage(page, format(types.created, { code }))
	const itemUrl = new URL(page.url()).pathname

	// The station form offers it, in the reader's language; a station takes it.
	await open(page, '/danhmuc/tram/new')
	const stationForm = page.getByRole('form', { name: stations.formLabel })
	await expect(stationForm.getByLabel(stations.fields.type, { exact: true }).getByRole('option', { name: label })).toHaveCount(1)
	const stationCode = uniqueCode('REF')
	await stationForm.getByLabel(stations.fields.code, { exact: true }).fill(stationCode)
	await stationForm.getByLabel(stations.fields.name, { exact: true }).fill('Trạm điện mặt trời Ninh Thuận')
	await stationForm.getByLabel(stations.fields.type, { exact: true }).selectOption({ label })
	await stationForm.getByLabel(stations.fields.province, { exact: true }).selectOption('da-nang')
	await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
	await expect(page).toHaveURL(/\/danhmuc\/tram\/\d+$/)
	const stationUrl = new URL(page.url()).pathname

	// While that station has it, the type stays, and the page says how many stations have it.
	await open(page, itemUrl)
	await confirmDelete(page, types.delete, types.deleteConfirm)
	await expect(page.getByRole('alert')).toContainText(translate('en', 'referenceLists.stationTypes.deleteRefused', { count: 1 }))
	await open(page, '/danhmuc/loaitram')
	await expect(page.getByRole('link', { name: code, exact: true })).toBeVisible()

	// Without the station, it goes.
	await open(page, stationUrl)
	await confirmDelete(page, stations.delete, stations.deleteConfirm)
	await expect(page).toHaveURL(/\/danhmuc\/tram$/)
	await open(page, itemUrl)
	await confirmDelete(page, types.delete, types.deleteConfirm)
	await expect(page).toHaveURL(/\/danhmuc\/loaitram$/)
	await expectStatusMessage(page, format(types.deleted, { code }))
	await expect(page.getByRole('link', { name: code, exact: true })).toHaveCount(0)
})

test('an administrator imports a tool category from a file, exports the list and changes its label by importing it back', async ({
	page,
}) => {
	const user = await createUser({ prefix: 'ref-csv', roles: ['admin'] })
	await startSession(page, user)
	const categories = { ...en.referenceLists.toolCategories, ...catalogTexts('en', 'referenceLists.toolCategories') }
	const header = 'code,labelVn,labelEn,labelEs,labelDe,labelIt,labelRu,sortOrder,version'
	const code = `e2e_${test.info().project.name}_${randomBytes(3).toString('hex')}`
	const rowOf = (text: string) => page.getByRole('row').filter({ has: page.getByRole('link', { name: text, exact: true }) })

	await open(page, '/congcu/nhom')
	await page.getByRole('link', { name: en.csv.import }).click()
	await expect(page.getByRole('heading', { level: 1, name: categories.importTitle })).toBeVisible()
	await importFile(page, [header, `${code},Nhóm từ tệp ${code},Imported ${code},,,,,95,`].join('\r\n'))
	await expect(page).toHaveURL(/\/congcu\/nhom$/)
	await expectStatusMessage(page, format(en.csv.imported, { created: 1, updated: 0, unchanged: 0 }))
	await expect(rowOf(code)).toContainText(`Imported ${code}`)

	const downloading = page.waitForEvent('download')
	await page.getByRole('link', { name: en.csv.export }).click()
	const download = await downloading
	expect(download.suggestedFilename()).toMatch(/^nhom-cong-cu-\d{4}-\d{2}-\d{2}\.csv$/)
	const lines = (await downloadedText(download)).text
		.replace(/^\uFEFF/, '')
		.split('\r\n')
		.filter(Boolean)
	expect(lines[0]).toBe(header)
	const exported = lines.find((line) => line.startsWith(`${code},`))
	expect(exported).toBe(`${code},Nhóm từ tệp ${code},Imported ${code},,,,,95,1`)

	// A row without the version it was exported at would overwrite blindly: the file is refused.
	await expect(
		(await refusedImportReport(page, '/congcu/nhom/import', [header, exported!.replace(/,1$/, ',')].join('\r\n'))).getByRole('row'),
	).toHaveCount(2)

	// With its version, the label changes.
	await importFile(page, [header, exported!.replace(`Imported ${code}`, `Changed ${code}`)].join('\r\n'))
	await expect(page).toHaveURL(/\/congcu\/nhom$/)
	await expectStatusMessage(page, format(en.csv.imported, { created: 0, updated: 1, unchanged: 0 }))
	await expect(rowOf(code)).toContainText(`Changed ${code}`)
})

test('a viewer sees the tool categories but is offered no changes', async ({ page }) => {
	const user = await createUser({ prefix: 'ref-viewer', roles: ['viewer'] })
	await startSession(page, user)
	await open(page, '/congcu/nhom')
	await expect(page.getByRole('heading', { level: 1, name: en.referenceLists.toolCategories.title })).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: 'power_tool' })).toContainText('Power tools')
	await expect(page.getByRole('link', { name: catalogTexts('en', 'referenceLists.toolCategories').new })).toHaveCount(0)
	await page.getByRole('link', { name: 'power_tool', exact: true }).click()
	await expect(page.getByRole('button', { name: en.catalog.save })).toHaveCount(0)
	await expect(page.getByRole('link', { name: catalogTexts('en', 'referenceLists.toolCategories').delete })).toHaveCount(0)
	await expect(page.getByRole('button', { name: catalogTexts('en', 'referenceLists.toolCategories').delete })).toHaveCount(0)
})

test('an administrator ticks station types, exports just those, then deletes them together through the confirmation page', async ({
	page,
}) => {
	const user = await createUser({ prefix: 'ref-bulk', roles: ['admin'] })
	const marker = `e2e_${test.info().project.name}_${randomBytes(3).toString('hex')}`
	const items = [1, 2, 3].map((n) => ({ code: `${marker}_${n}`, labelVn: `Loại hàng loạt ${n}`, labelEn: `Bulk type ${n}` }))
	await addReferenceItems('stationTypes', items)
	await startSession(page, user)
	await open(page, `/danhmuc/loaitram?q=${marker}`)
	const ticked = [items[0]!, items[2]!]
	const tick = async () => {
		for (const item of ticked)
			await page.getByRole('checkbox', { name: format(en.bulk.select, { record: `${item.code} · ${item.labelEn}` }) }).check()
	}

	await tick()
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.bulk.exportSelected }).click()])
	expect(download.suggestedFilename()).toMatch(/^loai-tram-\d{4}-\d{2}-\d{2}\.csv$/)
	const lines = (await downloadedText(download)).text
		.replace(/^\uFEFF/, '')
		.trim()
		.split('\r\n')
	expect(lines).toEqual([
		'code,labelVn,labelEn,labelEs,labelDe,labelIt,labelRu,sortOrder,version',
		...ticked.map((item, index) => `${item.code},${item.labelVn},${item.labelEn},,,,,${500 + index * 2},1`),
	])

	await open(page, `/danhmuc/loaitram?q=${marker}`)
	await tick()
	await page.getByRole('button', { name: en.bulk.deleteSelected }).click()
	await expect(page.getByRole('heading', { level: 1, name: format(en.bulk.deleteTitle, { catalog: types.title }) })).toBeVisible()
	await expect(page.getByText(translate('en', 'bulk.deleteQuestion', { count: 2 }))).toBeVisible()
	for (const item of ticked)
		await expect(page.getByRole('row', { name: new RegExp(`^${escapeRegExp(item.code)} ${escapeRegExp(item.labelEn)} 1$`) })).toBeVisible()
	await page.getByRole('button', { name: translate('en', 'bulk.deleteConfirm', { count: 2 }) }).click()

	await expect(page).toHaveURL(new RegExp(`/danhmuc/loaitram\\?q=${marker}$`))
	await expectStatusMessage(page, translate('en', 'bulk.deleted', { count: 2 }))
	await expect(page.getByRole('link', { name: items[1]!.code, exact: true })).toBeVisible()
	for (const item of ticked) await expect(page.getByRole('link', { name: item.code, exact: true })).toHaveCount(0)
})

test('a viewer hides a column of the tool categories and saves a sorted view of them; neither touches the station types', async ({
	page,
}) => {
	const user = await createUser({ prefix: 'ref-views', roles: ['viewer'] })
	const views = en.listViews
	const order = en.referenceLists.fields.sortOrder
	const header = (label: string) => page.getByRole('columnheader', { name: new RegExp(`^${escapeRegExp(label)}`) })
	await startSession(page, user)
	await open(page, '/congcu/nhom?sort=code&dir=desc')
	await expect(header(order)).toBeVisible()
	// A viewer may only look: no ticking, no bulk buttons.
	await expect(page.getByRole('checkbox', { name: format(en.bulk.select, { record: 'vehicle · Vehicles' }) })).toHaveCount(0)
	await expect(page.getByRole('button', { name: en.bulk.exportSelected })).toHaveCount(0)
	await expect(page.getByRole('button', { name: en.bulk.deleteSelected })).toHaveCount(0)

	await page.getByText(views.columns, { exact: true }).click()
	await page.getByRole('group', { name: views.columnsLegend }).getByLabel(order, { exact: true }).uncheck()
	await page.getByRole('button', { name: views.saveColumns }).click()
	await expectStatusMessage(page, views.columnsSaved)
	await expect(header(order)).toHaveCount(0)
	await expect(header(en.referenceLists.toolCategories.usage)).toBeVisible()

	await page.getByText(views.saveView, { exact: true }).click()
	await page.getByLabel(views.viewName, { exact: true }).fill('Z to A')
	await page.getByRole('button', { name: views.saveViewButton }).click()
	await expectStatusMessage(page, format(views.viewSaved, { name: 'Z to A' }))

	await open(page, '/congcu/nhom')
	await page.getByRole('navigation', { name: views.savedViews }).getByRole('link', { name: 'Z to A' }).click()
	await expect(page).toHaveURL(/\/congcu\/nhom\?sort=code&dir=desc$/)
	// By code, descending: the last of the built-in codes first.
	await expect(page.getByRole('rowheader').first()).toHaveText('vehicle')

	await open(page, '/danhmuc/loaitram')
	await expect(header(order)).toBeVisible()
	await expect(page.getByRole('navigation', { name: views.savedViews }).getByRole('link', { name: 'Z to A' })).toHaveCount(0)
})
