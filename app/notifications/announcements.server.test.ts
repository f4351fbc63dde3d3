import { describe, expect, test } from 'vitest'
import { isNotificationLink, postedIds } from './announcements.server'

describe('isNotificationLink', () => {
	test('http(s) addresses and paths of this site', () => {
		for (const link of ['https://intranet.example.com/news?id=1', 'http://example.com', '/danhmuc/tram', '/notifications?before=3'])
			expect(isNotificationLink(link), link).toBe(true)
	})

	test('never a script, another scheme, a protocol-relative address or something a browser would read as one', () => {
		for (const link of [
			'javascript:alert(1)',
			'JAVASCRIPT:alert(1)',
			'data:text/html,<script>',
			'mailto:a@example.com',
			'//evil.example/x',
			'/\\evil.example',
			'/path with space',
			'https://',
			'danhmuc/tram',
			'ftp://example.com/file',
		]) {
			expect(isNotificationLink(link), link).toBe(false)
		}
	})
})

describe('postedIds', () => {
	const form = (...values: string[]) => {
		const data = new FormData()
		for (const value of values) data.append('roles', value)
		return data
	}

	test('each id once, in the order posted', () => {
		expect(postedIds(form('3', '1', '3'), 'roles')).toEqual([3, 1])
		expect(postedIds(form(), 'roles')).toEqual([])
	})

	test('null for anything that is not a whole positive id', () => {
		for (const bad of ['0', '-1', '1.5', 'x', '', '9999999999', ' 1']) expect(postedIds(form('1', bad), 'roles'), bad).toBeNull()
	})
})
