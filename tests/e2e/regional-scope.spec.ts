import { parseCsv } from '~/catalogs/csv'
import { downloadedText, ensureDemoData, refusedImportReport, uniqueCode } from './catalogs-support'
import { topBar } from './shell-support'
import { createUser, en, expect, format, open, startSession, test } from './support'

test.use({ language: 'en' })

test.beforeAll(() => ensureDemoData())

test('an administrator scopes an operator to one province; the operator reads, counts, searches, exports, imports and writes there only', async ({
	page,
	secondPage,
}) => {
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

	await test.step('the station form offers An Giang only', async () => {
		await open(secondPage, '/danhmuc/tram/new')
		await expect(secondPage.getByLabel(en.stations.fields.province, { exact: true }).getByRole('option')).toHaveText([
			en.catalog.choose,
			'An Giang',
		])
	})

	const anGiang = await test.step('the administrator finds how many stations An Giang has, and a station of Hà Nội', async () => {
		await open(page, '/danhmuc/tram?province=an-giang')
		const summary = (await page.getByText(/^Showing 1–/).textContent())?.trim() ?? ''
		// A row's first link is the record's code.
		const firstCode = () => page.getByRole('table').getByRole('row').nth(1).getByRole('link').first().innerText()
		const code = await firstCode()
		await open(page, '/danhmuc/tram?province=ha-noi')
		const elsewhere = await firstCode()
		return { summary, total: summary.split(' ').at(-1) ?? '', code, elsewhere }
	})

	await test.step("the operator's dashboard and list count An Giang's stations", async () => {
		await open(secondPage, '/dashboard')
		await expect(
			secondPage.getByRole('link', { name: format(en.dashboard.totalOf, { title: en.dashboard.stations, total: anGiang.total }) }),
		).toBeVisible()
		await open(secondPage, '/danhmuc/tram')
		await expect(secondPage.getByText(anGiang.summary, { exact: true })).toBeVisible()
	})

	await test.step('the search finds a station of An Giang, not one of Hà Nội', async () => {
		const search = async (query: string) => {
			const box = topBar(secondPage).getByRole('searchbox', { name: en.search.label })
			await box.fill(query)
			await box.press('Enter')
			await expect(secondPage.getByRole('heading', { level: 1, name: en.search.title })).toBeVisible()
		}
		await search(anGiang.code)
		await expect(secondPage.getByRole('link', { name: anGiang.code })).toBeVisible()
		await search(anGiang.elsewhere)
		await expect(secondPage.getByText(format(en.search.noResults, { query: anGiang.elsewhere }))).toBeVisible()
	})

	await test.step('the export holds the stations of An Giang only', async () => {
		await open(secondPage, '/danhmuc/tram')
		const downloading = secondPage.waitForEvent('download')
		await secondPage.getByRole('link', { name: en.csv.export }).click()
		const parsed = parseCsv((await downloadedText(await downloading)).text.replace(/^\uFEFF/, ''))
		if (!parsed.ok) throw new Error(`the export is not CSV (line ${parsed.line})`)
		const [header = [], ...rows] = parsed.records.map((record) => record.fields)
		const province = header.indexOf('province')
		expect(rows.map((row) => row[province])).toEqual(Array.from({ length: Number(anGiang.total.replace(/,/g, '')) }, () => 'an-giang'))
	})

	await test.step('an import with a row of Hà Nội is refused on that row, nothing written', async () => {
		const inside = uniqueCode('SCI')
		const file = [
			'code,name,type,province,address,latitude,longitude,status,commissionedAt,note,version',
			`${inside},Trạm trong phạm vi,bts,an-giang,,,,active,,,`,
			`${uniqueCode('SCO')},Trạm ngoài phạm vi,bts,ha-noi,,,,active,,,`,
		].join('\r\n')
		const report = await refusedImportReport(secondPage, '/danhmuc/tram/import', file)
		await expect(report.getByRole('row')).toHaveCount(2)
		await expect(report.getByRole('row').nth(1)).toContainText(en.scope.errors.importRow)
		await expect(report.getByRole('row').nth(1)).toContainText(/^3\s*province/)
		await open(secondPage, `/danhmuc/tram?q=${inside}`)
		await expect(secondPage.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
	})
})
