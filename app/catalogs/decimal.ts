import { formatDecimalString } from '~/i18n/format'

/**
 * Exact decimals as integers of minor units (money in 1/100, coordinates in 1/1,000,000): parsed from
 * text digit by digit and formatted from text, never through a floating-point number.
 */
export type DecimalProblem = 'format' | 'scale' | 'range'

export type DecimalResult = { ok: true; minor: number } | { ok: false; problem: DecimalProblem }

const DECIMAL = /^([+-]?)(\d+)(?:[.,](\d+))?$/

/**
 * Reads `text` ("1234.5", "-12,25", "  7 ") as minor units with `scale` decimals. A comma is accepted as
 * the decimal separator; grouping separators are not (ambiguous between languages). `max` bounds the
 * absolute value, in minor units.
 */
export function parseDecimal(
	text: string,
	scale: number,
	{ max, allowNegative = false }: { max: number; allowNegative?: boolean },
): DecimalResult {
	const match = DECIMAL.exec(text.trim())
	if (!match) return { ok: false, problem: 'format' }
	const [, sign, whole, fraction = ''] = match
	if (sign === '-' && !allowNegative && /[1-9]/.test(whole! + fraction)) return { ok: false, problem: 'range' }
	const trimmedFraction = fraction.replace(/0+$/, '')
	if (trimmedFraction.length > scale) return { ok: false, problem: 'scale' }
	const wholeDigits = whole!.replace(/^0+(?=\d)/, '')
	if (wholeDigits.length > 15) return { ok: false, problem: 'range' }
	const digits = BigInt(wholeDigits + trimmedFraction.padEnd(scale, '0'))
	if (digits > BigInt(max)) return { ok: false, problem: 'range' }
	const minor = Number(digits)
	return { ok: true, minor: sign === '-' && minor !== 0 ? -minor : minor }
}

/** Minor units back to a plain decimal string: 123450 with scale 2 → "1234.5"; trailing zeros dropped. */
export function minorToDecimalString(minor: number, scale: number): string {
	const negative = minor < 0
	const digits = String(Math.abs(minor)).padStart(scale + 1, '0')
	const whole = digits.slice(0, digits.length - scale)
	const fraction = digits.slice(digits.length - scale).replace(/0+$/, '')
	return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`
}

/** Minor units formatted for the language (Vietnamese: "1.234.567,5"), exactly: Intl formats the decimal string. */
export function formatMinor(minor: number, scale: number, language: string, minimumFractionDigits = 0): string {
	return formatDecimalString(minorToDecimalString(minor, scale), language, minimumFractionDigits, scale)
}
