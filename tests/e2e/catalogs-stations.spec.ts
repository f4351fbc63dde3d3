import {
	columnTexts,
	columnTextsOnceThey,
	downloadedText,
	ensureDemoData,
	expectStatusMessage,
	importFile,
	plain,
	refusedImportReport,
	searchForm,
	uniqueCode,
} from './catalogs-support'
import {
	createUser,
	catalogTexts,
	en,
	escapeRegExp,
	expect,
	expectErrorSummary,
	expectFieldError,
	format,
	open,
	startSession,
	test,
	waitForApp,
	translate,
} from './support'
import type { Page } from '@playwright/test'
import { expectHeaderActionsFreeOfToast, holdTimers, javaScriptEnabled, releaseTimers } from './shell-support'

test.use({ language: 'en' })
// Each test walks through several pages (two browsers for the conflict): more than the default 30 s on a busy machine.
test.describe.configure({ timeout: 90_000 })

test.beforeAll(() => ensureDemoData())

const stations = { ...en.stations, ...catalogTexts('en', 'stations') }
const fields = en.stations.fields

/** Fills the station form on the page (new or edit). */
async function fillStation(
	page: Page,
	values: {
		code?: string
		name?: string
		type?: string
		province?: string
		latitude?: string
		longitude?: string
		status?: string
		commissionedAt?: string
		note?: string
	},
) {
	const form = page.getByRole('form', { name: stations.formLabel })
	if (values.code !== undefined) await form.getByLabel(fields.code, { exact: true }).fill(values.code)
	if (values.name !== undefined) await form.getByLabel(fields.name, { exact: true }).fill(values.name)
	if (values.type !== undefined) await form.getByLabel(fields.type, { exact: true }).selectOption(values.type)
	if (values.province !== undefined) await form.getByLabel(fields.province, { exact: true }).selectOption(values.province)
	if (values.latitude !== undefined) await form.getByLabel(fields.latitude, { exact: true }).fill(values.latitude)
	if (values.longitude !== undefined) await form.getByLabel(fields.longitude, { exact: true }).fill(values.longitude)
	if (values.status !== undefined) await form.getByLabel(fields.status, { exact: true }).selectOption(values.status)
	if (values.commissionedAt !== undefined) await form.getByLabel(fields.commissionedAt, { exact: true }).fill(values.commissionedAt)
	if (values.note !== undefined) await form.getByLabel(fields.note, { exact: true }).fill(values.note)
}

/** Creates a station through the form; the page ends on its record. */
async function createStation(page: Page, name: string) {
	const code = uniqueCode('E2E')
	await open(page, '/danhmuc/tram/new')
	await fillStation(page, {
		code,
		name,
		type: 'substation',
		province: 'da-nang',
		latitude: '16.054407',
		longitude: '108.202167',
		commissionedAt: '2020-05-17',
	})
	await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
	await expect(page).toHaveURL(/\/danhmuc\/tram\/\d+$/)
	await expect(page.getByRole('heading', { level: 1, name: `${code} · ${name}` })).toBeVisible()
	return { code, url: new URL(page.url()).pathname }
}

test.describe('The station list', () => {
	test('searches without accents, filters, sorts and pages, all in the address', async ({ page }) => {
		const user = await createUser({ prefix: 'st-list', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/danhmuc/tram')
		await expect(page.getByRole('heading', { level: 1, name: stations.title })).toBeVisible()
		const table = page.getByRole('table')
		await expect(table).toHaveAccessibleName(
			format(en.list.caption, { name: stations.title, column: fields.code, direction: en.list.ascending }),
		)

		// Search typed without accents finds "Cầu Giấy".
		const search = searchForm(page, stations.searchForm)
		await search.getByLabel(en.list.search, { exact: true }).fill('cau giay')
		await search.getByRole('button', { name: en.list.apply }).click()
		await expect(page).toHaveURL(/\?q=cau\+giay$/)
		await columnTextsOnceThey(
			page,
			1,
			(names) => names.length > 0 && names.every((name) => plain(name).includes('cau giay')),
			'every name found contains the words searched',
		)

		// A filter narrows the search.
		await search.getByLabel(fields.status, { exact: true }).selectOption('maintenance')
		await search.getByRole('button', { name: en.list.apply }).click()
		await expect(page).toHaveURL(/status=maintenance/)
		await columnTextsOnceThey(
			page,
			4,
			(statuses) => statuses.every((status) => status === stations.statuses.maintenance),
			'only stations in maintenance',
		)

		// Sorting by a column header, then the other way.
		await open(page, '/danhmuc/tram?type=weather')
		await page.getByRole('link', { name: new RegExp(`^${fields.name}`) }).click()
		await expect(page).toHaveURL(/sort=name/)
		await expect(page.getByRole('columnheader', { name: new RegExp(`^${fields.name}`) })).toHaveAttribute('aria-sort', 'ascending')
		const isSorted = (names: string[], dir: 'asc' | 'desc') => {
			const plainNames = names.map(plain)
			const sorted = [...plainNames].sort()
			return names.length > 1 && JSON.stringify(plainNames) === JSON.stringify(dir === 'asc' ? sorted : sorted.reverse())
		}
		await columnTextsOnceThey(page, 1, (names) => isSorted(names, 'asc'), 'names in ascending order')
		await page.getByRole('link', { name: new RegExp(`^${fields.name}`) }).click()
		await expect(page).toHaveURL(/dir=desc/)
		await expect(page.getByRole('columnheader', { name: new RegExp(`^${fields.name}`) })).toHaveAttribute('aria-sort', 'descending')
		await columnTextsOnceThey(page, 1, (names) => isSorted(names, 'desc'), 'names in descending order')

		// Ten a page, then the next page; the address keeps it all.
		await open(page, '/danhmuc/tram')
		await search.getByLabel(en.list.pageSize).selectOption('10')
		await search.getByRole('button', { name: en.list.apply }).click()
		await expect(page).toHaveURL(/size=10/)
		await expect(page.locator('table.catalog-table tbody tr')).toHaveCount(10)
		const firstPage = await columnTexts(page, 0)
		const pages = page.getByRole('navigation', { name: en.list.pagination })
		await pages.getByRole('link', { name: en.list.next }).click()
		await expect(page).toHaveURL(/page=2&size=10/)
		await expect(pages.getByRole('link', { name: format(en.list.pageNumber, { page: 2 }) })).toHaveAttribute('aria-current', 'page')
		const secondPage = await columnTexts(page, 0)
		expect(secondPage).toHaveLength(10)
		expect(secondPage.filter((code) => firstPage.includes(code))).toEqual([])

		// A bookmark opens the same view.
		await open(page, page.url())
		expect(await columnTexts(page, 0)).toEqual(secondPage)
	})

	test('says so when nothing matches, with a way back', async ({ page }) => {
		const user = await createUser({ prefix: 'st-empty', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, `/danhmuc/tram?q=${uniqueCode('NONE')}`)
		await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
		await page.getByRole('link', { name: en.list.clear }).first().click()
		await expect(page).toHaveURL(/\/danhmuc\/tram$/)
		await expect(page.locator('table.catalog-table tbody tr')).toHaveCount(25)
	})
})

test.describe('An operator', () => {
	test('creates, edits and deletes a station', async ({ page }) => {
		const user = await createUser({ prefix: 'st-crud', roles: ['operator'] })
		// The page's timers are the test's, so that a message which fades after three seconds is still there
		// while its place is measured, however slow the machine.
		if (javaScriptEnabled()) await page.clock.install()
		await startSession(page, user)
		await open(page, '/danhmuc/tram')
		await page.getByRole('link', { name: stations.new }).first().click()
		await expect(page.getByRole('heading', { level: 1, name: stations.new })).toBeVisible()
		await waitForApp(page)

		// A bad value is explained next to its field; the rest is kept.
		const code = uniqueCode('NEW')
		await fillStation(page, { code, name: 'Trạm thử nghiệm Đà Nẵng', type: 'bts', province: 'da-nang', latitude: '95', longitude: '108.2' })
		await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
		const form = page.getByRole('form', { name: stations.formLabel })
		const summary = await expectErrorSummary(page, [`${fields.latitude}: ${stations.errors.latitudeRange}`])
		await expectFieldError(form.getByLabel(fields.latitude, { exact: true }), stations.errors.latitudeRange)
		await expect(form.getByLabel(fields.name, { exact: true })).toHaveValue('Trạm thử nghiệm Đà Nẵng')
		// The summary's entry leads to its field.
		await summary.getByRole('link', { name: `${fields.latitude}: ${stations.errors.latitudeRange}` }).click()
		await expect(page).toHaveURL(/#field-latitude$/)
		await expect(form.getByLabel(fields.latitude, { exact: true })).toBeInViewport()

		await fillStation(page, { latitude: '16.0544' })
		await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
		await expect(page).toHaveURL(/\/danhmuc\/tram\/\d+$/)
		await expectStatusMessage(page, format(stations.created, { code }))
		await expect(page.getByRole('heading', { level: 1, name: `${code} · Trạm thử nghiệm Đà Nẵng` })).toBeVisible()

		// Edit: the change and its history.
		await fillStation(page, { name: 'Trạm thử nghiệm Hội An', status: 'maintenance' })
		await holdTimers(page)
		await page.getByRole('button', { name: en.catalog.save }).click()
		await expectStatusMessage(page, format(stations.saved, { code }))
		await expect(page.getByRole('heading', { level: 1, name: `${code} · Trạm thử nghiệm Hội An` })).toBeVisible()
		// The message covers none of the page's actions (Delete here), on a desktop or a phone.
		await expectHeaderActionsFreeOfToast(page, page.getByRole('status').filter({ hasText: format(stations.saved, { code }) }), en)
		await releaseTimers(page)
		const history = page.getByRole('table', { name: en.catalog.history.title })
		await expect(history.getByRole('row')).toHaveCount(3)
		await expect(history).toContainText(en.catalog.history.actions.updated)
		await expect(history).toContainText('Trạm thử nghiệm Đà Nẵng → Trạm thử nghiệm Hội An')

		// Delete, confirmed: a page without JavaScript, a dialog with it.
		await page.getByRole(test.info().project.name === 'js' ? 'button' : 'link', { name: stations.delete }).click()
		if (test.info().project.name === 'js') {
			await expect(page.getByRole('dialog', { name: stations.delete })).toBeVisible()
		} else {
			await expect(page.getByRole('heading', { level: 1, name: format(stations.deleteTitle, { code }) })).toBeVisible()
		}
		await holdTimers(page)
		await page.getByRole('button', { name: stations.deleteConfirm }).click()
		await expect(page).toHaveURL(/\/danhmuc\/tram$/)
		await expectStatusMessage(page, format(stations.deleted, { code }))
		await expectHeaderActionsFreeOfToast(page, page.getByRole('status').filter({ hasText: format(stations.deleted, { code }) }), en)
		await releaseTimers(page)
		await open(page, `/danhmuc/tram?q=${code}`)
		await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
	})

	test('cannot delete a station that still has tools, and is told why', async ({ page }) => {
		const user = await createUser({ prefix: 'st-refuse', roles: ['operator'] })
		await startSession(page, user)
		const name = `Trạm có công cụ ${uniqueCode('X')}`
		const station = await createStation(page, name)

		// A tool at that station.
		await open(page, '/congcu/list/new')
		const toolCode = uniqueCode('CC')
		const toolForm = page.getByRole('form', { name: catalogTexts('en', 'tools').formLabel })
		await toolForm.getByLabel(en.tools.fields.code, { exact: true }).fill(toolCode)
		await toolForm.getByLabel(en.tools.fields.name, { exact: true }).fill('Ampe kìm Hioki')
		await toolForm.getByLabel(en.tools.fields.category, { exact: true }).selectOption('measuring')
		await toolForm.getByLabel(en.tools.fields.stationId, { exact: true }).selectOption({ label: `${station.code} · ${name}` })
		await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
		await expect(page).toHaveURL(/\/congcu\/list\/\d+$/)

		await open(page, station.url)
		await page.getByRole(test.info().project.name === 'js' ? 'button' : 'link', { name: stations.delete }).click()
		await page.getByRole('button', { name: stations.deleteConfirm }).click()
		await expect(page.getByRole('alert')).toContainText(translate('en', 'stations.deleteRefused', { count: 1 }))
		await open(page, station.url)
		await expect(page.getByRole('heading', { level: 1, name: `${station.code} · ${name}` })).toBeVisible()
	})

	test('whose save comes after someone else’s is refused, keeping what they typed', async ({ page, secondPage }) => {
		const first = await createUser({ prefix: 'st-first', roles: ['operator'] })
		const second = await createUser({ prefix: 'st-second', roles: ['operator'] })
		await startSession(page, first)
		const station = await createStation(page, `Trạm tranh chấp ${uniqueCode('C')}`)
		await startSession(secondPage, second)
		await open(secondPage, station.url)

		// Both have version 1 open; the first saves.
		await fillStation(page, { name: 'Tên của người thứ nhất' })
		await page.getByRole('button', { name: en.catalog.save }).click()
		await expectStatusMessage(page, format(stations.saved, { code: station.code }))

		// The second saves over a version that is gone.
		await fillStation(secondPage, { name: 'Tên của người thứ hai' })
		await secondPage.getByRole('button', { name: en.catalog.save }).click()
		await expect(secondPage.getByRole('alert')).toContainText(en.catalog.conflict.title)
		await expect(secondPage.getByRole('alert')).toContainText('Tên của người thứ nhất')
		await expect(secondPage.getByRole('form', { name: stations.formLabel }).getByLabel(fields.name, { exact: true })).toHaveValue(
			'Tên của người thứ hai',
		)

		// Nothing was overwritten.
		await open(page, station.url)
		await expect(page.getByRole('heading', { level: 1, name: `${station.code} · Tên của người thứ nhất` })).toBeVisible()
	})

	test('exports the current filter and imports a file, with a report of its bad rows', async ({ page }) => {
		const user = await createUser({ prefix: 'st-csv', roles: ['operator'] })
		await startSession(page, user)

		await open(page, '/danhmuc/tram?q=cau+giay&sort=name')
		const downloading = page.waitForEvent('download')
		await page.getByRole('link', { name: en.csv.export }).click()
		const download = await downloading
		expect(download.suggestedFilename()).toMatch(/^tram-\d{4}-\d{2}-\d{2}\.csv$/)
		const { bytes, text } = await downloadedText(download)
		expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const lines = text
			.replace(/^\uFEFF/, '')
			.split('\r\n')
			.filter(Boolean)
		expect(lines[0]).toBe('code,name,type,province,address,latitude,longitude,status,commissionedAt,note,version')
		expect(lines.length).toBeGreaterThan(1)
		for (const line of lines.slice(1)) expect(plain(line)).toContain('cau giay')

		// A file with good and bad rows: nothing is written, each problem has its line.
		const good = [uniqueCode('IMP'), uniqueCode('IMP')]
		const header = lines[0]
		const mixed = [
			header,
			`${good[0]},Trạm nhập một,bts,Hà Nội,,,,active,2021-01-01,,`,
			`bad code,Trạm lỗi,bts,ha-noi,,,,active,,,`,
			`${good[1]},Trạm nhập hai,pumping,hue,,91,105,inactive,,,`,
		].join('\r\n')
		const report = await refusedImportReport(page, '/danhmuc/tram/import', mixed)
		await expect(report.getByRole('row')).toHaveCount(3)
		await expect(report.getByRole('row').nth(1)).toContainText(new RegExp(`^3\\s*code\\s*${escapeRegExp(en.catalog.errors.codeFormat)}`))
		await expect(report.getByRole('row').nth(2)).toContainText(
			new RegExp(`^4\\s*latitude\\s*${escapeRegExp(en.stations.errors.latitudeRange)}`),
		)
		await open(page, `/danhmuc/tram?q=${good[0]}`)
		await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()

		// The corrected file imports.
		await open(page, '/danhmuc/tram/import')
		await importFile(page, mixed.replace('bad code,Trạm lỗi', `${uniqueCode('IMP')},Trạm đã sửa`).replace(',91,105,', ',16.5,107.6,'))
		await expect(page).toHaveURL(/\/danhmuc\/tram$/)
		await expectStatusMessage(page, format(en.csv.imported, { created: 3, updated: 0, unchanged: 0 }))
		await open(page, `/danhmuc/tram?q=${good[1]}`)
		await expect(page.getByRole('table').getByRole('row')).toHaveCount(2)
	})
})

test.describe('A large import', () => {
	test('runs in the background and ends in the report of its problems, nothing written', async ({ page }) => {
		const user = await createUser({ prefix: 'st-bulk', roles: ['operator'] })
		await startSession(page, user)
		// Over 2 MB (long addresses and notes in few rows, so that the import is short: on SQLite it holds the
		// database while it runs), so imported in the background. Its last row is wrong, so nothing is written.
		const prefix = uniqueCode('BULK')
		const rows = Array.from(
			{ length: 1_000 },
			(_, i) => `${prefix}-${i},Trạm số ${i},bts,hue,${'Đường '.repeat(80)},,,active,,${'Ghi chú dài. '.repeat(150)},`,
		)
		rows[rows.length - 1] = `${prefix}-LAST,Trạm cuối,bts,hue,,,,unknown,,,`
		const file = ['code,name,type,province,address,latitude,longitude,status,commissionedAt,note,version', ...rows].join('\r\n')
		expect(file.length).toBeGreaterThan(2 * 1024 * 1024)
		// The progress page (refreshed by itself without JavaScript, polled with it) ends in the report.
		const report = await refusedImportReport(page, '/danhmuc/tram/import', file, { timeout: 60_000 })
		await expect(page).toHaveURL(/\/danhmuc\/tram\/import\?job=/)
		await expect(report.getByRole('row')).toHaveCount(2)
		await expect(report.getByRole('row').nth(1)).toContainText(/^1001\s*status/)
		await open(page, `/danhmuc/tram?q=${prefix}-0`)
		await expect(page.getByRole('heading', { name: en.list.noMatchTitle })).toBeVisible()
	})
})

test.describe('A viewer', () => {
	test('sees stations without any control to change them, and is refused when posting anyway', async ({ page }) => {
		const user = await createUser({ prefix: 'st-viewer', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/danhmuc/tram')
		await expect(page.getByRole('heading', { level: 1, name: stations.title })).toBeVisible()
		await expect(page.getByRole('link', { name: stations.new })).toHaveCount(0)
		await expect(page.getByRole('link', { name: en.csv.export })).toHaveCount(0)
		await expect(page.getByRole('link', { name: en.csv.import })).toHaveCount(0)

		await page.locator('table.catalog-table tbody tr').first().getByRole('link').first().click()
		await expect(page).toHaveURL(/\/danhmuc\/tram\/\d+$/)
		await expect(page.getByRole('heading', { name: en.catalog.history.title })).toBeVisible()
		await expect(page.getByRole('button', { name: en.catalog.save })).toHaveCount(0)
		await expect(page.getByRole('link', { name: stations.delete })).toHaveCount(0)
		await expect(page.getByRole('button', { name: stations.delete })).toHaveCount(0)

		const url = new URL(page.url()).pathname
		const update = await page.request.post(url, { form: { code: 'HACK-1', name: 'Sửa trái phép', version: '1' } })
		expect(update.status()).toBe(403)
		const remove = await page.request.post(url, { form: { intent: 'delete' } })
		expect(remove.status()).toBe(403)
		const create = await page.request.post('/danhmuc/tram/new', { form: { code: 'HACK-2', name: 'Tạo trái phép' } })
		expect(create.status()).toBe(403)
		expect((await page.request.get('/danhmuc/tram/export.csv')).status()).toBe(403)
		await open(page, '/danhmuc/tram/new')
		await expect(page.getByRole('heading', { name: en.errors.forbiddenTitle })).toBeVisible()
	})
})
