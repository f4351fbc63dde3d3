import { describe, expect, test } from 'vitest'
import { MAX_SELECTION } from './bulk'
import { parseSelection } from './bulk.server'

describe('a bulk selection', () => {
	test('is one to MAX_SELECTION (the largest page, 100) distinct positive ids, in the order given', () => {
		expect(MAX_SELECTION).toBe(100)
		expect(parseSelection(['3', '1', '2'])).toEqual({ ok: true, ids: [3, 1, 2] })
		const full = Array.from({ length: 100 }, (_, i) => String(i + 1))
		expect(parseSelection(full)).toEqual({ ok: true, ids: full.map(Number) })
	})

	test.each([
		[[], 'empty'],
		[Array.from({ length: 101 }, (_, i) => String(i + 1)), 'tooMany'],
		[['0'], 'malformed'],
		[['-4'], 'malformed'],
		[['1.5'], 'malformed'],
		[['1e3'], 'malformed'],
		[[' 7'], 'malformed'],
		[['1234567890'], 'malformed'],
		[['2', 'x'], 'malformed'],
		[['2', '02'], 'duplicate'],
		[['5', '5'], 'duplicate'],
	])('%j is refused as %s', (values, problem) => {
		expect(parseSelection(values)).toEqual({ ok: false, problem })
	})
})
