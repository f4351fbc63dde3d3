import { createInstance, type i18n as I18n, type TFunction } from 'i18next'
import { initReactI18next } from 'react-i18next'
import { RemixI18Next } from 'remix-i18next/server'
import { singleton } from '~/utils/singleton.server'
import { MESSAGES } from './messages'
import { withLanguageTags } from './language-tags'
import { withTextsKept } from './kept-texts.server'
import { DEFAULT_LANGUAGE, LANGUAGE_CODES, isLanguageCode, languageFromCookieHeader, type LanguageCode } from './languages'

/** Every translation, bundled with the server: loaded once at start-up, never read per request. */
// Typed as a tree, not as English's shape: each language has the plural forms it needs (vn one, ru four).
export const translations: Record<LanguageCode, object> = MESSAGES

export const remixI18next = new RemixI18Next({
	detection: {
		supportedLanguages: [...LANGUAGE_CODES],
		fallbackLanguage: DEFAULT_LANGUAGE,
		order: ['custom'],
		// The seed keeps the choice in a plain `lang=en` cookie, not a Remix-encoded one.
		findLocale: async (request) => languageFromCookieHeader(request.headers.get('Cookie')),
	},
})

export async function getLanguage(request: Request): Promise<LanguageCode> {
	const locale = await remixI18next.getLocale(request)
	return isLanguageCode(locale) ? locale : DEFAULT_LANGUAGE
}

/**
 * One initialised i18next instance per language, shared by every request in that language.
 * They are never switched to another language, so sharing them is safe.
 */
function instances(): Record<LanguageCode, I18n> {
	return singleton('i18n-instances', () => {
		const result = {} as Record<LanguageCode, I18n>
		for (const code of LANGUAGE_CODES) {
			const instance = createInstance()
			void instance.use(initReactI18next).init({
				lng: code,
				fallbackLng: false,
				supportedLngs: [...LANGUAGE_CODES],
				resources: { [code]: { translation: translations[code] } },
				interpolation: { escapeValue: false },
				initImmediate: false,
			})
			result[code] = withTextsKept(withLanguageTags(instance))
		}
		return result
	})
}

export function getI18nInstance(language: LanguageCode): I18n {
	return instances()[language]
}

export function getFixedT(language: LanguageCode): TFunction {
	return instances()[language].t
}

export async function getT(request: Request): Promise<TFunction> {
	return getFixedT(await getLanguage(request))
}
