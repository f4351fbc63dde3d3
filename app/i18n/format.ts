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

// Numeric dates with four-digit years, in each language's order (28/02/2012 in Vietnamese, 28.02.2012 in
// German): they line up in table columns and never read as another year.
const NUMERIC_DATE = { year: 'numeric', month: '2-digit', day: '2-digit' } as const

export function formatDateTime(at: number | Date, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`date-time:${tag}`, () => new Intl.DateTimeFormat(tag, { ...NUMERIC_DATE, hour: '2-digit', minute: '2-digit', timeZone: DISPLAY_TIME_ZONE })).format(at)
}

export function formatDate(at: number | Date, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`date:${tag}`, () => new Intl.DateTimeFormat(tag, { ...NUMERIC_DATE, timeZone: DISPLAY_TIME_ZONE })).format(at)
}

export function formatNumber(value: number, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`number:${tag}`, () => new Intl.NumberFormat(tag)).format(value)
}

/** A share given in percent (63.5 for 63.5 %), written as the language writes percentages ("63,5 %" in German). */
export function formatPercent(percent: number, language: LanguageCode | string): string {
	const tag = localeTag(language)
	return formatter(`percent:${tag}`, () => new Intl.NumberFormat(tag, { style: 'percent', maximumFractionDigits: 1 })).format(percent / 100)
}

/** A decimal given as a string ("1234567.5"), formatted exactly (Intl formats a numeric string without a double). */
export function formatDecimalString(decimal: string, language: LanguageCode | string, minimumFractionDigits: number, maximumFractionDigits: number): string {
	const tag = localeTag(language)
	const format = formatter(`decimal:${tag}:${minimumFractionDigits}:${maximumFractionDigits}`, () => new Intl.NumberFormat(tag, { minimumFractionDigits, maximumFractionDigits }))
	return format.format(decimal as unknown as number)
}

const LOCAL_PARTS = new Intl.DateTimeFormat('en-US', { timeZone: DISPLAY_TIME_ZONE, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })

/** An instant as an `<input type="datetime-local">` value (YYYY-MM-DDTHH:mm) in the company's time zone. */
export function toLocalDateTimeInput(at: number): string {
	const part = Object.fromEntries(LOCAL_PARTS.formatToParts(at).map((p) => [p.type, p.value]))
	return `${part.year}-${part.month}-${part.day}T${part.hour}:${part.minute}`
}

/** The instant a datetime-local value (YYYY-MM-DDTHH:mm) names in the company's time zone; null when it is not one. */
export function fromLocalDateTimeInput(text: string): number | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text)
	if (!match) return null
	const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
	const asUtc = Date.UTC(year, month - 1, day, hour, minute)
	const check = new Date(asUtc)
	if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59) return null
	// The zone's offset at that moment: the wall-clock reading of asUtc there, minus asUtc.
	const offset = Date.parse(`${toLocalDateTimeInput(asUtc)}:00Z`) - asUtc
	return asUtc - offset
}
