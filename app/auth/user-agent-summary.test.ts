import { describe, expect, test } from 'vitest'
import { describeUserAgent, summarizeUserAgent } from './user-agent-summary'

describe('summarizeUserAgent', () => {
	test.each([
		['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome 126', 'Windows'],
		['Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87', 'Edge 126', 'Windows'],
		['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox 128', 'Linux'],
		['Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15', 'Safari 17', 'macOS'],
		['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1', 'Safari 17', 'iOS'],
		['Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/126.0.6478.54 Mobile/15E148 Safari/604.1', 'Chrome 126', 'iOS'],
		['Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36', 'Samsung Internet 25', 'Android'],
		['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 OPR/111.0.0.0', 'Opera 111', 'Linux'],
		['Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36', 'Chrome 126', 'ChromeOS'],
		['Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36', 'Chrome 131', 'Linux'],
		['Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9', 'Lynx 2', null],
		['w3m/0.5.3+git20230121', 'w3m 0', null],
		['ELinks/0.16.1.1 (textmode; Linux 6.1.0 x86_64; 80x24-2)', 'ELinks 0', 'Linux'],
	])('%s', (header, browser, os) => {
		expect(summarizeUserAgent(header)).toEqual({ browser, os })
	})

	test('nothing recognised, nothing made up; no header at all', () => {
		expect(summarizeUserAgent('curl/8.5.0')).toEqual({ browser: null, os: null })
		expect(summarizeUserAgent('')).toEqual({ browser: null, os: null })
		expect(summarizeUserAgent(null)).toEqual({ browser: null, os: null })
	})

	test('only names from its own lists come out, whatever the header says', () => {
		expect(summarizeUserAgent('<script>alert(1)</script> Firefox/99<b> (Windows <img>)')).toEqual({ browser: 'Firefox 99', os: 'Windows' })
		expect(summarizeUserAgent('Chrome/99999999999999999999999')).toEqual({ browser: 'Chrome 99999', os: null })
	})

	test('a huge or pathological header is read quickly and only in part', () => {
		const started = performance.now()
		expect(summarizeUserAgent(`${'Version/1'.repeat(100_000)} Firefox/1`)).toEqual({ browser: null, os: null })
		expect(summarizeUserAgent(`Mozilla ${'Version/1.1.1.1.1 '.repeat(50_000)}`)).toEqual({ browser: null, os: null })
		expect(performance.now() - started).toBeLessThan(1000)
	})
})

describe('describeUserAgent', () => {
	test('browser and system, either alone, or null', () => {
		expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 (Linux)')
		expect(describeUserAgent('Lynx/2.9.0dev.12 libwww-FM/2.14')).toBe('Lynx 2')
		expect(describeUserAgent('SomeBot (Windows NT 10.0)')).toBe('Windows')
		expect(describeUserAgent('curl/8.5.0')).toBeNull()
	})
})
