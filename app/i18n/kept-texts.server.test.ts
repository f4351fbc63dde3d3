import { createInstance } from 'i18next'
import { describe, expect, test, vi } from 'vitest'
import { withLanguageTags } from './language-tags'
import { withTextsKept } from './kept-texts.server'

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
					pair: '{{a}}|{{b}}',
					unread_other: '{{count, number}} chưa đọc',
					nested: { key: 'Lồng' },
				},
			},
		},
		interpolation: { escapeValue: false },
		initImmediate: false,
	})
	// i18next's translator is not in its public types; every call is answered through it.
	const translate = vi.spyOn((i18n as unknown as { translator: { translate: () => unknown } }).translator, 'translate')
	return { i18n: withTextsKept(withLanguageTags(i18n)), translate }
}

describe('texts kept once translated (the server’s i18next instances)', () => {
	test('a key asked again without values gives the same text without translating it again, as a component’s t asks it', () => {
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

	test('a key asked again with the same values is kept too; other values are translated with their own', () => {
		const { i18n, translate } = instance()
		const t = i18n.getFixedT(null, 'translation')
		expect(t('welcome', { name: 'An' })).toBe('Xin chào An')
		expect(t('welcome', { name: 'An' })).toBe('Xin chào An')
		expect(translate).toHaveBeenCalledTimes(1)
		expect(t('welcome', { name: 'Bình' })).toBe('Xin chào Bình')
		expect(t('unread', { count: 1234 })).toBe('1.234 chưa đọc')
		// A count given as text is another call: i18next finds no plural form for it.
		expect(t('unread', { count: '1234' } as unknown as { count: number })).toBe('unread')
		expect(t('unread', { count: 1234 })).toBe('1.234 chưa đọc')
		expect(t('title', { defaultValue: 'x' })).toBe('Bảng điều khiển')
		expect(translate).toHaveBeenCalledTimes(5)
	})

	test('no value can pass for another value or another key', () => {
		const { i18n } = instance()
		expect(i18n.t('pair', { a: 'x","b":"y', b: 'z' })).toBe('x","b":"y|z')
		expect(i18n.t('pair', { a: 'x', b: 'y","b":"z' })).toBe('x|y","b":"z')
		expect(i18n.t('pair', { a: 'x', b: 'y' })).toBe('x|y')
		expect(i18n.t('pair', { b: 'y', a: 'x' })).toBe('x|y')
		expect(i18n.t('pair\u0000,"a":"x"', { b: 'y' })).toBe('pair\u0000,"a":"x"')
	})

	test('the latest texts with values are kept, the first ones given up when there are more', () => {
		const { i18n, translate } = instance()
		for (let n = 0; n <= 5_000; n += 1) i18n.t('welcome', { name: `N${n}` })
		expect(translate).toHaveBeenCalledTimes(5_001)
		expect(i18n.t('welcome', { name: 'N5000' })).toBe('Xin chào N5000')
		expect(translate).toHaveBeenCalledTimes(5_001)
		expect(i18n.t('welcome', { name: 'N0' })).toBe('Xin chào N0')
		expect(translate).toHaveBeenCalledTimes(5_002)
	})

	test('another language or namespace, or an object among the options, is translated each time', () => {
		const { i18n, translate } = instance()
		expect(i18n.t('title')).toBe('Bảng điều khiển')
		expect(i18n.t('title', { lng: 'en' })).toBe('title')
		expect(i18n.t('title', { ns: 'other' })).toBe('title')
		expect(i18n.t('welcome', { name: 'An', interpolation: { escapeValue: true } })).toBe('Xin chào An')
		expect(i18n.t('welcome', { name: 'An', interpolation: { escapeValue: true } })).toBe('Xin chào An')
		expect(translate).toHaveBeenCalledTimes(5)
	})
})
