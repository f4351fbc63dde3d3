import { describe, expect, test } from 'vitest'
import { languageCookieValue, languageFromAcceptLanguage, requestLanguage } from './languages'

describe('languageFromAcceptLanguage', () => {
	test.each([
		['vi', 'vn'],
		['vi-VN,vi;q=0.9,en;q=0.8', 'vn'],
		['vn', 'vn'],
		['en-GB', 'en'],
		['EN-us', 'en'],
		['fr-CH, fr;q=0.9, de;q=0.7, en;q=0.5', 'de'],
		['en;q=0.5, ru;q=0.8', 'ru'],
		['es;q=0.8, it;q=0.8', 'es'],
		['it ; q = 1', 'it'],
		['*', 'vn'],
		['fr, *;q=0.5', 'vn'],
		['*, vi;q=0', 'en'],
		['de;q=0, en;q=0.1, *;q=0.5', 'vn'],
		['zh-Hant-TW, ja', null],
		['en;q=0', null],
		['en;q=2, de;q=x, ru;q=0.0001', null],
		['', null],
		[';;;,,,q=,', null],
	])('%j → %s', (header, expected) => {
		expect(languageFromAcceptLanguage(header)).toBe(expected)
	})

	test('reads no more than the first ranges of a long header', () => {
		expect(languageFromAcceptLanguage(`${'fr, '.repeat(40)}de`)).toBe(null)
		expect(languageFromAcceptLanguage(`de, ${'x-'.repeat(100_000)}`)).toBe('de')
	})
})

describe('the language of an answer without a known user', () => {
	test('the lang cookie, else Accept-Language, else Vietnamese', () => {
		expect(requestLanguage('sp_csrf=x; lang=it', 'de')).toBe('it')
		expect(requestLanguage('lang=xx', 'de')).toBe('de')
		expect(requestLanguage(null, 'ru-RU')).toBe('ru')
		expect(requestLanguage(null, 'ja')).toBe('vn')
		expect(requestLanguage(null, null)).toBe('vn')
	})

	test('the cookie names one of ours or nothing', () => {
		expect(languageCookieValue('lang=es')).toBe('es')
		expect(languageCookieValue('lang=%65s')).toBe(null)
		expect(languageCookieValue('other=1')).toBe(null)
	})
})
