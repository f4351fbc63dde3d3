import { describe, expect, test } from 'vitest'
import { safeRedirect } from './redirect'

describe('safeRedirect keeps the user on this site', () => {
	test.each(['/dashboard', '/danhmuc/tram?q=tr%E1%BA%A1m&page=2', '/a/b#section'])('accepts the same-origin path %s', (path) => {
		expect(safeRedirect(path)).toBe(path)
	})

	test.each([
		['protocol-relative', '//evil.example'],
		['backslash', '/\\evil.example'],
		['tab that browsers strip', '/\t/evil.example'],
		['newline', '/\n/evil.example'],
		['absolute URL', 'https://evil.example'],
		['javascript: URL', 'javascript:alert(1)'],
		['relative path', 'dashboard'],
		['encoded slashes decoded by nobody but still odd', '/%2F%2Fevil.example'],
		['empty', ''],
		['space', '/ /evil.example'],
	])('refuses a %s target', (_name, target) => {
		const result = safeRedirect(target, '/fallback')
		expect(new URL(result, 'http://portal.test').origin).toBe('http://portal.test')
		if (target !== '/%2F%2Fevil.example') expect(result).toBe('/fallback')
	})

	test('falls back when nothing is given', () => {
		expect(safeRedirect(null)).toBe('/')
		expect(safeRedirect(undefined, '/dashboard')).toBe('/dashboard')
	})
})
