import { describe, expect, test } from 'vitest'
import { escapeLike, ftsPhrases, normalizeSearch, searchTerms } from './search-text'

describe('normalizeSearch', () => {
	test.each([
		['Trạm', 'tram'],
		['TRẠM BIẾN ÁP Đà Nẵng', 'tram bien ap da nang'],
		['Đường Nguyễn Huệ', 'duong nguyen hue'],
		['Ơn  Ưng\tỞ', 'on ung o'],
		['Hồ Chí Minh', 'ho chi minh'],
		['  HN-001  ', 'hn-001'],
		['a\u0000b\u200bc', 'a b c'],
		['Müller Straße', 'muller straße'],
	])('%j → %j', (input, expected) => {
		expect(normalizeSearch(input)).toBe(expected)
	})

	test('decomposed and composed input give the same text', () => {
		expect(normalizeSearch('Trạm'.normalize('NFD'))).toBe(normalizeSearch('Trạm'.normalize('NFC')))
	})
})

describe('searchTerms', () => {
	test('splits, normalises and removes duplicates', () => {
		expect(searchTerms('  Trạm  tram ĐÀ   nẵng ')).toEqual(['tram', 'da', 'nang'])
	})

	test('keeps at most eight terms of at most 100 characters', () => {
		expect(searchTerms('a b c d e f g h i j')).toHaveLength(8)
		expect(searchTerms('x'.repeat(300))[0]).toHaveLength(100)
	})

	test('an empty or blank query has no terms', () => {
		expect(searchTerms('')).toEqual([])
		expect(searchTerms(' \t ')).toEqual([])
	})
})

describe('query escaping', () => {
	test('LIKE wildcards match themselves', () => {
		expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\')
	})

	test('FTS phrases are quoted, quotes doubled', () => {
		expect(ftsPhrases(['tram', 'a"b', "'; drop"])).toBe('"tram" "a""b" "\'; drop"')
	})
})
