import { LANGUAGES, type LanguageCode } from './languages'

/** Dates and times are shown in the company's time zone, the same on the server and in the browser. */
export const DISPLAY_TIME_ZONE = 'Asia/Ho_Chi_Minh'

export function localeTag(language: string): string {
	return LANGUAGES.find((l) => l.code === language)?.tag ?? 'vi'
}

// Intl formatters are costly to create and safe to share: one per language and style.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>()

function formatter<Format extends Intl.DateTimeFormat | Intl.NumberFormat>(key: string, create: () => Format): Format {
	let found = formatters.get(key)
	if (!found) formatters.set(key, (found = create()))
	return found as Format
}

export function formatDateTime(at: number | Date, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`date-time:${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: 'short', timeStyle: 'short', timeZone: DISPLAY_TIME_ZONE })).format(at)
}

export function formatDate(at: number | Date, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`date:${tag}`, () => new Intl.DateTimeFormat(tag, { dateStyle: 'medium', timeZone: DISPLAY_TIME_ZONE })).format(at)
}

export function formatNumber(value: number, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`number:${tag}`, () => new Intl.NumberFormat(tag)).format(value)
}

/** A decimal given as a string ("1234567.5"), formatted exactly (Intl formats a numeric string without a double). */
export function formatDecimalString(decimal: string, language: LanguageCode | string, minimumFractionDigits: number, maximumFractionDigits: number): string {
	const tag = localeTag(language)
	const format = formatter(`decimal:${tag}:${minimumFractionDigits}:${maximumFractionDigits}`, () => new Intl.NumberFormat(tag, { minimumFractionDigits, maximumFractionDigits }))
	return format.format(decimal as unknown as number)
}
