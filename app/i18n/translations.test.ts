import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { LANGUAGE_CODES } from './languages'

type Tree = { [key: string]: string | Tree }

const localesDir = path.resolve(import.meta.dirname, '../locales')
const locales = Object.fromEntries(
	LANGUAGE_CODES.map((code) => [code, JSON.parse(fs.readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as Tree]),
)

function flatten(tree: Tree, prefix = ''): Record<string, string> {
	const result: Record<string, string> = {}
	for (const [key, value] of Object.entries(tree)) {
		const fullKey = prefix ? `${prefix}.${key}` : key
		if (typeof value === 'string') result[fullKey] = value
		else Object.assign(result, flatten(value, fullKey))
	}
	return result
}

const flat = Object.fromEntries(LANGUAGE_CODES.map((code) => [code, flatten(locales[code]!)]))
const allKeys = [...new Set(Object.values(flat).flatMap((entries) => Object.keys(entries)))].sort()
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort()

describe('translations', () => {
	test.each(LANGUAGE_CODES)('%s has every key, each with text', (code) => {
		const missing = allKeys.filter((key) => !flat[code]![key]?.trim())
		expect(missing, `keys missing or empty in ${code}.json`).toEqual([])
	})

	test.each(LANGUAGE_CODES.filter((code) => code !== 'en'))('%s uses the same placeholders as English', (code) => {
		const mismatched = allKeys.filter(
			(key) => JSON.stringify(placeholders(flat[code]![key] ?? '')) !== JSON.stringify(placeholders(flat.en![key] ?? '')),
		)
		expect(mismatched).toEqual([])
	})

	test('Vietnamese is written with its diacritics', () => {
		const vietnamese = Object.values(flat.vn!).join(' ')
		expect(vietnamese).toMatch(/[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/i)
		expect(flat.vn!['login.title']).toBe('Đăng nhập')
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
		const unknown = [...used].filter((key) => !(key in flat.en!)).sort()
		expect(used.size).toBeGreaterThan(20)
		expect(unknown, 'keys used in app/ but missing from en.json').toEqual([])
	})
})
