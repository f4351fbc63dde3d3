import { z } from 'zod'
import { todayIn } from '~/i18n/format'
import { portalTimeZone } from '~/i18n/time-zone.server'
import { formText, issue } from '~/utils/form.server'
import { REFERENCE_CODE, REFERENCE_CODE_MAX } from '~/reference-lists/definitions'
import { parseDecimal } from './decimal'

/**
 * Field rules shared by the catalog forms and the CSV import (both validate with the same schema).
 * Every message is a translation key (see `issue`).
 */

/** A form value as text: a missing field or a file is the empty string. */

// Control characters have no place in a one-line value (they break CSV files and screens).
const CONTROL = /[\p{Cc}\p{Cf}]/u
const CONTROL_EXCEPT_LINES = /[\p{Cf}\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/u

/** A required one-line text of at most `max` characters, trimmed. */
export function requiredText(max: number) {
	return formText.pipe(
		z
			.string()
			.trim()
			.min(1, issue('validation.required'))
			.max(max, issue('validation.tooLong', { max }))
			.refine((value) => !CONTROL.test(value), issue('catalog.errors.controlCharacters')),
	)
}

/** An optional text of at most `max` characters, trimmed; empty is null. `multiline` allows line breaks. */
export function optionalText(max: number, { multiline = false } = {}) {
	return formText.pipe(
		z
			.string()
			.trim()
			.max(max, issue('validation.tooLong', { max }))
			.refine((value) => !(multiline ? CONTROL_EXCEPT_LINES : CONTROL).test(value), issue('catalog.errors.controlCharacters'))
			.transform((value) => (multiline ? value.replace(/\r\n?/g, '\n') : value) || null),
	)
}

export const CODE_MAX = 20
const CODE = /^[A-Z0-9-]+$/

/** A record code: upper-case letters, digits and hyphens, at most 20. */
export const codeField = requiredText(CODE_MAX).refine((value) => CODE.test(value), issue('catalog.errors.codeFormat'))

/** One of `values` (a select's option value); anything else is refused. */
export function choiceField<const T extends readonly string[]>(values: T) {
	return formText.pipe(
		z
			.string()
			.trim()
			.min(1, issue('validation.required'))
			.refine((value): value is T[number] => values.includes(value), issue('catalog.errors.invalidChoice'))
			.transform((value) => value as T[number]),
	)
}

/**
 * An item code of an editable reference list (a station's type, a tool's category). Only its form is
 * checked here; whether the list holds it is checked against the database (reference-lists).
 */
export const referenceChoiceField = formText.pipe(
	z
		.string()
		.trim()
		.min(1, issue('validation.required'))
		.refine((value) => value.length <= REFERENCE_CODE_MAX && REFERENCE_CODE.test(value), issue('catalog.errors.invalidChoice')),
)

/** Today's date (YYYY-MM-DD) in the portal's zone: dates "not in the future" are compared with it. */
export function todayIso(now: Date = new Date(), timeZone: string = portalTimeZone()): string {
	return todayIn(timeZone, now.getTime())
}

export const EARLIEST_DATE = '1900-01-01'

function isCalendarDate(text: string): boolean {
	const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text)
	if (!match) return false
	const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
	const date = new Date(Date.UTC(year, month - 1, day))
	return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** An optional past date (YYYY-MM-DD, an input type=date's value), not in the future, not before 1900. */
export const pastDateField = formText.pipe(
	z
		.string()
		.trim()
		.refine((value) => value === '' || isCalendarDate(value), issue('catalog.errors.dateFormat'))
		.refine((value) => value === '' || value <= todayIso(), issue('catalog.errors.dateInFuture'))
		.refine((value) => value === '' || value >= EARLIEST_DATE, issue('catalog.errors.dateTooEarly', { min: EARLIEST_DATE }))
		.transform((value) => value || null),
)

/** An optional exact decimal as minor units (null when empty), with messages per problem. */
export function decimalField(
	scale: number,
	max: number,
	messages: { format: string; scale: string; range: string },
	{ allowNegative = false } = {},
) {
	return formText.pipe(
		z
			.string()
			.trim()
			.transform((value, ctx) => {
				if (value === '') return null
				const result = parseDecimal(value, scale, { max, allowNegative })
				if (result.ok) return result.minor
				ctx.addIssue({ code: 'custom', message: messages[result.problem] })
				return z.NEVER
			}),
	)
}

/** A required whole number between `min` and `max`. */
export function integerField(min: number, max: number) {
	return formText.pipe(
		z
			.string()
			.trim()
			.min(1, issue('validation.required'))
			.refine((value) => /^[+-]?\d+$/.test(value), issue('catalog.errors.integer'))
			.transform((value) => Number(value))
			.refine((value) => value >= min && value <= max, issue('catalog.errors.integerRange', { min, max })),
	)
}

/** The hidden `version` of an edit form: a positive whole number, or null when missing or malformed. */
export const versionField = formText.pipe(
	z
		.string()
		.trim()
		.transform((value) => (/^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null)),
)

/**
 * An object of form fields: a field missing from the submission counts as empty (as an empty input would),
 * so hand-made posts and CSV rows without a column get the field's own message.
 */
export function formObject<Shape extends z.ZodRawShape>(shape: Shape) {
	return z.preprocess((input) => {
		const source = input && typeof input === 'object' ? (input as Record<string, unknown>) : {}
		const filled: Record<string, unknown> = {}
		for (const key of Object.keys(shape)) filled[key] = source[key] ?? ''
		return filled
	}, z.object(shape))
}

/**
 * A catalog's form rules around its listed column (a station's type, a tool's category): `schemaFor(codes)`
 * with the codes its reference list holds now (the form, each CSV row), and `schema` with any well-formed
 * code, for code that writes records itself (set-up, tests).
 */
export function listedSchemas<Schema>(shape: (listed: z.ZodType<string>) => Schema) {
	return { schemaFor: (codes: readonly string[]) => shape(choiceField(codes)), schema: shape(referenceChoiceField) }
}
