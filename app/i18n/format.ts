import { LANGUAGES, type LanguageCode } from './languages'

/**
 * The portal's time zone when APP_TIME_ZONE is not set. Every date and time is shown in a zone the caller
 * passes (the reader's, from the root loader's data, so the browser renders the same text as the server).
 */
export const DEFAULT_TIME_ZONE = 'Asia/Ho_Chi_Minh'

/**
 * Whether `name` is a time zone Intl knows by an IANA name or alias (Asia/Saigon, UTC, Etc/GMT+7). An
 * offset such as "+07:00" is refused although newer ICU versions (Node 22+) accept it: it has no daylight
 * saving rules, and the portal's zone must mean the same on every Node it runs on.
 */
export function isKnownTimeZone(name: string): boolean {
	if (!/^[A-Za-z][A-Za-z0-9_+\-]*(\/[A-Za-z0-9_+\-]+)*$/.test(name)) return false
	try {
		new Intl.DateTimeFormat('en', { timeZone: name })
		return true
	} catch {
		return false
	}
}

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

export function formatDateTime(at: number | Date, language: LanguageCode | string, timeZone: string): string {
	const tag = localeTag(language)
	return formatter(
		`date-time:${tag}:${timeZone}`,
		() => new Intl.DateTimeFormat(tag, { ...NUMERIC_DATE, hour: '2-digit', minute: '2-digit', timeZone }),
	).format(at)
}

/** The day an instant falls on in `timeZone`. */
export function formatDate(at: number | Date, language: LanguageCode | string, timeZone: string): string {
	const tag = localeTag(language)
	return formatter(`date:${tag}:${timeZone}`, () => new Intl.DateTimeFormat(tag, { ...NUMERIC_DATE, timeZone })).format(at)
}

/**
 * A calendar date stored as YYYY-MM-DD (a purchase date, a commissioning date): the same day for every
 * reader, whatever their zone; '' when it is not such a date.
 */
export function formatCalendarDate(isoDate: string, language: LanguageCode | string): string {
	const at = Date.parse(`${isoDate.slice(0, 10)}T00:00:00Z`)
	return Number.isNaN(at) ? '' : formatDate(at, language, 'UTC')
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
export function formatDecimalString(
	decimal: string,
	language: LanguageCode | string,
	minimumFractionDigits: number,
	maximumFractionDigits: number,
): string {
	const tag = localeTag(language)
	const format = formatter(
		`decimal:${tag}:${minimumFractionDigits}:${maximumFractionDigits}`,
		() => new Intl.NumberFormat(tag, { minimumFractionDigits, maximumFractionDigits }),
	)
	return format.format(decimal as unknown as number)
}

function localParts(timeZone: string): Intl.DateTimeFormat {
	return formatter(
		`local-parts:${timeZone}`,
		() =>
			new Intl.DateTimeFormat('en-US', {
				timeZone,
				hourCycle: 'h23',
				year: 'numeric',
				month: '2-digit',
				day: '2-digit',
				hour: '2-digit',
				minute: '2-digit',
				second: '2-digit',
			}),
	)
}

/** The wall-clock reading of an instant in `timeZone`, as if it were UTC, in epoch ms (whole seconds). */
function wallClock(at: number, timeZone: string): number {
	const part = Object.fromEntries(
		localParts(timeZone)
			.formatToParts(at)
			.map((p) => [p.type, p.value]),
	)
	return Date.UTC(Number(part.year), Number(part.month) - 1, Number(part.day), Number(part.hour), Number(part.minute), Number(part.second))
}

/** How far `timeZone` is ahead of UTC at the instant `at` (negative west of Greenwich), in ms. */
export function zoneOffsetAt(at: number, timeZone: string): number {
	return wallClock(at, timeZone) - Math.floor(at / 1000) * 1000
}

/**
 * The instant a wall-clock time (given as if UTC) names in `timeZone`. The offset is read at the wall-clock
 * time and again at the first guess: near a daylight-saving change they differ, and the guess whose reading
 * in the zone is that wall-clock time wins. A time skipped by a change (02:30 on a spring-forward night) has
 * none and lands after the gap.
 */
export function zonedToInstant(wallClockAsUtc: number, timeZone: string): number {
	const first = wallClockAsUtc - zoneOffsetAt(wallClockAsUtc, timeZone)
	const second = wallClockAsUtc - zoneOffsetAt(first, timeZone)
	if (second === first) return first
	if (wallClock(second, timeZone) === wallClockAsUtc) return second
	if (wallClock(first, timeZone) === wallClockAsUtc) return first
	return Math.max(first, second)
}

/** An instant as an `<input type="datetime-local">` value (YYYY-MM-DDTHH:mm) in `timeZone`. */
export function toLocalDateTimeInput(at: number, timeZone: string): string {
	return new Date(wallClock(at, timeZone)).toISOString().slice(0, 16)
}

/** The instant a datetime-local value (YYYY-MM-DDTHH:mm) names in `timeZone`; null when it is not one. */
export function fromLocalDateTimeInput(text: string, timeZone: string): number | null {
	const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(text)
	if (!match) return null
	const [year, month, day, hour, minute] = match.slice(1).map(Number) as [number, number, number, number, number]
	const asUtc = Date.UTC(year, month - 1, day, hour, minute)
	const check = new Date(asUtc)
	if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day || hour > 23 || minute > 59)
		return null
	return zonedToInstant(asUtc, timeZone)
}

/** The instant a day (YYYY-MM-DD) begins in `timeZone`; null when it is not a date. */
export function dayStartIn(isoDate: string, timeZone: string): number | null {
	return fromLocalDateTimeInput(`${isoDate}T00:00`, timeZone)
}

/**
 * Each zone's last answer of `todayIn`, good for the rest of the UTC minute it was worked out in: since
 * 1972 no zone's offset has a part of a minute, so no day starts within one. An import checks "not in
 * the future" on every row: 1 µs a row instead of 7.
 */
const todayByZone = new Map<string, { minute: number; day: string }>()

/** Today's date (YYYY-MM-DD) in `timeZone`. */
export function todayIn(timeZone: string, now: number = Date.now()): string {
	const minute = Math.floor(now / 60_000)
	const known = todayByZone.get(timeZone)
	if (known?.minute === minute) return known.day
	const day = new Date(wallClock(now, timeZone)).toISOString().slice(0, 10)
	todayByZone.set(timeZone, { minute, day })
	return day
}
