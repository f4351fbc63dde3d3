import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { LANGUAGE_CODES, type LanguageCode } from '../../app/i18n/languages'

type Tree = { [key: string]: string | Tree }

const localesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'app', 'locales')

function flatten(tree: Tree, prefix = ''): Record<string, string> {
	const result: Record<string, string> = {}
	for (const [key, value] of Object.entries(tree)) {
		const fullKey = prefix ? `${prefix}.${key}` : key
		if (typeof value === 'string') result[fullKey] = value
		else Object.assign(result, flatten(value, fullKey))
	}
	return result
}

/** Every locale file as `dotted.key → text`, by language code. */
export function flatLocales(): Record<LanguageCode, Record<string, string>> {
	return Object.fromEntries(
		LANGUAGE_CODES.map((code) => [code, flatten(JSON.parse(fs.readFileSync(path.join(localesDir, `${code}.json`), 'utf8')) as Tree)]),
	) as Record<LanguageCode, Record<string, string>>
}

/** i18next's plural suffixes: `toolsOf_one` is the form `one` of the count `toolsOf`. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
