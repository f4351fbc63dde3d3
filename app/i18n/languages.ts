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
	return languageCookieValue(cookieHeader) ?? DEFAULT_LANGUAGE
}

/** The language the plain `lang=xx` cookie names; null without one, or when it names none of ours. */
export function languageCookieValue(cookieHeader: string | null): LanguageCode | null {
	if (!cookieHeader) return null
	for (const part of cookieHeader.split(';')) {
		const [name, ...rest] = part.trim().split('=')
		if (name === LANGUAGE_COOKIE) {
			// The value is a bare code; anything else (a broken %-escape included) is ignored, not decoded.
			const value = rest.join('=').trim()
			if (isLanguageCode(value)) return value
		}
	}
	return null
}

/** Accept-Language ranges beyond this many are not read (a header is the client's to make long). */
const ACCEPT_LANGUAGE_RANGES = 32

/**
 * The best of our languages for an `Accept-Language` header (RFC 9110 §12.5.4, RFC 4647 lookup on the
 * primary subtag): `vi` (and the seed's `vn`) is Vietnamese, `en-GB` English; `*` is any language,
 * Vietnamese first; `q=0` rules a language out. Null when the header names none of ours.
 */
export function languageFromAcceptLanguage(header: string | null): LanguageCode | null {
	if (!header) return null
	const ranges: { code: LanguageCode | '*'; quality: number }[] = []
	const refused = new Set<LanguageCode | '*'>()
	for (const item of header.split(',').slice(0, ACCEPT_LANGUAGE_RANGES)) {
		const [range = '', ...parameters] = item.split(';').map((part) => part.trim())
		const primary = range.toLowerCase().split('-')[0]!
		const code = primary === '*' ? '*' : primary === 'vi' ? 'vn' : primary
		if (code !== '*' && !isLanguageCode(code)) continue
		const q = parameters.find((parameter) => /^q\s*=/i.test(parameter))?.replace(/^q\s*=\s*/i, '')
		const quality = q === undefined ? 1 : /^(0(\.\d{0,3})?|1(\.0{0,3})?)$/.test(q) ? Number(q) : NaN
		if (Number.isNaN(quality)) continue
		if (quality === 0) refused.add(code)
		else ranges.push({ code, quality })
	}
	// Stable: among equal qualities, the header's order decides.
	ranges.sort((a, b) => b.quality - a.quality)
	for (const { code } of ranges) {
		if (refused.has(code)) continue
		if (code !== '*') return code
		const any = [DEFAULT_LANGUAGE, ...LANGUAGE_CODES].find((language) => !refused.has(language))
		if (any) return any
	}
	return null
}

/**
 * The language of an API answer whose user is not known (or has none in their profile): the `lang`
 * cookie, else the best `Accept-Language` match, else Vietnamese.
 */
export function requestLanguage(cookieHeader: string | null, acceptLanguage: string | null): LanguageCode {
	return languageCookieValue(cookieHeader) ?? languageFromAcceptLanguage(acceptLanguage) ?? DEFAULT_LANGUAGE
}
