import { describe, expect, test } from 'vitest'
import { DEFAULT_LAYOUT, bodyAttributes, parseLayoutCookie, serializeLayout } from './settings'

describe('layout settings', () => {
	test('default to the seed: fluid, vertical, light, dark sidebar, dark top bar', () => {
		expect(parseLayoutCookie(undefined)).toEqual(DEFAULT_LAYOUT)
		expect(bodyAttributes(DEFAULT_LAYOUT)).toEqual({
			'data-layout': 'vertical',
			'data-layout-mode': 'light',
			'data-bs-theme': 'light',
			'data-layout-size': 'fluid',
			'data-layout-scrollable': 'false',
			'data-sidebar': 'dark',
			'data-sidebar-size': 'default',
			'data-topbar': 'dark',
		})
	})

	test('survive a round trip through the cookie', () => {
		const settings = { width: 'scrollable', layout: 'horizontal', mode: 'dark', sidebar: 'icon', topbar: 'colored' } as const
		expect(parseLayoutCookie(serializeLayout(settings))).toEqual(settings)
	})

	test('ignore unknown values field by field', () => {
		expect(parseLayoutCookie('width=huge&mode=dark&sidebar=<script>')).toEqual({ ...DEFAULT_LAYOUT, mode: 'dark' })
	})

	test('map sidebar sizes and widths to the template attributes', () => {
		const compact = bodyAttributes({ ...DEFAULT_LAYOUT, sidebar: 'compact', width: 'boxed' })
		expect(compact['data-sidebar-size']).toBe('compact')
		expect(compact['data-sidebar']).toBe('dark')
		expect(compact['data-layout-size']).toBe('boxed')
		const colored = bodyAttributes({ ...DEFAULT_LAYOUT, sidebar: 'colored', width: 'scrollable' })
		expect(colored['data-sidebar']).toBe('colored')
		expect(colored['data-sidebar-size']).toBe('default')
		expect(colored['data-layout-scrollable']).toBe('true')
	})
})
