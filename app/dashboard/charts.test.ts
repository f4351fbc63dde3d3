import { describe, expect, test } from 'vitest'
import { donut, horizontalBars } from './charts.server'

describe('donut', () => {
	test('one slice per non-zero value, with shares of the total', () => {
		const slices = donut([
			{ key: 'in_use', value: 30 },
			{ key: 'in_stock', value: 10 },
			{ key: 'repair', value: 0 },
		])
		expect(slices.map((s) => [s.key, s.percent])).toEqual([
			['in_use', 75],
			['in_stock', 25],
		])
		for (const slice of slices) expect(slice.path).toMatch(/^M[\d.-]+,[\d.-]+A/)
	})

	test('nothing to draw when everything is zero', () => {
		expect(donut([{ key: 'a', value: 0 }])).toEqual([])
	})
})

describe('horizontal bars', () => {
	test('the longest bar spans to the nice maximum; bars are stacked in order', () => {
		const chart = horizontalBars(
			[
				{ key: '1', label: 'Trạm A', value: 48 },
				{ key: '2', label: 'Trạm B', value: 12 },
			],
			{ width: 456, labelWidth: 200, rowHeight: 30 },
		)
		expect(chart.plotWidth).toBe(240)
		// 48 on a 0–50 nice scale: 96 % of the plot.
		expect(chart.bars[0]!.width).toBeCloseTo(230.4)
		expect(chart.bars[1]!.width).toBeCloseTo(57.6)
		expect(chart.bars[0]!.y).toBeLessThan(chart.bars[1]!.y)
		expect(chart.ticks.at(-1)).toEqual({ value: 50, x: 240 })
	})
})
