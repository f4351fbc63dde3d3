import { describe, expect, test } from 'vitest'
import { isSitePath, safeRedirect } from './redirect'

const SITE = 'http://portal.test'

/** Where a browser on this site ends up after `Location: value`. */
function landing(value: string) {
	return new URL(value, `${SITE}/account/login`)
}

describe('safeRedirect keeps the user on this site', () => {
	test.each([
		['/', '/'],
		['/dashboard', '/dashboard'],
		['/danhmuc/tram?q=a&page=2#x', '/danhmuc/tram?q=a&page=2#x'],
		['/danhmuc/tram?q=tr%E1%BA%A1m&page=2', '/danhmuc/tram?q=tr%E1%BA%A1m&page=2'],
		['/search?q=a%20b%2F%2Fc', '/search?q=a%20b%2F%2Fc'],
		['/a/b#section', '/a/b#section'],
		['/admin/users/12?tab=roles', '/admin/users/12?tab=roles'],
		['/a/./b/../c', '/a/c'],
		['/tr%E1%BA%A1m', '/tr%E1%BA%A1m'],
		['/x?next=//evil.example', '/x?next=//evil.example'],
		['/@evil.example', '/@evil.example'],
		['/./%2e/evil.example', '/evil.example'],
	])('accepts the same-origin target %s', (target, expected) => {
		expect(safeRedirect(target)).toBe(expected)
	})

	const LONG = `/${'a'.repeat(2100)}`
	test.each([
		['protocol-relative', '//evil.example'],
		['three slashes', '///evil.example'],
		['four slashes', '////evil.example'],
		['backslash after slash', '/\\evil.example'],
		['two backslashes', '\\\\evil.example'],
		['backslash then slash', '\\/evil.example'],
		['slash backslash slash', '/\\/evil.example'],
		['encoded slash', '/%2f/evil.example'],
		['encoded slash, upper case', '/%2F%2Fevil.example'],
		['encoded backslash', '/%5c/evil.example'],
		['encoded backslash, upper case', '/%5C%5Cevil.example'],
		['double-encoded slash', '/%252f/evil.example'],
		['dot segment then slash', '/.//evil.example'],
		['dot segment, encoded dot', '/./%2e//evil.example'],
		['encoded dot segment', '/%2e//evil.example'],
		['parent segment then slash', '/../..//evil.example'],
		['encoded parent segment', '/%2e%2e//evil.example'],
		['dot segments in the middle', '/a/..//evil.example'],
		['dot segment and backslash', '/./\\evil.example'],
		['tab that browsers strip', '/\t/evil.example'],
		['newline', '/\n/evil.example'],
		['carriage return', '/\r/evil.example'],
		['encoded tab', '/%09/evil.example'],
		['encoded newline', '/%0a/evil.example'],
		['NUL byte', '/\u0000/evil.example'],
		['zero-width space', '/\u200b/evil.example'],
		['space', '/ /evil.example'],
		['leading space', ' //evil.example'],
		['absolute https URL', 'https://evil.example'],
		['absolute http URL with path', 'http://evil.example/dashboard'],
		['absolute URL of this very site', 'http://portal.test/dashboard'],
		['scheme-relative with userinfo', '//portal.test@evil.example'],
		['IDN host', '//еvil.example'],
		['punycode host', '//xn--vil-8cd.example'],
		['javascript: URL', 'javascript:alert(1)'],
		['javascript: URL with a leading slash trick', '/javascript:alert(1)//\n'],
		['data: URL', 'data:text/html,<script>alert(1)</script>'],
		['vbscript: URL', 'vbscript:msgbox(1)'],
		['relative path', 'dashboard'],
		['relative dot path', './/evil.example'],
		['query only', '?next=/'],
		['fragment only', '#top'],
		['broken percent-encoding', '/%E0%A4%A'],
		['over-long input', LONG],
		['empty', ''],
	])('refuses a %s target', (_name, target) => {
		const result = safeRedirect(target, '/fallback')
		expect(result).toBe('/fallback')
	})

	test('whatever it answers, a browser stays on this site and is not handed a scheme-relative path', () => {
		const tricky = ['/.//evil.example', '/./%2e/evil.example', '/a/.././/evil', '/%2e%2e/%2e%2e//evil', '/..%2f..%2f/evil']
		for (const target of tricky) {
			const result = safeRedirect(target, '/fallback')
			expect(landing(result).origin).toBe(SITE)
			expect(result.startsWith('//')).toBe(false)
		}
	})

	test('falls back when nothing usable is given', () => {
		expect(safeRedirect(null)).toBe('/')
		expect(safeRedirect(undefined, '/dashboard')).toBe('/dashboard')
		expect(safeRedirect(new File(['x'], 'x.txt'), '/dashboard')).toBe('/dashboard')
	})
})

describe('isSitePath: a link kept in the database is a path of this site as written', () => {
	test.each([
		'/',
		'/kho',
		'/danhmuc/tram',
		'/danhmuc/tram/active',
		'/danhmuc/tram?status=active',
		'/danhmuc/tram?status=active&type=a',
		'/search?q=a%20b',
		'/a.b/c_d-e',
		'/x?next=/y',
	])('accepts %s', (value) => {
		expect(isSitePath(value)).toBe(true)
	})

	test.each([
		['protocol-relative', '//evil.example/x'],
		['three slashes', '///evil.example'],
		['double slash inside', '/kho//evil.example'],
		['encoded slashes', '/%2F%2Fevil.example'],
		['encoded slash after a slash', '/%2fevil.example'],
		['double-encoded slash', '/%252F/evil.example'],
		['backslash', '/\\evil.example'],
		['encoded backslash', '/%5Cevil.example'],
		['encoded backslash, lower case', '/%5cevil.example'],
		['scheme', 'https://evil.example/'],
		['javascript: URL', 'javascript:alert(1)'],
		['relative path', 'kho'],
		['tab', '/\t/evil.example'],
		['encoded tab', '/%09/evil.example'],
		['encoded newline in the query', '/kho?x=%0a'],
		['encoded NUL in the query', '/kho?x=%00'],
		['encoded backslash in the query', '/kho?x=%5C'],
		['zero-width space', '/\u200bkho'],
		['dot segment', '/a/./b'],
		['parent segment', '/a/../b'],
		['encoded parent segment', '/a/%2e%2e/b'],
		['trailing dot segment', '/a/..'],
		['broken encoding', '/%E0%A4%A'],
		['empty', ''],
	])('refuses a %s', (_name, value) => {
		expect(isSitePath(value)).toBe(false)
	})
})
