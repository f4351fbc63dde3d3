import { LANGUAGE_CODES, type LanguageCode } from '../../app/i18n/languages'
import { readMessages } from './locale-files'

type Tree = { [key: string]: string | Tree }

function flatten(tree: Tree, prefix = ''): Record<string, string> {
	const result: Record<string, string> = {}
	for (const [key, value] of Object.entries(tree)) {
		const fullKey = prefix ? `${prefix}.${key}` : key
		if (typeof value === 'string') result[fullKey] = value
		else Object.assign(result, flatten(value, fullKey))
	}
	return result
}

/** Every language's messages (its locale file and the catalogs' own texts) as `dotted.key → text`, by language code. */
export function flatLocales(): Record<LanguageCode, Record<string, string>> {
	return Object.fromEntries(LANGUAGE_CODES.map((code) => [code, flatten(readMessages(code))])) as Record<
		LanguageCode,
		Record<string, string>
	>
}

/** i18next's plural suffixes: `toolsOf_one` is the form `one` of the count `toolsOf`. */
export const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/
