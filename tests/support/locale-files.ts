import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { LanguageCode } from '../../app/i18n/languages'
import { mergeTexts, type Tree } from '../../app/i18n/merge-texts'

/**
 * A language's messages read from the files, as app/i18n/messages.ts builds them from its imports: the locale file
 * with every catalog folder's texts.json merged in. For the code Playwright loads too, which cannot import JSON;
 * app/i18n/messages.test.ts checks that both agree. Relative imports only.
 */
const APP_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', 'app')

const read = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, Tree>

/** Every catalog folder's texts.json under app/catalogs. */
export function folderTextFiles(): string[] {
	const catalogs = path.join(APP_DIR, 'catalogs')
	return fs
		.readdirSync(catalogs)
		.map((folder) => path.join(catalogs, folder, 'texts.json'))
		.filter((file) => fs.existsSync(file))
		.sort()
}

export function readMessages(language: LanguageCode): Tree {
	const locale = read(path.join(APP_DIR, 'locales', `${language}.json`))
	return mergeTexts(
		locale,
		folderTextFiles().map((file) => read(file)[language]!),
	)
}
