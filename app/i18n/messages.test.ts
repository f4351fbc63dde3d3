import { describe, expect, test } from 'vitest'
import stations from '~/catalogs/stations/texts.json'
import { LANGUAGE_CODES } from './languages'
import { FOLDER_TEXTS, MESSAGES } from './messages'
import { mergeTexts } from './merge-texts'
import { folderTextFiles, readMessages } from '../../tests/support/locale-files'

describe('a language\u2019s messages', () => {
	test('are its locale file with each catalog folder\u2019s texts merged in, subtree by subtree', () => {
		expect(mergeTexts({ a: 'A', functions: { X: 'x' } }, [{ functions: { Y: 'y' }, b: { c: 'C' } }])).toEqual({
			a: 'A',
			functions: { X: 'x', Y: 'y' },
			b: { c: 'C' },
		})
		expect(MESSAGES.en.stations).toEqual(stations.en.stations)
		expect(MESSAGES.ru.functions.DANHMUC_TRAM).toBe(stations.ru.functions.DANHMUC_TRAM)
		expect(MESSAGES.vn.functions.QUANTRI_USERS, 'the locale file\u2019s own functions stay').toBe('Người dùng')
	})

	test('a text written twice, or a text where the other has a subtree, is a defect said by its key', () => {
		expect(() => mergeTexts({ functions: { X: 'x' } }, [{ functions: { X: 'again' } }])).toThrow('The text functions.X is written twice')
		expect(() => mergeTexts({ stations: 'Trạm' }, [{ stations: { title: 'Trạm' } }])).toThrow('The text stations is written twice')
	})

	test('every catalog folder writes every language', () => {
		for (const texts of FOLDER_TEXTS) expect(Object.keys(texts).sort()).toEqual([...LANGUAGE_CODES].sort())
	})
})

describe('the locale files as the tests that cannot import JSON read them (tests/support/locale-files.ts)', () => {
	test('are the messages the app builds, every catalog folder\u2019s texts.json among them', () => {
		expect(folderTextFiles()).toHaveLength(FOLDER_TEXTS.length)
		for (const language of LANGUAGE_CODES) expect(readMessages(language), language).toEqual(MESSAGES[language])
	})
})
