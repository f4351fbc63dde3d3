/** The interface languages. `code` is the seed's (cookie, file names); `tag` is the real BCP 47 tag. */
export const LANGUAGES = [
	{ code: 'vn', tag: 'vi', name: 'Tiếng Việt', flag: 'vn' },
	{ code: 'en', tag: 'en', name: 'English', flag: 'gb' },
	{ code: 'es', tag: 'es', name: 'Español', flag: 'es' },
	{ code: 'de', tag: 'de', name: 'Deutsch', flag: 'de' },
	{ code: 'it', tag: 'it', name: 'Italiano', flag: 'it' },
	{ code: 'ru', tag: 'ru', name: 'Русский', flag: 'ru' },
] as const

export type LanguageCode = (typeof LANGUAGES)[number]['code']
export const LANGUAGE_CODES = LANGUAGES.map((l) => l.code) as [LanguageCode, ...LanguageCode[]]
export const DEFAULT_LANGUAGE: LanguageCode = 'vn'
export const LANGUAGE_COOKIE = 'lang'

export function isLanguageCode(value: unknown): value is LanguageCode {
	return typeof value === 'string' && (LANGUAGE_CODES as string[]).includes(value)
}

/** The BCP 47 tag for `<html lang>` and Intl formatting. */
export function languageTag(code: LanguageCode): string {
	return LANGUAGES.find((l) => l.code === code)?.tag ?? 'vi'
}

/** Reads the plain `lang=xx` cookie; anything unknown falls back to Vietnamese. */
export function languageFromCookieHeader(cookieHeader: string | null): LanguageCode {
	if (!cookieHeader) return DEFAULT_LANGUAGE
	for (const part of cookieHeader.split(';')) {
		const [name, ...rest] = part.trim().split('=')
		if (name === LANGUAGE_COOKIE) {
			// The value is a bare code; anything else (a broken %-escape included) is ignored, not decoded.
			const value = rest.join('=').trim()
			if (isLanguageCode(value)) return value
		}
	}
	return DEFAULT_LANGUAGE
}
