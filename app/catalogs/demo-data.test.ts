import { describe, expect, test, vi } from 'vitest'
import { minorToDecimalString } from './decimal'
import { demoStations } from './demo-stations'
import { demoTools } from './demo-tools'
import { PROVINCES, provinceName, resolveProvince } from './provinces'
import { stationSchema } from './stations/station-schema.server'
import { toolSchema } from './tools/tool-schema.server'

// "Not in the future" is judged in the portal's zone, read from the configuration: given a secret, reading it
// writes none under ./data.
vi.stubEnv('SESSION_SECRET', 'unit-test-secret-0123456789abcdef')

describe('demo data', () => {
	test('is the same on every run', () => {
		expect([...demoStations(50)]).toEqual([...demoStations(50)])
		expect([...demoTools(200, 50)]).toEqual([...demoTools(200, 50)])
	})

	test('a larger set starts with the smaller one', () => {
		expect([...demoStations(500)].slice(0, 300)).toEqual([...demoStations(300)])
	})

	test('codes and names are unique', () => {
		const stations = [...demoStations(3000)]
		expect(new Set(stations.map((s) => s.code)).size).toBe(3000)
		expect(new Set(stations.map((s) => s.name)).size).toBe(3000)
		const tools = [...demoTools(3000, 300)]
		expect(new Set(tools.map((t) => t.code)).size).toBe(3000)
	})

	test('every station and tool passes the forms’ validation', () => {
		for (const station of demoStations(300)) {
			const result = stationSchema.safeParse({
				...station,
				latitude: minorToDecimalString(station.latitudeE6, 6),
				longitude: minorToDecimalString(station.longitudeE6, 6),
				commissionedAt: station.commissionedAt ?? '',
				note: station.note ?? '',
			})
			expect(result.success, `${station.code}: ${JSON.stringify(result.error?.issues)}`).toBe(true)
		}
		for (const tool of demoTools(1000, 300)) {
			const result = toolSchema.safeParse({
				...tool,
				stationId: tool.stationIndex === null ? '' : String(tool.stationIndex),
				quantity: String(tool.quantity),
				value: minorToDecimalString(tool.valueMinor, 2),
				note: tool.note ?? '',
			})
			expect(result.success, `${tool.code}: ${JSON.stringify(result.error?.issues)}`).toBe(true)
		}
	})

	test('some stations hold many tools (the dashboard’s top 10), some tools none', () => {
		const perStation = new Map<number, number>()
		let unassigned = 0
		for (const tool of demoTools(3000, 300)) {
			if (tool.stationIndex === null) unassigned++
			else perStation.set(tool.stationIndex, (perStation.get(tool.stationIndex) ?? 0) + 1)
		}
		const counts = [...perStation.values()].sort((a, b) => b - a)
		expect(counts[0]).toBeGreaterThan(3 * (counts[Math.floor(counts.length / 2)] ?? 1))
		expect(unassigned).toBeGreaterThan(100)
	})
})

describe('provinces', () => {
	test('34 provinces with unique codes, each resolved from its code and its name', () => {
		expect(PROVINCES).toHaveLength(34)
		for (const province of PROVINCES) {
			expect(resolveProvince(province.code)).toBe(province.code)
			expect(resolveProvince(province.name)).toBe(province.code)
			expect(provinceName(province.code)).toBe(province.name)
		}
	})

	test.each([
		['ha noi', 'ha-noi'],
		['HÀ NỘI', 'ha-noi'],
		['Thành phố Hồ Chí Minh', 'ho-chi-minh'],
		['tp hcm', 'ho-chi-minh'],
		['HCM', 'ho-chi-minh'],
		['Tỉnh Lạng Sơn', 'lang-son'],
		['Da Nang', 'da-nang'],
		['Atlantis', null],
	])('%j is %j', (text, code) => {
		expect(resolveProvince(text)).toBe(code)
	})
})
