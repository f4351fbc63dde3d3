import { createInstance, type TFunction } from 'i18next'
import { withLanguageTags } from '../../app/i18n/language-tags'
import { readMessages } from './locale-files'
import type { LanguageCode } from '../../app/i18n/languages'
import { CATALOG_TEXTS, catalogText, type CatalogTextName } from '../../app/catalogs/catalog-texts'

/**
 * A translation as the app renders it (plural forms, `{{count, number}}`), for tests that look for a text
 * on a page: an i18next instance per language over the app's own locale file, set up as the app sets up
 * its own. Relative imports only, so that the integration tests and Playwright can both load it.
 */
const translators = new Map<string, TFunction>()

export function translate(language: LanguageCode, key: string, values: Record<string, unknown> = {}): string {
	let t = translators.get(language)
	if (!t) {
		const instance = createInstance()
		const resources = readMessages(language)
		void instance.init({
			lng: language,
			fallbackLng: false,
			resources: { [language]: { translation: resources } },
			interpolation: { escapeValue: false },
			initImmediate: false,
		})
		t = withLanguageTags(instance).t
		translators.set(language, t)
	}
	const text = t(key, values)
	if (text === key) throw new Error(`no translation ${key} in ${language}`)
	return text
}

/**
 * A catalog's page texts (`new`, `created`, …) in a language, as its pages show them: its own text where it
 * writes one, else the generic one with its noun (app/catalogs/catalog-texts.ts). `{{code}}` and `{{name}}`
 * are left in, for the tests' `format`.
 */
export function catalogTexts(language: LanguageCode, texts: string): Record<CatalogTextName, string> {
	translate(language, `${texts}.title`)
	const t = translators.get(language)!
	return Object.fromEntries(
		CATALOG_TEXTS.map((name) => [name, catalogText(t, texts, name, { code: '{{code}}', name: '{{name}}' })]),
	) as Record<CatalogTextName, string>
}
