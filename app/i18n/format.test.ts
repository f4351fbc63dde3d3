import { describe, expect, test } from 'vitest'
import {
	dayStartIn,
	formatCalendarDate,
	formatDate,
	formatDateTime,
	formatNumber,
	formatPercent,
	fromLocalDateTimeInput,
	isKnownTimeZone,
	todayIn,
	toLocalDateTimeInput,
} from './format'

const VIETNAM = 'Asia/Ho_Chi_Minh'
const BERLIN = 'Europe/Berlin'

describe('datetime-local values in a given time zone', () => {
	test('a wall-clock time in Vietnam (UTC+7 all year) is the instant seven hours earlier in UTC, and back', () => {
		const at = fromLocalDateTimeInput('2026-11-25T09:30', VIETNAM)
		expect(at).toBe(Date.UTC(2026, 10, 25, 2, 30))
		expect(toLocalDateTimeInput(at!, VIETNAM)).toBe('2026-11-25T09:30')
		// Across midnight and a year's end.
		expect(fromLocalDateTimeInput('2027-01-01T03:00', VIETNAM)).toBe(Date.UTC(2026, 11, 31, 20, 0))
	})

	test('in Berlin the offset is read for each date: UTC+1 in winter, UTC+2 in summer', () => {
		expect(fromLocalDateTimeInput('2026-01-15T09:30', BERLIN)).toBe(Date.UTC(2026, 0, 15, 8, 30))
		expect(fromLocalDateTimeInput('2026-07-15T09:30', BERLIN)).toBe(Date.UTC(2026, 6, 15, 7, 30))
		expect(toLocalDateTimeInput(Date.UTC(2026, 6, 15, 7, 30), BERLIN)).toBe('2026-07-15T09:30')
	})

	test('on the nights the clocks change, times on either side of the change are the right instants', () => {
		// 29 March 2026: 02:00 CET becomes 03:00 CEST (01:00 UTC).
		expect(fromLocalDateTimeInput('2026-03-29T01:59', BERLIN)).toBe(Date.UTC(2026, 2, 29, 0, 59))
		expect(fromLocalDateTimeInput('2026-03-29T03:00', BERLIN)).toBe(Date.UTC(2026, 2, 29, 1, 0))
		// A time the change skips lands after the gap, never before the change.
		expect(fromLocalDateTimeInput('2026-03-29T02:30', BERLIN)).toBe(Date.UTC(2026, 2, 29, 1, 30))
		// 25 October 2026: 03:00 CEST becomes 02:00 CET (01:00 UTC).
		expect(fromLocalDateTimeInput('2026-10-25T01:30', BERLIN)).toBe(Date.UTC(2026, 9, 24, 23, 30))
		expect(fromLocalDateTimeInput('2026-10-25T04:00', BERLIN)).toBe(Date.UTC(2026, 9, 25, 3, 0))
		// New York changes on other dates and at another hour (1 November 2026, 02:00 EDT becomes 01:00 EST).
		expect(fromLocalDateTimeInput('2026-11-01T05:00', 'America/New_York')).toBe(Date.UTC(2026, 10, 1, 10, 0))
	})

	test('anything that is not a real date and time is null', () => {
		for (const text of [
			'',
			'2026-02-30T10:00',
			'2026-13-01T10:00',
			'2026-11-25T24:00',
			'2026-11-25T10:60',
			'2026-11-25 10:00',
			'2026-11-25T10:00:00',
			'25/11/2026 10:00',
		]) {
			expect(fromLocalDateTimeInput(text, VIETNAM), text).toBeNull()
		}
	})
})

describe('days in a given time zone', () => {
	test('a day starts at midnight in the zone, with that date’s offset', () => {
		expect(dayStartIn('2024-01-02', VIETNAM)).toBe(Date.UTC(2024, 0, 1, 17))
		expect(dayStartIn('2026-01-15', BERLIN)).toBe(Date.UTC(2026, 0, 14, 23))
		expect(dayStartIn('2026-07-15', BERLIN)).toBe(Date.UTC(2026, 6, 14, 22))
		expect(dayStartIn('2026-07-15', 'America/Los_Angeles')).toBe(Date.UTC(2026, 6, 15, 7))
		expect(dayStartIn('nonsense', BERLIN)).toBeNull()
	})

	test('the days of a clock change last 23 and 25 hours in Berlin', () => {
		const hours = (day: string, next: string) => (dayStartIn(next, BERLIN)! - dayStartIn(day, BERLIN)!) / 3_600_000
		expect(hours('2026-03-29', '2026-03-30')).toBe(23)
		expect(hours('2026-10-25', '2026-10-26')).toBe(25)
		expect(hours('2026-07-15', '2026-07-16')).toBe(24)
	})

	test('today is the date in the zone, not in UTC', () => {
		const lateEveningUtc = Date.UTC(2026, 10, 25, 22, 30)
		expect(todayIn(VIETNAM, lateEveningUtc)).toBe('2026-11-26')
		expect(todayIn(BERLIN, lateEveningUtc)).toBe('2026-11-25')
		expect(todayIn('America/Los_Angeles', Date.UTC(2026, 10, 26, 3, 0))).toBe('2026-11-25')
	})

	test('today turns at the zone’s midnight to the millisecond, asked in any order', () => {
		const midnightInVietnam = Date.UTC(2026, 10, 25, 17, 0)
		expect(todayIn(VIETNAM, midnightInVietnam - 1)).toBe('2026-11-25')
		expect(todayIn(VIETNAM, midnightInVietnam)).toBe('2026-11-26')
		expect(todayIn(VIETNAM, midnightInVietnam - 1)).toBe('2026-11-25')
		expect(todayIn(BERLIN, midnightInVietnam)).toBe('2026-11-25')
		expect(todayIn(VIETNAM, midnightInVietnam + 59_999)).toBe('2026-11-26')
	})

	test('only names Intl knows are time zones', () => {
		expect(isKnownTimeZone(VIETNAM)).toBe(true)
		expect(isKnownTimeZone('UTC')).toBe(true)
		expect(isKnownTimeZone('Mars/Olympus_Mons')).toBe(false)
		expect(isKnownTimeZone('')).toBe(false)
		expect(isKnownTimeZone('+07:00')).toBe(false)
		expect(isKnownTimeZone('-0500')).toBe(false)
		expect(isKnownTimeZone('Etc/GMT+7')).toBe(true)
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

describe('dates in each language’s order, with four-digit years, in the reader’s time zone', () => {
	const at = Date.UTC(2012, 1, 28, 8, 4) // 15:04 in Vietnam
	test('a date', () => {
		expect(formatDate(at, 'vn', VIETNAM)).toBe('28/02/2012')
		expect(formatDate(at, 'de', VIETNAM)).toBe('28.02.2012')
		expect(formatDate(at, 'ru', VIETNAM)).toBe('28.02.2012')
		expect(formatDate(at, 'es', VIETNAM)).toBe('28/02/2012')
		expect(formatDate(at, 'en', VIETNAM)).toBe('02/28/2012')
	})

	test('a date and time: 24-hour clock in Vietnamese, the year never shortened', () => {
		expect(formatDateTime(at, 'vn', VIETNAM)).toBe('15:04 28/02/2012')
		expect(formatDateTime(at, 'it', VIETNAM)).toBe('28/02/2012, 15:04')
		for (const language of ['vn', 'en', 'es', 'de', 'it', 'ru']) expect(formatDateTime(at, language, VIETNAM)).toContain('2012')
	})

	test('the same instant reads in each zone’s own time, summer time included', () => {
		expect(formatDateTime(at, 'de', BERLIN)).toBe('28.02.2012, 09:04')
		expect(formatDateTime(Date.UTC(2012, 6, 28, 8, 4), 'de', BERLIN)).toBe('28.07.2012, 10:04')
		expect(formatDate(Date.UTC(2012, 1, 28, 20, 0), 'vn', VIETNAM)).toBe('29/02/2012')
		expect(formatDate(Date.UTC(2012, 1, 28, 20, 0), 'vn', BERLIN)).toBe('28/02/2012')
	})

	test('a calendar date is the same day in every zone', () => {
		expect(formatCalendarDate('2012-02-28', 'vn')).toBe('28/02/2012')
		expect(formatCalendarDate('2012-02-28', 'en')).toBe('02/28/2012')
		expect(formatCalendarDate('not a date', 'en')).toBe('')
	})
})
