import { describe, expect, test } from 'vitest'
import { formatDate, formatDateTime, formatNumber, formatPercent, fromLocalDateTimeInput, toLocalDateTimeInput } from './format'

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

describe('dates in each language’s order, with four-digit years, in the company’s time zone', () => {
	const at = Date.UTC(2012, 1, 28, 8, 4) // 15:04 in Vietnam
	test('a date', () => {
		expect(formatDate(at, 'vn')).toBe('28/02/2012')
		expect(formatDate(at, 'de')).toBe('28.02.2012')
		expect(formatDate(at, 'ru')).toBe('28.02.2012')
		expect(formatDate(at, 'es')).toBe('28/02/2012')
		expect(formatDate(at, 'en')).toBe('02/28/2012')
	})

	test('a date and time: 24-hour clock in Vietnamese, the year never shortened', () => {
		expect(formatDateTime(at, 'vn')).toBe('15:04 28/02/2012')
		expect(formatDateTime(at, 'it')).toBe('28/02/2012, 15:04')
		for (const language of ['vn', 'en', 'es', 'de', 'it', 'ru']) expect(formatDateTime(at, language)).toContain('2012')
	})
})
