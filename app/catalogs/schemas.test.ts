import { describe, expect, test, vi } from 'vitest'
import { STATION_ROW, TOOL_ROW } from '../../tests/support/catalog-rows'
import { todayIso } from './fields.server'
import { stationSchema, stationSchemaFor } from './stations/station-schema.server'
import { toolSchema, toolSchemaFor } from './tools/tool-schema.server'

// "Not in the future" is judged in the portal's zone, read from the configuration: given a secret, reading it
// writes none under ./data.
vi.stubEnv('SESSION_SECRET', 'unit-test-secret-0123456789abcdef')

const goodStation = { ...STATION_ROW, code: 'HN-0001', note: 'Ghi chú\r\ndòng hai', version: '3' }

/** The first error's translation key per field. */
function errorsOf(result: ReturnType<typeof stationSchema.safeParse> | ReturnType<typeof toolSchema.safeParse>) {
	if (result.success) return {}
	const errors: Record<string, string> = {}
	for (const problem of result.error.issues) {
		const message = problem.message.startsWith('{') ? (JSON.parse(problem.message) as { key: string }).key : problem.message
		errors[String(problem.path[0])] ??= message
	}
	return errors
}

describe('stationSchema', () => {
	test('a complete station converts exactly', () => {
		const result = stationSchema.safeParse(goodStation)
		expect(result.success && result.data).toEqual({
			code: 'HN-0001',
			name: 'Trạm BTS Cầu Giấy',
			type: 'bts',
			province: 'ha-noi',
			address: '12 Trần Duy Hưng',
			latitude: 21_028_511,
			longitude: 105_804_817,
			status: 'active',
			commissionedAt: '2019-05-01',
			note: 'Ghi chú\ndòng hai',
			version: 3,
		})
	})

	test('optional fields may be empty or missing; the province may be a name', () => {
		const result = stationSchema.safeParse({
			code: 'A1',
			name: 'x',
			type: 'weather',
			province: 'Thành phố Hồ Chí Minh',
			status: 'inactive',
		})
		expect(result.success && result.data).toMatchObject({
			province: 'ho-chi-minh',
			address: null,
			latitude: null,
			longitude: null,
			commissionedAt: null,
			note: null,
			version: null,
		})
	})

	test.each([
		['code', '', 'validation.required'],
		['code', 'hn-01', 'catalog.errors.codeFormat'],
		['code', 'HN 01', 'catalog.errors.codeFormat'],
		['code', 'A'.repeat(21), 'validation.tooLong'],
		['name', '   ', 'validation.required'],
		['name', 'x'.repeat(201), 'validation.tooLong'],
		['name', 'bell\u0007', 'catalog.errors.controlCharacters'],
		// Whether the list of station types holds a well-formed code is checked against the database.
		['type', 'Castle!', 'catalog.errors.invalidChoice'],
		['province', 'Atlantis', 'catalog.errors.invalidChoice'],
		['address', 'x'.repeat(501), 'validation.tooLong'],
		['latitude', '91', 'stations.errors.latitudeRange'],
		['latitude', '-90.5', 'stations.errors.latitudeRange'],
		['latitude', 'north', 'catalog.errors.coordinateFormat'],
		['latitude', '21.1234567', 'catalog.errors.coordinateScale'],
		['longitude', '180.000001', 'stations.errors.longitudeRange'],
		['status', 'ACTIVE', 'catalog.errors.invalidChoice'],
		['commissionedAt', '2020-02-30', 'catalog.errors.dateFormat'],
		['commissionedAt', '01/02/2020', 'catalog.errors.dateFormat'],
		['commissionedAt', '2999-01-01', 'catalog.errors.dateInFuture'],
		['commissionedAt', '1899-12-31', 'catalog.errors.dateTooEarly'],
		['note', 'x'.repeat(2001), 'validation.tooLong'],
	])('%s = %j is refused with %s', (field, value, key) => {
		expect(errorsOf(stationSchema.safeParse({ ...goodStation, [field]: value }))[field]).toBe(key)
	})

	test('latitude without longitude (or the reverse) is refused on the missing one', () => {
		expect(errorsOf(stationSchema.safeParse({ ...goodStation, longitude: '' }))).toEqual({ longitude: 'stations.errors.coordinatesPair' })
		expect(errorsOf(stationSchema.safeParse({ ...goodStation, latitude: '' }))).toEqual({ latitude: 'stations.errors.coordinatesPair' })
	})

	test('today is accepted as a commissioning date', () => {
		expect(stationSchema.safeParse({ ...goodStation, commissionedAt: todayIso() }).success).toBe(true)
	})

	test('HTML is text like any other', () => {
		const result = stationSchema.safeParse({ ...goodStation, name: '<script>alert(1)</script>' })
		expect(result.success && result.data.name).toBe('<script>alert(1)</script>')
	})

	test('a file instead of text counts as empty', () => {
		expect(errorsOf(stationSchema.safeParse({ ...goodStation, name: new Blob(['x']) })).name).toBe('validation.required')
	})
})

const goodTool = {
	...TOOL_ROW,
	code: 'CC-0001',
	serialNumber: 'FLK-17B-123',
	stationId: '12',
	status: 'in_use',
	quantity: '2',
	version: '1',
}

describe('the schemas of a form, with the codes the reference list holds', () => {
	test('take a listed type or category and refuse any other, next to the field', () => {
		expect(stationSchemaFor(['bts', 'solar']).safeParse({ ...goodStation, type: 'solar' }).success).toBe(true)
		expect(errorsOf(stationSchemaFor(['bts']).safeParse({ ...goodStation, type: 'solar' }))).toEqual({
			type: 'catalog.errors.invalidChoice',
		})
		expect(toolSchemaFor(['measuring']).safeParse(goodTool).success).toBe(true)
		expect(errorsOf(toolSchemaFor([]).safeParse(goodTool))).toEqual({ category: 'catalog.errors.invalidChoice' })
	})
})

describe('toolSchema', () => {
	test('a complete tool converts exactly', () => {
		const result = toolSchema.safeParse(goodTool)
		expect(result.success && result.data).toMatchObject({ stationId: '12', quantity: 2, value: 325_000_050, note: null, version: 1 })
	})

	test('a station may be named by its code', () => {
		const result = toolSchema.safeParse({ ...goodTool, stationId: 'hn-0001' })
		expect(result.success && result.data.stationId).toBe('hn-0001')
	})

	test.each([
		['code', 'cc 1', 'catalog.errors.codeFormat'],
		['name', '', 'validation.required'],
		['category', 'food stuff', 'catalog.errors.invalidChoice'],
		['serialNumber', 'x'.repeat(101), 'validation.tooLong'],
		['stationId', 'no such; station', 'tools.errors.stationNotFound'],
		['status', 'lost', 'catalog.errors.invalidChoice'],
		['quantity', '', 'validation.required'],
		['quantity', '1.5', 'catalog.errors.integer'],
		['quantity', '-1', 'catalog.errors.integerRange'],
		['quantity', '1000001', 'catalog.errors.integerRange'],
		['unit', 'x'.repeat(21), 'validation.tooLong'],
		['purchaseDate', '2999-12-31', 'catalog.errors.dateInFuture'],
		['value', '-1', 'tools.errors.valueRange'],
		['value', '1,234,567', 'tools.errors.valueFormat'],
		['value', '1.234', 'tools.errors.valueScale'],
		['value', '1000000000000', 'tools.errors.valueRange'],
	])('%s = %j is refused with %s', (field, value, key) => {
		expect(errorsOf(toolSchema.safeParse({ ...goodTool, [field]: value }))[field]).toBe(key)
	})
})
