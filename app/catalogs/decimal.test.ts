import { describe, expect, test } from 'vitest'
import { formatMinor, minorToDecimalString, parseDecimal } from './decimal'

const MONEY = { max: 99_999_999_999_999 }

describe('parseDecimal', () => {
	test.each([
		['0', 0],
		['12', 1200],
		['12.5', 1250],
		['12,50', 1250],
		[' 0.01 ', 1],
		['007.10', 710],
		['999999999999.99', 99_999_999_999_999],
		['0.1', 10],
	])('%j is %d minor units', (text, minor) => {
		expect(parseDecimal(text, 2, MONEY)).toEqual({ ok: true, minor })
	})

	test('0.1 + 0.2 stays exact', () => {
		const a = parseDecimal('0.1', 2, MONEY)
		const b = parseDecimal('0.2', 2, MONEY)
		expect(a.ok && b.ok && a.minor + b.minor).toBe(30)
	})

	test.each([
		['', 'format'],
		['abc', 'format'],
		['1.2.3', 'format'],
		['1 000', 'format'],
		['1e5', 'format'],
		['12.345', 'scale'],
		['-1', 'range'],
		['1000000000000', 'range'],
		['99999999999999999999', 'range'],
	])('%j is refused (%s)', (text, problem) => {
		expect(parseDecimal(text, 2, MONEY)).toEqual({ ok: false, problem })
	})

	test('negative values where allowed, e.g. coordinates', () => {
		expect(parseDecimal('-33.8688', 6, { max: 90_000_000, allowNegative: true })).toEqual({ ok: true, minor: -33_868_800 })
		expect(parseDecimal('-90.000001', 6, { max: 90_000_000, allowNegative: true })).toEqual({ ok: false, problem: 'range' })
		expect(parseDecimal('-0', 6, { max: 90_000_000 })).toEqual({ ok: true, minor: 0 })
	})
})

describe('minorToDecimalString', () => {
	test.each([
		[0, 2, '0'],
		[5, 2, '0.05'],
		[1250, 2, '12.5'],
		[99_999_999_999_999, 2, '999999999999.99'],
		[-33_868_800, 6, '-33.8688'],
		[21_028_511, 6, '21.028511'],
	])('%d with scale %d → %s', (minor, scale, text) => {
		expect(minorToDecimalString(minor, scale)).toBe(text)
	})
})

describe('formatMinor', () => {
	test('Vietnamese groups with dots and uses a decimal comma', () => {
		expect(formatMinor(123_456_750, 2, 'vn')).toBe('1.234.567,5')
		expect(formatMinor(99_999_999_999_999, 2, 'vn')).toBe('999.999.999.999,99')
	})

	test('English groups with commas', () => {
		expect(formatMinor(123_456_750, 2, 'en', 2)).toBe('1,234,567.50')
	})

	test('German and Russian', () => {
		expect(formatMinor(123_456_750, 2, 'de')).toBe('1.234.567,5')
		expect(formatMinor(123_456_750, 2, 'ru').replace(/\s/g, ' ')).toBe('1 234 567,5')
	})
})
