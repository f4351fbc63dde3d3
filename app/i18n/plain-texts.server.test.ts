import { createInstance } from 'i18next'
import { describe, expect, test, vi } from 'vitest'
import { withPlainTextsKept } from './plain-texts.server'

function instance() {
	const i18n = createInstance()
	void i18n.init({
		lng: 'vn',
		fallbackLng: false,
		resources: {
			vn: {
				translation: {
					title: 'Bảng điều khiển',
					welcome: 'Xin chào {{name}}',
					unread_other: '{{count}} chưa đọc',
					nested: { key: 'Lồng' },
				},
			},
		},
		interpolation: { escapeValue: false },
		initImmediate: false,
	})
	// i18next's translator is not in its public types; every call is answered through it.
	const translate = vi.spyOn((i18n as unknown as { translator: { translate: () => unknown } }).translator, 'translate')
	return { i18n: withPlainTextsKept(i18n), translate }
}

describe('texts without values, kept once translated (the server’s i18next instances)', () => {
	test('a key asked again gives the same text without translating it again, as a component’s t asks it', () => {
		const { i18n, translate } = instance()
		const t = i18n.getFixedT(null, 'translation')
		expect(t('title')).toBe('Bảng điều khiển')
		expect(t('nested.key')).toBe('Lồng')
		expect(translate).toHaveBeenCalledTimes(2)
		expect(t('title')).toBe('Bảng điều khiển')
		expect(i18n.t('title')).toBe('Bảng điều khiển')
		expect(t('nested.key')).toBe('Lồng')
		expect(translate).toHaveBeenCalledTimes(2)
	})

	test('a call with values is translated each time, with its own values', () => {
		const { i18n, translate } = instance()
		const t = i18n.getFixedT(null, 'translation')
		expect(t('welcome', { name: 'An' })).toBe('Xin chào An')
		expect(t('welcome', { name: 'Bình' })).toBe('Xin chào Bình')
		expect(t('unread', { count: 3 })).toBe('3 chưa đọc')
		expect(t('title', { defaultValue: 'x' })).toBe('Bảng điều khiển')
		expect(translate).toHaveBeenCalledTimes(4)
	})

	test('another language or namespace asked of the instance is not answered from what it kept', () => {
		const { i18n, translate } = instance()
		expect(i18n.t('title')).toBe('Bảng điều khiển')
		expect(i18n.t('title', { lng: 'en' })).toBe('title')
		expect(i18n.t('title', { ns: 'other' })).toBe('title')
		expect(translate).toHaveBeenCalledTimes(3)
	})
})
