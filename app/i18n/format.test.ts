import { describe, expect, test } from 'vitest'
import { formatNumber, formatPercent, fromLocalDateTimeInput, toLocalDateTimeInput } from './format'

describe('datetime-local values in the company’s time zone (UTC+7)', () => {
	test('a wall-clock time in Vietnam is the instant seven hours earlier in UTC, and back', () => {
		const at = fromLocalDateTimeInput('2026-11-25T09:30')
		expect(at).toBe(Date.UTC(2026, 10, 25, 2, 30))
		expect(toLocalDateTimeInput(at!)).toBe('2026-11-25T09:30')
		// Across midnight and a year's end.
		expect(fromLocalDateTimeInput('2027-01-01T03:00')).toBe(Date.UTC(2026, 11, 31, 20, 0))
	})

	test('anything that is not a real date and time is null', () => {
		for (const text of ['', '2026-02-30T10:00', '2026-13-01T10:00', '2026-11-25T24:00', '2026-11-25T10:60', '2026-11-25 10:00', '2026-11-25T10:00:00', '25/11/2026 10:00']) {
			expect(fromLocalDateTimeInput(text), text).toBeNull()
		}
	})
})

describe('numbers and percentages in each language’s format', () => {
	test('a percentage keeps one decimal and the language’s separators and sign', () => {
		expect(formatPercent(63.5, 'en')).toBe('63.5%')
		expect(formatPercent(63.5, 'vn')).toBe('63,5%')
		expect(formatPercent(63.5, 'de')).toBe('63,5\u00a0%')
		expect(formatPercent(63.5, 'ru')).toBe('63,5\u00a0%')
		expect(formatPercent(100, 'it')).toBe('100%')
		expect(formatPercent(0, 'es')).toBe('0\u00a0%')
	})

	test('the seed’s code vn formats as Vietnamese, not as the default locale', () => {
		expect(formatNumber(1234567, 'vn')).toBe('1.234.567')
		expect(formatNumber(1234567, 'en')).toBe('1,234,567')
	})
})
