import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { createStation } from '~/catalogs/stations/stations.server'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { getDb } from '~/db/db.server'
import { location } from '../support/client'
import {
	alerts,
	escapeHtml,
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
import { catalogTexts } from '../support/translate'

const vnTools = catalogTexts('vn', 'tools')

let server: RunningServer
let operator: Awaited<ReturnType<typeof signedIn>>
let station: { id: number; code: string }
let otherStation: { id: number; code: string }

async function seedStation(overrides: Record<string, string> = {}) {
	const parsed = stationSchema.parse(stationFields(overrides))
	const result = await createStation(parsed, operator.actor)
	if (!result.ok) throw new Error(result.reason)
	return { id: result.id, code: parsed.code }
}

beforeAll(async () => {
	server = await startServer()
	operator = await signedIn(server, ['operator'])
	station = await seedStation({ province: 'hue', name: 'Trạm bơm Huế' })
	otherStation = await seedStation({ province: 'ca-mau', name: 'Trạm bơm Cà Mau' })
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** Creates a tool through the form, returning its id. */
async function createTool(overrides: Record<string, string> = {}) {
	const fields = toolFields(overrides)
	const response = await operator.client.post('/congcu/list/new', fields)
	expect(
		response.status,
		await response
			.clone()
			.text()
			.then((html) => alerts(html)),
	).toBe(302)
	return { id: Number(location(response)!.split('/').pop()), code: fields.code! }
}

async function toolRow(id: number) {
	return getDb().selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirst()
}

describe('tools', () => {
	test('a tool is assigned to a station by its code (any case) or its id', async () => {
		const byCode = await createTool({ stationId: station.code.toLowerCase() })
		expect((await toolRow(byCode.id))!.station_id).toBe(station.id)
		const created = await (await operator.client.get(`/congcu/list/${byCode.id}`)).text()
		expect(created).toContain(format(vnTools.created, { code: byCode.code }))
		const byId = await createTool({ stationId: String(otherStation.id) })
		expect((await toolRow(byId.id))!.station_id).toBe(otherStation.id)
		const none = await createTool({ stationId: '' })
		expect((await toolRow(none.id))!.station_id).toBeNull()
		const html = await (await operator.client.get(`/congcu/list/${byCode.id}`)).text()
		expect(html).toContain(`href="/danhmuc/tram/${station.id}"`)
	})

	test('a station that does not exist is refused on the station field', async () => {
		const response = await operator.client.post('/congcu/list/new', toolFields({ stationId: 'NO-SUCH-STATION', name: 'Giữ tên' }))
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(fieldError(html, 'stationId')).toBe(vn.tools.errors.stationNotFound)
		expect(fieldValue(html, 'name')).toBe('Giữ tên')
	})

	test('money is exact and shown in the reader’s number format', async () => {
		const { id, code } = await createTool({ value: '12345678901.23', quantity: '3' })
		expect((await toolRow(id))!.value_minor).toBe(1_234_567_890_123)
		const record = await (await operator.client.get(`/congcu/list/${id}`)).text()
		expect(fieldValue(record, 'value')).toBe('12345678901.23')
		const list = await (await getPage(operator.client, `/congcu/list?q=${code}`)).text()
		expect(list).toContain('12.345.678.901,23')
		operator.client.cookies.set('lang', 'en')
		try {
			expect(await (await getPage(operator.client, `/congcu/list?q=${code}`)).text()).toContain('12,345,678,901.23')
		} finally {
			operator.client.cookies.delete('lang')
		}
		// 0.1 + 0.2: exact in minor units.
		const small = await createTool({ value: '0.30' })
		expect((await toolRow(small.id))!.value_minor).toBe(30)
	})

	test.each([
		['code', 'cc 01', vn.catalog.errors.codeFormat],
		['name', '', vn.validation.required],
		['category', 'food', vn.catalog.errors.invalidChoice],
		['serialNumber', 'S'.repeat(101), format(vn.validation.tooLong, { max: 100 })],
		['status', 'lost', vn.catalog.errors.invalidChoice],
		['quantity', '', vn.validation.required],
		['quantity', '2.5', vn.catalog.errors.integer],
		['quantity', '-1', format(vn.catalog.errors.integerRange, { min: 0, max: 1000000 })],
		['quantity', '1000001', format(vn.catalog.errors.integerRange, { min: 0, max: 1000000 })],
		['unit', 'u'.repeat(21), format(vn.validation.tooLong, { max: 20 })],
		['unit', '', vn.validation.required],
		['purchaseDate', '2999-12-31', vn.catalog.errors.dateInFuture],
		['purchaseDate', '2021-13-01', vn.catalog.errors.dateFormat],
		['value', '-1', vn.tools.errors.valueRange],
		['value', '1000000000000', vn.tools.errors.valueRange],
		['value', '1,234,567', vn.tools.errors.valueFormat],
		['value', '12.345', vn.tools.errors.valueScale],
		['value', '1e6', vn.tools.errors.valueFormat],
		['note', 'n'.repeat(2001), format(vn.validation.tooLong, { max: 2000 })],
	])('%s = %j is refused with its message, values kept', async (field, value, message) => {
		const fields = toolFields({ [field]: value })
		const response = await operator.client.post('/congcu/list/new', fields)
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(fieldError(html, field)).toBe(message)
		if (field !== 'serialNumber') expect(fieldValue(html, 'serialNumber')).toBe(fields.serialNumber)
		expect(await getDb().selectFrom('tools').select('id').where('code', '=', fields.code!).execute()).toEqual([])
	})

	test('the list filters by station (id or code), the station’s province, status and category, and searches serials', async () => {
		const marker = uniqueCode('M')
		const a = await createTool({
			name: `Máy khoan ${marker}`,
			stationId: String(station.id),
			status: 'in_use',
			category: 'power_tool',
			serialNumber: `SER-${marker}-A`,
		})
		const b = await createTool({ name: `Máy cắt ${marker}`, stationId: String(otherStation.id), status: 'repair', category: 'power_tool' })
		const c = await createTool({ name: `Mũ bảo hộ ${marker}`, stationId: '', status: 'in_stock', category: 'safety' })
		const codes = async (query: string) =>
			listedCodes(await (await getPage(operator.client, `/congcu/list?q=${marker}&${query}`)).text()).sort()
		expect(await codes('')).toEqual([a.code, b.code, c.code].sort())
		expect(await codes(`stationId=${station.id}`)).toEqual([a.code])
		expect(await codes(`stationId=${otherStation.code.toLowerCase()}`)).toEqual([b.code])
		expect(await codes('province=hue')).toEqual([a.code])
		expect(await codes('status=repair')).toEqual([b.code])
		expect(await codes('category=power_tool')).toEqual([a.code, b.code].sort())
		const serial = listedCodes(
			await (await getPage(operator.client, `/congcu/list?q=${encodeURIComponent(`ser-${marker.toLowerCase()}-a`)}`)).text(),
		)
		expect(serial).toEqual([a.code])
		const unknown = await (await getPage(operator.client, `/congcu/list?q=${marker}&stationId=NOPE-1`)).text()
		expect(listedCodes(unknown)).toEqual([])
		expect(unknown).toContain(escapeHtml(format(vn.tools.errors.stationFilterNotFound, { station: 'NOPE-1' })))
	})

	test('sorts by value, highest first, empty values last', async () => {
		const marker = uniqueCode('V')
		const cheap = await createTool({ name: `Rẻ ${marker}`, value: '10' })
		const dear = await createTool({ name: `Đắt ${marker}`, value: '9999999' })
		const none = await createTool({ name: `Chưa rõ ${marker}`, value: '' })
		const codes = listedCodes(await (await getPage(operator.client, `/congcu/list?q=${marker}&sort=value&dir=desc`)).text())
		expect(codes).toEqual([dear.code, cheap.code, none.code])
		const ascending = listedCodes(await (await getPage(operator.client, `/congcu/list?q=${marker}&sort=value`)).text())
		expect(ascending).toEqual([none.code, cheap.code, dear.code])
	})

	test('an edit moves a tool to another station and the history says so', async () => {
		const { id, code } = await createTool({ stationId: String(station.id) })
		const response = await operator.client.post(
			`/congcu/list/${id}`,
			toolFields({ code, stationId: String(otherStation.id), version: '1' }),
		)
		expect(response.status).toBe(302)
		expect((await toolRow(id))!.station_id).toBe(otherStation.id)
		const html = await (await operator.client.get(`/congcu/list/${id}`)).text()
		expect(html).toContain(vn.catalog.history.actions.updated)
		expect(html).toContain(`<span class="fw-semibold">${vn.tools.fields.stationId}:</span>`)
	})
})
