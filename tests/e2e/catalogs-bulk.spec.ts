import { expectNoAxeViolations } from './axe'
import { downloadedText, ensureDemoData, expectStatusMessage, uniqueCode } from './catalogs-support'
import { addStations } from './database'
import { javaScriptEnabled } from './shell-support'
import { createUser, en, escapeRegExp, expect, format, open, test, translate, startSession, waitForApp } from './support'

test.use({ language: 'en' })

// The demo catalogs are seeded only into empty tables: seed them before this spec adds stations of its own,
// or a list test running after it would find these few instead of the demo data.
test.beforeAll(() => ensureDemoData())

test('Selected stations are deleted together through the confirmation page', async ({ page }) => {
	const user = await createUser({ prefix: 'bulk', roles: ['operator'] })
	const marker = uniqueCode('BULK')
	const codes = [`${marker}-1`, `${marker}-2`]
	const name = `Bulk ${marker}`
	await addStations(codes, name)
	await startSession(page, user)
	await open(page, `/danhmuc/tram?q=${marker}`)

	// Nothing ticked: with JavaScript the buttons wait for a row; without, the server answers on the list.
	const [deleteSelected, exportSelected] = [
		page.getByRole('button', { name: en.bulk.deleteSelected }),
		page.getByRole('button', { name: en.bulk.exportSelected }),
	]
	const first = page.getByRole('checkbox', { name: format(en.bulk.select, { record: `${codes[0]} · ${name}` }) })
	if (javaScriptEnabled()) {
		await waitForApp(page)
		await expect(deleteSelected).toBeDisabled()
		await expect(exportSelected).toBeDisabled()
		await first.check()
		await expect(deleteSelected).toBeEnabled()
		await expect(exportSelected).toBeEnabled()
		await first.uncheck()
		await expect(deleteSelected).toBeDisabled()
		await page.getByRole('checkbox', { name: en.bulk.selectAll }).check()
		await expect(deleteSelected).toBeEnabled()
		await page.getByRole('checkbox', { name: en.bulk.selectAll }).uncheck()
		await expect(exportSelected).toBeDisabled()
	} else {
		await deleteSelected.click()
		await expect(page).toHaveURL(new RegExp(`/danhmuc/tram\\?q=${marker}$`))
		await expectStatusMessage(page, en.bulk.problems.empty)
	}

	for (const code of codes) await page.getByRole('checkbox', { name: format(en.bulk.select, { record: `${code} · ${name}` }) }).check()
	await expectNoAxeViolations(page, '#main')
	await deleteSelected.click()

	await expect(page.getByRole('heading', { level: 1, name: format(en.bulk.deleteTitle, { catalog: en.stations.title }) })).toBeVisible()
	await expect(page.getByText(translate('en', 'bulk.deleteQuestion', { count: 2 }))).toBeVisible()
	for (const code of codes) await expect(page.getByRole('rowheader', { name: code, exact: true })).toBeVisible()
	await expectNoAxeViolations(page, '#main')
	await page.getByRole('button', { name: translate('en', 'bulk.deleteConfirm', { count: 2 }) }).click()

	await expect(page).toHaveURL(new RegExp(`/danhmuc/tram\\?q=${marker}$`))
	await expectStatusMessage(page, translate('en', 'bulk.deleted', { count: 2 }))
	await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
})

test('"Export selected" downloads the CSV of the ticked stations only; "Print labels" makes their labels', async ({ page }) => {
	const user = await createUser({ prefix: 'bulk-csv', roles: ['operator'] })
	const marker = uniqueCode('BULKX')
	const codes = [`${marker}-1`, `${marker}-2`, `${marker}-3`]
	const name = `Bulk ${marker}`
	await addStations(codes, name)
	await startSession(page, user)
	await open(page, `/danhmuc/tram?q=${marker}`)

	for (const code of [codes[0]!, codes[2]!])
		await page.getByRole('checkbox', { name: format(en.bulk.select, { record: `${code} · ${name}` }) }).check()
	const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: en.bulk.exportSelected }).click()])
	expect(download.suggestedFilename()).toMatch(/^tram-\d{4}-\d{2}-\d{2}\.csv$/)
	const { text } = await downloadedText(download)
	const lines = text
		.replace(/^\uFEFF/, '')
		.trim()
		.split('\r\n')
	expect(lines.map((line) => line.split(',')[0])).toEqual(['code', codes[0], codes[2]])

	// The same ticks print labels: each with a QR code made on the server and the record's address under it.
	await page.getByRole('button', { name: en.labels.print }).click()
	await expect(page.getByRole('heading', { level: 1, name: format(en.labels.title, { catalog: en.stations.title }) })).toBeVisible()
	const sheet = page.getByRole('list', { name: en.labels.sheet })
	await expect(sheet.getByRole('listitem')).toHaveCount(2)
	await expectNoAxeViolations(page, '#main')
	for (const code of [codes[0]!, codes[2]!]) {
		const label = sheet.getByRole('listitem').filter({ hasText: code })
		await expect(label.getByRole('img', { name: format(en.labels.qrLabel, { code }) }).locator('svg')).toHaveCount(1)
		await expect(label.getByText(new RegExp(`^${escapeRegExp(new URL(page.url()).origin)}/danhmuc/tram/\\d+$`))).toBeVisible()
	}
	// On paper: the labels alone, three across.
	await page.emulateMedia({ media: 'print' })
	await expect(page.locator('.topbar')).toBeHidden()
	await expect(page.getByRole('heading', { level: 1 })).toBeHidden()
	expect((await sheet.evaluate((element) => getComputedStyle(element).gridTemplateColumns)).split(' ')).toHaveLength(3)
})
