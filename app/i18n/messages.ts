import * as FOLDER_TEXT_FILES from '~/catalogs/folder-texts'
import type { CATALOGS } from '~/catalogs/registry'
import deLocale from '~/locales/de.json'
import enLocale from '~/locales/en.json'
import esLocale from '~/locales/es.json'
import itLocale from '~/locales/it.json'
import ruLocale from '~/locales/ru.json'
import vnLocale from '~/locales/vn.json'
import type { LanguageCode } from './languages'
import { mergeTexts, type Tree } from './merge-texts'

/** Each catalog folder's texts.json (app/catalogs/folder-texts.ts); a catalog of the registry without one fails the type check. */
export const FOLDER_TEXTS = Object.values(FOLDER_TEXT_FILES satisfies Record<keyof typeof CATALOGS, object>)

type UnionToIntersection<U> = (U extends unknown ? (part: U) => void : never) extends (whole: infer I) => void ? I : never
/** What the catalogs' folders add to a language's messages. */
type FolderTextsOf<L extends LanguageCode> = UnionToIntersection<(typeof FOLDER_TEXTS)[number][L]>

function messagesOf<L extends LanguageCode, Locale extends object>(language: L, locale: Locale): Locale & FolderTextsOf<L> {
	return mergeTexts(
		locale as Tree,
		FOLDER_TEXTS.map((texts) => texts[language] as Tree),
	) as Locale & FolderTextsOf<L>
}

/**
 * Each language's messages: its locale file (app/locales) with the catalogs' own texts merged in. (Playwright's
 * tests, which cannot import JSON, read the same files: tests/support/locale-files.ts.)
 */
export const vn = messagesOf('vn', vnLocale)
export const en = messagesOf('en', enLocale)
export const es = messagesOf('es', esLocale)
export const de = messagesOf('de', deLocale)
export const it = messagesOf('it', itLocale)
export const ru = messagesOf('ru', ruLocale)

export const MESSAGES = { vn, en, es, de, it, ru } satisfies Record<LanguageCode, object>

/** The shape of a language's messages, as English has them. */
export type Messages = typeof en
