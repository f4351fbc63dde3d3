import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { PLURAL_SUFFIX, flatLocales } from '../../tests/support/locales'
import { BADGE_VARIANTS } from '../admin/functions'
import { GENDERS, NOUN_FORMS, sentenceForm } from '../catalogs/catalog-texts'
import { BUILTIN_FUNCTIONS, BUILTIN_ROLES, functionDescriptionKey } from '../permissions/builtins'
import { LANGUAGE_CODES, type LanguageCode } from './languages'

/**
 * A catalog's noun (`stations.noun.*`) has the forms its language's generic texts use, which differ from language
 * to language: app/catalogs/catalog-texts.test.ts checks them.
 */
const GENDER_SUFFIX = new RegExp(`_(${GENDERS.join('|')})$`)
const isNounForm = (key: string) => /\.noun\.\w+$/.test(key)
const flat = Object.fromEntries(
	Object.entries(flatLocales()).map(([code, entries]) => [
		code,
		Object.fromEntries(Object.entries(entries).filter(([key]) => !isNounForm(key))),
	]),
) as ReturnType<typeof flatLocales>
/**
 * A key as the code names it: the plural forms of a count (`toolsOf_one`, `toolsOf_few`, …) and the forms that
 * agree with a noun's gender (`catalogPages.new_feminine`) are one key.
 */
const baseKey = (key: string) => key.replace(PLURAL_SUFFIX, '').replace(GENDER_SUFFIX, '')
const allKeys = [...new Set(Object.values(flat).flatMap((entries) => Object.keys(entries).map(baseKey)))].sort()
/** The text of a key in a language: its forms joined (each language has the forms it needs, see plurals.test.ts). */
const texts = Object.fromEntries(
	LANGUAGE_CODES.map((code) => {
		const byKey = new Map<string, string>()
		for (const [key, text] of Object.entries(flat[code])) byKey.set(baseKey(key), `${byKey.get(baseKey(key)) ?? ''} ${text}`)
		return [code, byKey]
	}),
) as Record<LanguageCode, Map<string, string>>
const textOf = (code: LanguageCode, key: string) => texts[code].get(key) ?? ''
/** The noun's forms in a generic catalog text (`{{one}}`, `{{GenitivePlural}}`) are each language's own. */
const nounPlaceholders = new Set(NOUN_FORMS.flatMap((form) => [form, sentenceForm(form)]))
const placeholders = (text: string) =>
	[...new Set([...text.matchAll(/\{\{\s*(\w+)\s*(?:,[^}]*)?\}\}/g)].map((m) => m[1]!))].filter((name) => !nounPlaceholders.has(name)).sort()

describe('translations', () => {
	test.each(LANGUAGE_CODES)('%s has every key, each with text', (code) => {
		const missing = allKeys.filter((key) => !textOf(code, key).trim())
		expect(missing, `keys missing or empty in ${code}.json`).toEqual([])
	})

	test.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('%s uses the same placeholders as English', (code) => {
		const mismatched = allKeys.filter(
			(key) => JSON.stringify(placeholders(textOf(code, key))) !== JSON.stringify(placeholders(textOf('en', key))),
		)
		expect(mismatched).toEqual([])
	})

	// A date field is a picker that shows dates in the reader's own format: a hint naming another one (YYYY-MM-DD)
	// contradicts it. The format is named only where it is typed: the error of a browser without a picker, CSV files.
	test.each(LANGUAGE_CODES)('%s: the hint of a date field names no format', (code) => {
		expect(textOf(code, 'catalog.hints.date')).not.toMatch(/\p{Lu}{2,4}[-./]\p{Lu}{2}[-./]\p{Lu}{2,4}/u)
	})

	test('Vietnamese is written with its diacritics', () => {
		const vietnamese = Object.values(flat.vn).join(' ')
		expect(vietnamese).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i)
		expect(flat.vn['login.title']).toBe('Đăng nhập')
	})

	test.each(LANGUAGE_CODES)('%s describes every built-in role and function', (code) => {
		for (const role of BUILTIN_ROLES) expect(textOf(code, `roleDescriptions.${role.code}`), role.code).not.toBe('')
		for (const fn of BUILTIN_FUNCTIONS) expect(textOf(code, functionDescriptionKey(fn.code) ?? ''), fn.code).not.toBe('')
		if (code !== 'en') expect(textOf(code, 'roleDescriptions.viewer')).not.toBe(textOf('en', 'roleDescriptions.viewer'))
	})

	test.each(LANGUAGE_CODES)('%s names every option of the badge colour list', (code) => {
		for (const variant of BADGE_VARIANTS) expect(textOf(code, `admin.functions.badgeVariants.${variant}`), variant).not.toBe('')
		if (code !== 'en')
			expect(textOf(code, 'admin.functions.badgeVariants.danger')).not.toBe(textOf('en', 'admin.functions.badgeVariants.danger'))
	})

	test('every key the code uses exists', () => {
		const used = new Set<string>()
		const walk = (dir: string) => {
			for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
				const file = path.join(dir, entry.name)
				if (entry.isDirectory()) walk(file)
				else if (/\.(ts|tsx)$/.test(entry.name) && !entry.name.endsWith('.test.ts')) {
					const source = fs.readFileSync(file, 'utf8')
					for (const match of source.matchAll(/\b(?:t|issue|i18nKey)\(\s*['"`]([a-zA-Z]+\.[\w.]+)['"`]/g)) used.add(match[1]!)
					for (const match of source.matchAll(/\b(?:message|key|labelKey|titleKey):\s*['"`]([a-zA-Z]+\.[\w.]+)['"`]/g)) used.add(match[1]!)
				}
			}
		}
		walk(path.resolve(import.meta.dirname, '..'))
		const unknown = [...used].filter((key) => !textOf('en', key)).sort()
		expect(used.size).toBeGreaterThan(20)
		expect(unknown, 'keys used in app/ but missing from en.json').toEqual([])
	})
})
