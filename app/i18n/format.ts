import { LANGUAGES, type LanguageCode } from './languages'

/** Dates and times are shown in the company's time zone, the same on the server and in the browser. */
export const DISPLAY_TIME_ZONE = 'Asia/Ho_Chi_Minh'

export function localeTag(language: string): string {
	return LANGUAGES.find((l) => l.code === language)?.tag ?? 'vi'
}

export function formatDateTime(at: number | Date, language: LanguageCode | string): string {
	return new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'short', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE }).format(at)
}

export function formatDate(at: number | Date, language: LanguageCode | string): string {
	return new Intl.DateTimeFormat(localeTag(language), { dateStyle: 'medium', timeZone: DISPLAY_TIME_ZONE }).format(at)
}

export function formatNumber(value: number, language: LanguageCode | string): string {
	return new Intl.NumberFormat(localeTag(language)).format(value)
}
