import { catalogTexts, translate } from '../support/translate'
import { errorSummary, hrefs, parseHtml } from '../support/html'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createStation } from '~/catalogs/stations/stations.server'
import { demoStations } from '~/catalogs/demo-stations'
import { DEFAULT_PAGE_SIZE } from '~/lists/list-query'
import { createTool } from '~/catalogs/tools/tools.server'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { getDb } from '~/db/db.server'
import { location } from '../support/client'
import {
	alerts,
	fieldError,
	fieldValue,
	format,
	getPage,
	listedCodes,
	signedIn,
	stationFields,
	toolFields,
	uniqueCode,
	vn,
} from '../support/catalogs'
import { startServer, type RunningServer } from '../support/server'

const vnStations = catalogTexts('vn', 'stations')
let server: RunningServer
let operator: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	operator = await signedIn(server, ['operator'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** Creates a station directly (test set-up), returning its id. */
async function seedStation(overrides: Record<string, string> = {}) {
	const parsed = stationSchema.parse(stationFields(overrides))
	const result = await createStation(parsed, operator.actor)
	if (!result.ok) throw new Error(`could not create station: ${result.reason}`)
	return { id: result.id, code: parsed.code }
}

/** The column headers marked sorted ascending (`aria-sort`), each as its text and the address its sort link leads to. */
function ascendingHeaders(html: string) {
	return parseHtml(html)
		.querySelectorAll('th[scope="col"][aria-sort="ascending"]')
		.map((header) => ({
			text: header.text,
			link: new URL(header.querySelector(':scope > a')?.getAttribute('href') ?? '', 'http://portal.test'),
		}))
}

/** The changes a record's history lists: the line as read, the old value struck out (`del`), the new one marked inserted (`ins`). */
function historyChanges(html: string) {
	return parseHtml(html)
		.querySelectorAll('ul.history-changes > li')
		.map((change) => ({ text: change.text, from: change.querySelector('del')?.text, to: change.querySelector('ins')?.text }))
}

async function stationRow(id: number) {
	return getDb().selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirst()
}

describe('creating a station', () => {
	test('the new form preselects the default status, and shows it again when a post sent none', async () => {
		const blank = await (await operator.client.get('/danhmuc/tram/new')).text()
		expect(fieldValue(blank, 'status')).toBe('active')
		const response = await operator.client.post('/danhmuc/tram/new', stationFields({ status: '', type: '' }))
		const refused = await response.text()
		expect(response.status).toBe(400)
		expect(fieldError(refused, 'status')).toBe(vn.validation.required)
		expect(fieldValue(refused, 'status')).toBe('active')
		expect(fieldValue(refused, 'type')).toBe('')
	})

	test('a valid form creates it, audits it and opens it with a message', async () => {
		const fields = stationFields({ name: 'Trạm biến áp Đà Nẵng 1', province: 'da-nang', note: 'Dòng một\ndòng hai' })
		const response = await operator.client.post('/danhmuc/tram/new', fields)
		expect(response.status).toBe(302)
		const target = location(response)!
		expect(target).toMatch(/^\/danhmuc\/tram\/\d+$/)
		const page = await operator.client.get(target)
		const html = await page.text()
		expect(page.status).toBe(200)
		expect(html).toContain(format(vnStations.created, { code: fields.code! }))
		expect(fieldValue(html, 'name')).toBe('Trạm biến áp Đà Nẵng 1')
		expect(fieldValue(html, 'province')).toBe('da-nang')
		expect(fieldValue(html, 'latitude')).toBe('21.028511')
		expect(fieldValue(html, 'note')).toBe('Dòng một\ndòng hai')
		expect(fieldValue(html, 'version')).toBe('1')

		const id = Number(target.split('/').pop())
		const row = await stationRow(id)
		expect(row).toMatchObject({
			code: fields.code,
			latitude_e6: 21_028_511,
			longitude_e6: 105_804_817,
			version: 1,
			created_by: operator.user.id,
		})
		expect(row!.search_text).toContain('tram bien ap da nang 1')
		const audit = await getDb()
			.selectFrom('audit_log')
			.selectAll()
			.where('entity', '=', 'station')
			.where('entity_id', '=', String(id))
			.execute()
		expect(audit.map((entry) => entry.action)).toEqual(['station.created'])
		expect(JSON.parse(audit[0]!.details!)).toMatchObject({
			code: fields.code,
			changes: { name: { from: '', to: 'Trạm biến áp Đà Nẵng 1' } },
		})
		expect(audit[0]!.actor_user_id).toBe(operator.user.id)
	})

	const tooLong = (n: number) => 'x'.repeat(n)
	test.each([
		['code', '', vn.validation.required],
		['code', 'hn-001', vn.catalog.errors.codeFormat],
		['code', 'HN 001', vn.catalog.errors.codeFormat],
		['code', `A${'1'.repeat(20)}`, format(vn.validation.tooLong, { max: 20 })],
		['name', '  ', vn.validation.required],
		['name', tooLong(201), format(vn.validation.tooLong, { max: 200 })],
		['name', 'Tab\tinside', vn.catalog.errors.controlCharacters],
		['type', 'castle', vn.catalog.errors.invalidChoice],
		['type', '', vn.validation.required],
		['province', 'Atlantis', vn.catalog.errors.invalidChoice],
		['address', tooLong(501), format(vn.validation.tooLong, { max: 500 })],
		['latitude', '90.5', vn.stations.errors.latitudeRange],
		['latitude', '-91', vn.stations.errors.latitudeRange],
		['latitude', 'north', vn.catalog.errors.coordinateFormat],
		['latitude', '21.1234567', vn.catalog.errors.coordinateScale],
		['longitude', '181', vn.stations.errors.longitudeRange],
		['longitude', '', vn.stations.errors.coordinatesPair],
		['status', 'closed', vn.catalog.errors.invalidChoice],
		['commissionedAt', '2019-02-30', vn.catalog.errors.dateFormat],
		['commissionedAt', '30/01/2019', vn.catalog.errors.dateFormat],
		['commissionedAt', '2999-01-01', vn.catalog.errors.dateInFuture],
		['commissionedAt', '1850-01-01', format(vn.catalog.errors.dateTooEarly, { min: '1900-01-01' })],
		['note', tooLong(2001), format(vn.validation.tooLong, { max: 2000 })],
	])('%s = %j is refused with its message; the other values are kept; nothing is written', async (field, value, message) => {
		const fields = stationFields({ [field]: value, name: field === 'name' ? value : 'Giữ lại tên này' })
		const response = await operator.client.post('/danhmuc/tram/new', fields)
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(fieldError(html, field)).toBe(message)
		expect(errorSummary(html)?.title).toBe(vn.validation.summaryTitle)
		expect(errorSummary(html)?.items).toContain(`${vn.stations.fields[field as keyof typeof vn.stations.fields]}: ${message}`)
		if (field !== 'name') expect(fieldValue(html, 'name')).toBe('Giữ lại tên này')
		if (field !== 'code') expect(fieldValue(html, 'code')).toBe(fields.code)
		const written = await getDb()
			.selectFrom('stations')
			.select('id')
			.where('code', '=', fields.code ?? '')
			.execute()
		expect(written).toEqual([])
	})

	test('Vietnamese text comes back intact (no stray bytes where the renderer’s 2 kB buffers meet)', async () => {
		// Short texts of three-byte characters, shifted one byte at a time: some of them straddle a buffer edge.
		const address = 'Số 12 đường Nguyễn Thị Minh Khai, phường Bến Nghé'
		const note = 'Ghi chú: cần kiểm tra hệ thống tiếp địa trước mùa mưa bão, ủy quyền cho đội kỹ thuật.'
		for (let shift = 0; shift < 24; shift++) {
			const name = `Trạm ${'x'.repeat(shift)} ủy ban ờ`
			const { id } = await seedStation({ name, address, note })
			const bytes = new Uint8Array(await (await operator.client.get(`/danhmuc/tram/${id}`)).arrayBuffer())
			expect(bytes.indexOf(0), `a NUL byte in the page (shift ${shift})`).toBe(-1)
			const html = new TextDecoder().decode(bytes)
			expect(html).not.toContain('\uFFFD')
			expect([fieldValue(html, 'name'), fieldValue(html, 'address'), fieldValue(html, 'note')]).toEqual([name, address, note])
		}
	})
})

describe('the station list', () => {
	const marker = `Q${Date.now().toString(36).toUpperCase()}`
	const made: { id: number; code: string }[] = []

	beforeAll(async () => {
		const names = [
			[`Trạm Đà Nẵng ${marker} A`, 'active', 'substation', 'da-nang'],
			[`TRẠM ĐÀ NẴNG ${marker} B`, 'maintenance', 'bts', 'da-nang'],
			[`Trạm Hà Nội ${marker} C`, 'active', 'bts', 'ha-noi'],
			[`Trạm 100% công suất ${marker}`, 'inactive', 'pumping', 'hue'],
			[`Trạm 1000 ${marker}`, 'active', 'pumping', 'hue'],
			[`Trạm O'Brien'; DROP TABLE stations; -- ${marker}`, 'active', 'weather', 'hue'],
			[`Trạm a_b ${marker}`, 'active', 'weather', 'hue'],
			[`Trạm axb ${marker}`, 'active', 'weather', 'hue'],
		] as const
		for (const [name, status, type, province] of names)
			made.push(await seedStation({ name, status, type, province, code: uniqueCode('L') }))
	})

	const search = async (query: string) => {
		const response = await getPage(operator.client, `/danhmuc/tram?${query}`)
		expect(response.status).toBe(200)
		return listedCodes(await response.text())
	}

	test.each([
		['tram da nang', [0, 1]],
		['ĐÀ NẴNG', [0, 1]],
		['Trạm ĐÀ NẴNG', [0, 1]],
		['nang tram', [0, 1]],
		['ha noi', [2]],
	])('search %j is accent- and case-insensitive, words in any order', async (words, expected) => {
		const codes = await search(`q=${encodeURIComponent(`${words} ${marker}`)}`)
		expect(codes.sort()).toEqual(expected.map((index) => made[index]!.code).sort())
	})

	test('search finds codes too', async () => {
		expect(await search(`q=${encodeURIComponent(made[2]!.code.toLowerCase())}`)).toEqual([made[2]!.code])
	})

	test.each([
		['100%', [3]],
		['a_b', [6]],
		["O'Brien", [5]],
		["'; DROP TABLE stations; --", [5]],
		['" OR 1=1 --', []],
		['\\', []],
	])('SQL-like and wildcard text %j is searched as plain text', async (words, expected) => {
		const codes = await search(`q=${encodeURIComponent(`${words} ${marker}`)}`)
		expect(codes.sort()).toEqual(expected.map((index) => made[index]!.code).sort())
		expect(await getDb().selectFrom('stations').select('id').limit(1).execute()).toHaveLength(1)
	})

	test('filters by status, type and province (names of provinces work too)', async () => {
		const q = `q=${marker}`
		expect(await search(`${q}&status=maintenance`)).toEqual([made[1]!.code])
		expect((await search(`${q}&type=pumping`)).sort()).toEqual([made[3]!.code, made[4]!.code].sort())
		expect((await search(`${q}&province=da-nang`)).sort()).toEqual([made[0]!.code, made[1]!.code].sort())
		expect((await search(`${q}&province=${encodeURIComponent('Đà Nẵng')}`)).sort()).toEqual([made[0]!.code, made[1]!.code].sort())
		expect(await search(`${q}&province=hue&type=pumping&status=inactive`)).toEqual([made[3]!.code])
	})

	test('sorts by a column both ways, with aria-sort on its header', async () => {
		const ascending = await operator.client.get(`/danhmuc/tram?q=${marker}&sort=name`)
		const html = await ascending.text()
		const codesAsc = listedCodes(html)
		const [sorted, ...others] = ascendingHeaders(html)
		expect(others).toEqual([])
		expect(sorted?.text).toContain(vn.stations.fields.name)
		expect(sorted?.link.pathname).toBe('/danhmuc/tram')
		expect(Object.fromEntries(sorted!.link.searchParams)).toMatchObject({ q: marker, sort: 'name', dir: 'desc' })
		const codesDesc = await search(`q=${marker}&sort=name&dir=desc`)
		expect(codesDesc).toEqual([...codesAsc].reverse())
		expect(codesAsc).toHaveLength(made.length)
		// "Trạm 1000" sorts before "Trạm 100% …"? Accent-free keys: "tram 100% ..." < "tram 1000 ..." ('%' < '0').
		expect(codesAsc.indexOf(made[3]!.code)).toBeLessThan(codesAsc.indexOf(made[4]!.code))
	})

	test('pages: size, page links, and a page past the end goes to the last one', async () => {
		const first = await operator.client.get(`/danhmuc/tram?q=${marker}&size=10`)
		expect(first.status).toBe(200)
		expect(listedCodes(await first.text())).toHaveLength(made.length)
		const byCode = await search(`q=${marker}&sort=code&size=10`)
		expect(byCode).toEqual([...made.map((m) => m.code)].sort())
		const past = await operator.client.get(`/danhmuc/tram?q=${marker}&page=9`)
		expect(past.status).toBe(302)
		expect(location(past)).toBe(`/danhmuc/tram?q=${marker}`)
	})

	test('pages through the whole list with page links, no row twice', async () => {
		const seen: string[] = []
		let path: string | null = `/danhmuc/tram?q=${marker}&size=10`
		// Eight stations so far: five more make two pages of 10.
		for (let i = 0; i < 5; i++) await seedStation({ name: `Trạm thêm ${marker} ${i}`, code: uniqueCode('P') })
		while (path) {
			const html: string = await (await operator.client.get(path)).text()
			seen.push(...listedCodes(html))
			path = hrefs(html, 'a.page-link[rel="next"]')[0] ?? null
		}
		expect(seen).toHaveLength(made.length + 5)
		expect(new Set(seen).size).toBe(seen.length)
	})

	test('a submitted filter form (empty fields, defaults, other spellings) is redirected to one short address', async () => {
		const response = await operator.client.get(
			`/danhmuc/tram?q=+${marker}+&status=&type=pumping&province=Hu%E1%BA%BF&sort=code&dir=asc&page=1&size=25`,
		)
		expect(response.status).toBe(302)
		expect(location(response)).toBe(`/danhmuc/tram?q=${marker}&type=pumping&province=hue`)
		expect((await operator.client.get(location(response)!)).status).toBe(200)
		// Remix's own data-request parameter is not part of the address: no redirect loop.
		expect((await operator.client.get(`/danhmuc/tram.data?q=${marker}&_routes=routes%2F_app.danhmuc.tram._index`)).status).toBe(200)
	})

	test('an empty result says nothing matches, with a way to clear the search', async () => {
		const html = await (await operator.client.get(`/danhmuc/tram?q=${marker}-nothing-like-this`)).text()
		expect(html).toContain(vn.list.noMatchTitle)
		expect(html).toContain(`href="/danhmuc/tram"`)
		expect(listedCodes(html)).toEqual([])
	})

	test('the table is labelled: caption with the sort, column headers with scope', async () => {
		const html = await (await operator.client.get(`/danhmuc/tram?q=${marker}`)).text()
		expect(html).toContain(
			format(vn.list.caption, { name: vn.stations.title, column: vn.stations.fields.code, direction: vn.list.ascending }),
		)
		expect(ascendingHeaders(html).map((header) => header.text)).toEqual([expect.stringContaining(vn.stations.fields.code)])
		expect(html).toContain('role="search"')
	})
})

/**
 * The bytes of the station list's first page. Issue 36 point 6 asks for 40 KB (the bench checks that,
 * scripts/bench-render.ts); this holds what decision 0074 reached, so that the page does not grow back.
 */
const LIST_PAGE_HTML_BYTES = 54 * 1024

describe('the station list’s weight (issue 36 point 6)', () => {
	test('its first page of 25 stations, each with tools, is at most 54 KB of HTML', async () => {
		// Demo stations (the bench's and db:seed-demo's data) under codes that sort before every other test's.
		let index = 0
		for (const station of demoStations(DEFAULT_PAGE_SIZE)) {
			index++
			const { id } = await seedStation({
				code: `AA-${String(index).padStart(6, '0')}`,
				name: station.name,
				type: station.type,
				province: station.province,
				status: station.status,
				commissionedAt: station.commissionedAt ?? '',
			})
			expect((await createTool({ ...toolFieldsParsed(), stationId: id }, operator.actor)).ok).toBe(true)
		}
		const response = await operator.client.get('/danhmuc/tram')
		const html = await response.text()
		expect(response.status).toBe(200)
		expect(listedCodes(html).slice(0, 3)).toEqual(['AA-000001', 'AA-000002', 'AA-000003'])
		expect(listedCodes(html)).toHaveLength(DEFAULT_PAGE_SIZE)
		expect(Buffer.byteLength(html)).toBeLessThanOrEqual(LIST_PAGE_HTML_BYTES)
		// The phone's line under each name holds the secondary columns' values, once each, without their labels.
		const first = parseHtml(html).querySelector('table.catalog-table tbody tr')!
		const detail = first.querySelector('.row-detail')!
		expect(detail.getAttribute('aria-hidden')).toBe('true')
		expect(detail.text).not.toContain(vn.stations.fields.type)
		expect(
			first
				.querySelectorAll('td.col-secondary')
				.map((cell) => cell.text)
				.filter((text) => text !== ''),
		).toEqual(detail.text.split(' · '))
	})
})

describe('a station’s tools', () => {
	test('the list and the station’s page show how many tools it holds, each a link to them', async () => {
		const { id, code } = await seedStation()
		const empty = await seedStation()
		for (let made = 0; made < 2; made++) expect((await createTool({ ...toolFieldsParsed(), stationId: id }, operator.actor)).ok).toBe(true)
		const toolsHref = `/congcu/list?stationId=${id}`
		const list = parseHtml(await (await operator.client.get(`/danhmuc/tram?q=${code}`)).text())
		const link = list.querySelector(`table.catalog-table a[href="${toolsHref}"]`)
		expect(link?.text).toBe('2')
		expect(link?.getAttribute('aria-label')).toBe(translate('vn', 'stations.toolsOf', { count: 2, code }))
		const emptyList = parseHtml(await (await operator.client.get(`/danhmuc/tram?q=${empty.code}`)).text())
		expect(emptyList.querySelector(`table.catalog-table a[href="/congcu/list?stationId=${empty.id}"]`)).toBeNull()
		const page = parseHtml(await (await operator.client.get(`/danhmuc/tram/${id}`)).text())
		expect(page.querySelectorAll(`dd a[href="${toolsHref}"]`).map((fact) => fact.text)).toEqual(['2'])
	})
})

describe('editing a station', () => {
	test('a save writes the change, bumps the version and records who changed what', async () => {
		const { id, code } = await seedStation({ name: 'Trạm cũ' })
		const response = await operator.client.post(
			`/danhmuc/tram/${id}`,
			stationFields({ code, name: 'Trạm mới', status: 'maintenance', version: '1' }),
		)
		expect(response.status).toBe(302)
		expect(location(response)).toBe(`/danhmuc/tram/${id}`)
		expect(await stationRow(id)).toMatchObject({ name: 'Trạm mới', status: 'maintenance', version: 2, updated_by: operator.user.id })
		const html = await (await operator.client.get(`/danhmuc/tram/${id}`)).text()
		expect(html).toContain(format(vnStations.saved, { code }))
		// The history shows the change, before and after.
		expect(html).toContain(vn.catalog.history.title)
		expect(historyChanges(html)).toContainEqual({ text: `${vn.stations.fields.name}: Trạm cũ → Trạm mới`, from: 'Trạm cũ', to: 'Trạm mới' })
		expect(historyChanges(html)).toContainEqual({
			text: `${vn.stations.fields.status}: ${vn.stations.statuses.active} → ${vn.stations.statuses.maintenance}`,
			from: vn.stations.statuses.active,
			to: vn.stations.statuses.maintenance,
		})
		const audit = await getDb()
			.selectFrom('audit_log')
			.selectAll()
			.where('entity', '=', 'station')
			.where('entity_id', '=', String(id))
			.where('action', '=', 'station.updated')
			.executeTakeFirstOrThrow()
		expect(JSON.parse(audit.details!).changes).toEqual({
			name: { from: 'Trạm cũ', to: 'Trạm mới' },
			status: { from: 'active', to: 'maintenance' },
		})
	})

	test('a save without a version is refused', async () => {
		const { id, code } = await seedStation()
		const response = await operator.client.post(`/danhmuc/tram/${id}`, stationFields({ code, name: 'Không có phiên bản' }))
		expect(response.status).toBe(409)
		expect(alerts(await response.text())).toContain(vn.catalog.errors.versionMissing)
		expect((await stationRow(id))!.version).toBe(1)
	})

	test('validation errors show on the record page too', async () => {
		const { id, code } = await seedStation()
		const response = await operator.client.post(`/danhmuc/tram/${id}`, stationFields({ code, latitude: '95', version: '1' }))
		expect(response.status).toBe(400)
		expect(fieldError(await response.text(), 'latitude')).toBe(vn.stations.errors.latitudeRange)
	})
})

describe('deleting a station', () => {
	test('a station that still has tools is not deleted, and the page says why', async () => {
		const { id } = await seedStation()
		const tool = await createTool({ ...toolFieldsParsed(), stationId: id }, operator.actor)
		expect(tool.ok).toBe(true)
		const response = await operator.client.post(`/danhmuc/tram/${id}`, { intent: 'delete', version: '1' })
		expect(response.status).toBe(409)
		expect(alerts(await response.text())).toContain(translate('vn', 'stations.deleteRefused', { count: 1 }))
		expect(await stationRow(id)).toBeDefined()
	})

	test('a delete naming an old version is refused', async () => {
		const { id, code } = await seedStation()
		await operator.client.post(`/danhmuc/tram/${id}`, stationFields({ code, name: 'Đã sửa', version: '1' }))
		const response = await operator.client.post(`/danhmuc/tram/${id}`, { intent: 'delete', version: '1' })
		expect(response.status).toBe(409)
		expect(alerts(await response.text())).toContain(vn.catalog.conflict.title)
		expect(await stationRow(id)).toBeDefined()
	})
})

function toolFieldsParsed() {
	const fields = toolFields()
	return {
		code: fields.code!,
		name: fields.name!,
		category: 'measuring' as const,
		serialNumber: null,
		status: 'in_use' as const,
		quantity: 1,
		unit: 'cái',
		purchaseDate: null,
		value: null,
		note: null,
		version: null,
	}
}
