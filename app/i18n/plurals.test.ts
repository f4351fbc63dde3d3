import { describe, expect, test } from 'vitest'
import { translate } from '../../tests/support/translate'
import { localeTag } from './format'
import { LANGUAGE_CODES } from './languages'
import { PLURAL_SUFFIX as PLURAL, flatLocales } from '../../tests/support/locales'

/**
 * Every count is said with the plural forms its language needs (i18next's `_one`, `_few`, `_many`,
 * `_other` keys, chosen by Intl.PluralRules) and written in the language's number format.
 */
const flat = flatLocales()
const countKeys = [
	...new Set(
		Object.values(flat).flatMap((entries) =>
			Object.keys(entries)
				.filter((key) => PLURAL.test(key))
				.map((key) => key.replace(PLURAL, '')),
		),
	),
].sort()
const SAMPLES = [0, 1, 2, 5, 21, 1_000_000]

describe('plural forms', () => {
	test('the counts of the interface are plural keys', () => {
		expect(countKeys.length).toBeGreaterThanOrEqual(20)
		expect(countKeys).toEqual(
			expect.arrayContaining(['stations.toolsOf', 'csv.rowErrorsSummary', 'admin.users.sessionsRevoked', 'session.warningBody']),
		)
	})

	test.each(LANGUAGE_CODES)('%s has exactly the forms its language distinguishes, for every count', (code) => {
		const categories = new Intl.PluralRules(localeTag(code)).resolvedOptions().pluralCategories.slice().sort()
		for (const key of countKeys) {
			const forms = Object.keys(flat[code]!)
				.filter((candidate) => candidate.replace(PLURAL, '') === key && PLURAL.test(candidate))
				.map((candidate) => PLURAL.exec(candidate)![1])
				.sort()
			expect(forms, `${key} in ${code}.json`).toEqual(categories)
			expect(flat[code]![key], `${key} in ${code}.json also without a form`).toBeUndefined()
		}
	})

	test.each(LANGUAGE_CODES)('%s: a count appears only as {{count, number}}, in plural keys', (code) => {
		const misplaced = Object.entries(flat[code]!)
			.filter(([key, text]) => !PLURAL.test(key) && /\{\{\s*count\b/.test(text))
			.map(([key]) => key)
		expect(misplaced, 'keys with a count but no plural forms').toEqual([])
		const counted = Object.entries(flat[code]!).filter(([key]) => PLURAL.test(key))
		for (const [key, text] of counted) expect(text, key).toContain('{{count, number}}')
		const otherNames = Object.entries(flat[code]!)
			.filter(([, text]) => /\{\{\s*(n|minutes|rows|hours|days)\s*[,}]/.test(text))
			.map(([key]) => key)
		expect(otherNames, 'counts under another name than count').toEqual([])
	})

	test.each(LANGUAGE_CODES)(
		'%s renders every count with the form and number format Intl chooses for 0, 1, 2, 5, 21 and 1,000,000',
		(code) => {
			const tag = localeTag(code)
			const rules = new Intl.PluralRules(tag)
			const numbers = new Intl.NumberFormat(tag)
			for (const key of countKeys) {
				for (const count of SAMPLES) {
					const form = flat[code]![`${key}_${rules.select(count)}`]
					expect(form, `${key}_${rules.select(count)} in ${code}.json`).toBeDefined()
					const values: Record<string, string> = { code: 'HN-0001', name: 'An', link: 'https://portal.example/reset' }
					const expected = form!.replace(/\{\{\s*(\w+)\s*(,\s*number\s*)?\}\}/g, (_all, name: string) =>
						name === 'count' ? numbers.format(count) : name === 'read' || name === 'sent' ? numbers.format(0) : values[name]!,
					)
					const rendered = translate(code, key, { count, read: 0, sent: 0, ...values })
					expect(rendered, `${key} in ${code} for ${count}`).toBe(expected)
					expect(rendered).not.toMatch(/\{\{|\}\}/)
				}
			}
		},
	)

	test('the forms read as each language says them', () => {
		expect(translate('en', 'stations.toolsOf', { count: 1, code: 'HN-1' })).toBe('1 tool at station HN-1')
		expect(translate('en', 'stations.toolsOf', { count: 1234, code: 'HN-1' })).toBe('1,234 tools at station HN-1')
		expect(translate('vn', 'stations.toolsOf', { count: 1, code: 'HN-1' })).toBe('1 công cụ tại trạm HN-1')
		expect(translate('vn', 'stations.toolsOf', { count: 1234, code: 'HN-1' })).toBe('1.234 công cụ tại trạm HN-1')
		expect(translate('ru', 'stations.toolsOf', { count: 1, code: 'HN-1' })).toBe('1 инструмент на станции HN-1')
		expect(translate('ru', 'stations.toolsOf', { count: 3, code: 'HN-1' })).toBe('3 инструмента на станции HN-1')
		expect(translate('ru', 'stations.toolsOf', { count: 5, code: 'HN-1' })).toBe('5 инструментов на станции HN-1')
		expect(translate('ru', 'stations.toolsOf', { count: 21, code: 'HN-1' })).toBe('21 инструмент на станции HN-1')
		expect(translate('it', 'stations.toolsOf', { count: 1, code: 'HN-1' })).toBe('1 attrezzo presso la stazione HN-1')
		expect(translate('it', 'stations.toolsOf', { count: 1_000_000, code: 'HN-1' })).toBe('1.000.000 di attrezzi presso la stazione HN-1')
		expect(translate('es', 'stations.toolsOf', { count: 1_000_000, code: 'HN-1' })).toBe('1.000.000 de herramientas en la estación HN-1')
		expect(translate('de', 'admin.users.sessionsRevoked', { count: 1 })).toBe('1 Sitzung beendet.')
		expect(translate('de', 'admin.users.sessionsRevoked', { count: 2 })).toBe('2 Sitzungen beendet.')
	})
})
