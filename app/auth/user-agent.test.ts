import { describe, expect, test } from 'vitest'
import { describeUserAgent, parseUserAgent } from './user-agent'

describe('parseUserAgent', () => {
	test.each([
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
			'Chrome',
			'131',
			'Windows',
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
			'Edge',
			'131',
			'Windows',
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Safari/537.36 Edge/15.15063',
			'Edge',
			'15',
			'Windows',
		],
		[
			'Mozilla/5.0 (Linux; Android 10; HD1913) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.135 Mobile Safari/537.36 EdgA/131.0.2903.87',
			'Edge',
			'131',
			'Android',
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 EdgiOS/131.2903.86 Mobile/15E148 Safari/605.1.15',
			'Edge',
			'131',
			'iOS',
		],
		['Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox', '133', 'Windows'],
		['Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', '128', 'Linux'],
		['Mozilla/5.0 (Android 14; Mobile; rv:133.0) Gecko/133.0 Firefox/133.0', 'Firefox', '133', 'Android'],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15',
			'Firefox',
			'133',
			'iOS',
		],
		[
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
			'Safari',
			'18',
			'macOS',
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1.1 Mobile/15E148 Safari/604.1',
			'Safari',
			'18',
			'iOS',
		],
		[
			'Mozilla/5.0 (iPad; CPU OS 17_7 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.7 Mobile/15E148 Safari/604.1',
			'Safari',
			'17',
			'iOS',
		],
		[
			'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0.6778.73 Mobile/15E148 Safari/604.1',
			'Chrome',
			'131',
			'iOS',
		],
		[
			'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
			'Chrome',
			'131',
			'macOS',
		],
		[
			'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.104 Mobile Safari/537.36',
			'Chrome',
			'131',
			'Android',
		],
		[
			'Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
			'Chrome',
			'131',
			'ChromeOS',
		],
		[
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.6778.33 Safari/537.36',
			'Chrome',
			'131',
			'Linux',
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0',
			'Opera',
			'115',
			'Windows',
		],
		[
			'Mozilla/5.0 (Linux; Android 10; VOG-L29) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.6778.81 Mobile Safari/537.36 OPR/86.0.4363.59528',
			'Opera',
			'86',
			'Android',
		],
		['Opera/9.80 (Windows NT 6.1; U; en) Presto/2.10.289 Version/12.02', 'Opera', '12', 'Windows'],
		[
			'Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/27.0 Chrome/125.0.0.0 Mobile Safari/537.36',
			'Samsung Internet',
			'27',
			'Android',
		],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) coc_coc_browser/130.0.240 Chrome/124.0.6367.240 Safari/537.36',
			'Cốc Cốc',
			'130',
			'Windows',
		],
		['curl/8.11.0', 'curl', '8', null],
		['Wget/1.21.4', 'Wget', '1', null],
		[
			'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 YaBrowser/24.7.0.0 Safari/537.36',
			'Yandex Browser',
			'24',
			'Windows',
		],
		[
			'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Vivaldi/6.8.3381.48',
			'Vivaldi',
			'6',
			'Linux',
		],
		[
			'Mozilla/5.0 (X11; Ubuntu; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chromium/126.0.6478.126 Safari/537.36',
			'Chrome',
			'126',
			'Linux',
		],
		[
			'Mozilla/5.0 (Windows Phone 10.0; Android 6.0.1; Microsoft; Lumia 950) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/52.0.2743.116 Mobile Safari/537.36 Edge/15.15063',
			'Edge',
			'15',
			'Windows Phone',
		],
		['Mozilla/5.0 (X11; FreeBSD amd64; rv:128.0) Gecko/20100101 Firefox/128.0', 'Firefox', '128', 'FreeBSD'],
		['Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.9', 'Lynx', '2', null],
		['w3m/0.5.3+git20230121', 'w3m', '0', null],
		['ELinks/0.16.1.1 (textmode; Linux 6.1.0 x86_64; 80x24-2)', 'ELinks', '0', 'Linux'],
		['Links (2.29; Linux 6.1.0-13-amd64 x86_64; GNU C 12.2; text)', 'Links', '2', 'Linux'],
	])('%s', (header, browser, version, os) => {
		expect(parseUserAgent(header)).toEqual({ browser, version, os })
	})

	test('an operating system alone, a browser alone', () => {
		expect(parseUserAgent('SomeBot/2.0 (Windows NT 10.0)')).toEqual({ browser: null, version: null, os: 'Windows' })
		expect(parseUserAgent('Mozilla/5.0 Firefox/120.0')).toEqual({ browser: 'Firefox', version: '120', os: null })
	})

	test.each([
		[null],
		[undefined],
		[''],
		['node'],
		['python-requests/2.32.3'],
		['Mozilla/5.0'],
		['<script>alert(1)</script>'],
		['\u0000\uffff'.repeat(100)],
	])('unknown for %j', (header) => {
		expect(parseUserAgent(header)).toEqual({ browser: null, version: null, os: null })
	})

	test('only the first 512 characters are looked at, so a huge or pathological header is read only in part', () => {
		expect(parseUserAgent(`${'x'.repeat(512)} Chrome/131.0 (Windows NT 10.0)`)).toEqual({ browser: null, version: null, os: null })
		expect(parseUserAgent(`Version/1${'1'.repeat(100_000)} ${'Mobile/x '.repeat(50_000)}`).browser).toBeNull()
		expect(parseUserAgent(`${'Version/1'.repeat(100_000)} Firefox/1`)).toEqual({ browser: null, version: null, os: null })
	})

	test('only names from its own lists come out, whatever the header says; versions are numbers', () => {
		expect(parseUserAgent('<script>alert(1)</script> Firefox/99<b> (Windows <img>)')).toEqual({
			browser: 'Firefox',
			version: '99',
			os: 'Windows',
		})
		expect(parseUserAgent('Chrome/0099999999999999999999')).toEqual({ browser: 'Chrome', version: '999', os: null })
	})
})

describe('describeUserAgent', () => {
	test('browser and system, either alone, or null', () => {
		expect(describeUserAgent('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe('Firefox 128 (Linux)')
		expect(describeUserAgent('Lynx/2.9.0dev.12 libwww-FM/2.14')).toBe('Lynx 2')
		expect(describeUserAgent('SomeBot (Windows NT 10.0)')).toBe('Windows')
		expect(describeUserAgent('python-requests/2.32.3')).toBeNull()
	})
})
