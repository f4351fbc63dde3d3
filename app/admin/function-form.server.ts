import { z } from 'zod'
import { formObject, integerField, optionalText } from '~/catalogs/fields.server'
import type { FunctionRow } from '~/db/schema'
import { LANGUAGE_CODES, type LanguageCode } from '~/i18n/languages'
import { isSiteParam, linksOnSite } from '~/permissions/menu'
import { formText, issue } from '~/utils/form.server'
import { isSitePath } from '~/utils/redirect'
import { BADGE_VARIANTS } from './functions'

// The function form: what it accepts, and what it shows of a function row.

const flag = z.unknown().transform((value) => value === 'on' || value === '1' || value === 'true')

function pattern(max: number, regex: RegExp, key: string) {
	return optionalText(max).refine((value) => !value || regex.test(value), issue(key))
}

const labelShape = Object.fromEntries(LANGUAGE_CODES.map((code) => [`label_${code}`, optionalText(100)])) as Record<
	`label_${LanguageCode}`,
	ReturnType<typeof optionalText>
>

export const functionSchema = formObject({
	code: formText.pipe(
		z
			.string()
			.trim()
			.min(1, issue('validation.required'))
			.max(64, issue('validation.tooLong', { max: 64 }))
			.refine((value) => /^[A-Z][A-Z0-9_]*$/.test(value), issue('admin.functions.errors.codeFormat')),
	),
	parentId: formText.pipe(
		z
			.string()
			.trim()
			.refine((value) => value === '' || /^\d{1,9}$/.test(value), issue('catalog.errors.invalidChoice')),
	),
	sortOrder: integerField(0, 1_000_000),
	icon: pattern(64, /^bx[sl]?-[a-z0-9-]+$/, 'admin.functions.errors.iconFormat'),
	path: optionalText(200).refine(
		(value) => !value || (/^\/[A-Za-z0-9/_.-]*$/.test(value) && isSitePath(value)),
		issue('admin.functions.errors.pathFormat'),
	),
	// A sub-path (`/active`) or a query (`status=active`).
	param: optionalText(200).refine((value) => !value || isSiteParam(value), issue('admin.functions.errors.paramFormat')),
	badgeText: optionalText(20),
	badgeVariant: formText.pipe(
		z
			.string()
			.trim()
			.refine((value) => value === '' || (BADGE_VARIANTS as readonly string[]).includes(value), issue('catalog.errors.invalidChoice')),
	),
	isTitle: flag,
	isHidden: flag,
	enabled: flag,
	...labelShape,
}).superRefine((input, ctx) => {
	// Each may be a site path alone and still make another site's address together (`/` and `/evil.example`).
	if (input.path && input.param && !linksOnSite(input))
		ctx.addIssue({ code: 'custom', path: ['param'], message: issue('admin.functions.errors.paramFormat') })
})
export type FunctionInput = z.output<typeof functionSchema>

/** A function row as the form shows it. */
export function functionFormValues(row: FunctionRow): Record<string, string> {
	let labels: Record<string, string> = {}
	try {
		labels = row.labels ? (JSON.parse(row.labels) as Record<string, string>) : {}
	} catch {
		/* malformed: shown empty */
	}
	const values: Record<string, string> = {
		code: row.code,
		parentId: row.parent_id === null ? '' : String(row.parent_id),
		sortOrder: String(row.sort_order),
		icon: row.icon ?? '',
		path: row.path ?? '',
		param: row.param ?? '',
		badgeText: row.badge_text ?? '',
		badgeVariant: row.badge_variant ?? '',
		isTitle: row.is_title ? 'on' : '',
		isHidden: row.is_hidden ? 'on' : '',
		enabled: row.enabled ? 'on' : '',
	}
	for (const code of LANGUAGE_CODES) values[`label_${code}`] = typeof labels[code] === 'string' ? labels[code] : ''
	return values
}

/** The buttons that move a function among its siblings (`intent` up or down, read by `formAction`): the function's id. */
export const functionMoveSchema = z.object({ id: integerField(1, 2 ** 31 - 1) })
