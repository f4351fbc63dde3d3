import type { z } from 'zod'
import { issue } from '~/utils/form.server'
import {
	choiceField,
	codeField,
	formObject,
	decimalField,
	integerField,
	listedSchemas,
	optionalText,
	pastDateField,
	requiredText,
	versionField,
} from '~/catalogs/fields.server'
import { MONEY_MAX_MINOR, MONEY_SCALE, TOOL_LIMITS, TOOL_STATUSES } from './tools'

/**
 * The station a tool is assigned to, as typed: a station id (the select's value) or a station code.
 * Which station it names is decided against the database (see tools.server).
 */
const stationRefField = optionalText(40).refine(
	(value) => value === null || /^\d{1,9}$/.test(value) || /^[A-Za-z0-9-]{1,20}$/.test(value),
	issue('tools.errors.stationNotFound'),
)

function toolShape(category: z.ZodType<string>) {
	return formObject({
		code: codeField,
		name: requiredText(TOOL_LIMITS.name),
		category,
		serialNumber: optionalText(TOOL_LIMITS.serialNumber),
		stationId: stationRefField,
		status: choiceField(TOOL_STATUSES),
		quantity: integerField(0, TOOL_LIMITS.quantity),
		unit: requiredText(TOOL_LIMITS.unit),
		purchaseDate: pastDateField,
		value: decimalField(MONEY_SCALE, MONEY_MAX_MINOR, {
			format: issue('tools.errors.valueFormat'),
			scale: issue('tools.errors.valueScale'),
			range: issue('tools.errors.valueRange'),
		}),
		note: optionalText(TOOL_LIMITS.note, { multiline: true }),
		version: versionField,
	})
}

/**
 * A tool as the form (and each CSV row) gives it, validated and converted: `toolSchemaFor(categories)` with the codes
 * the list of tool categories holds now (reference-lists), `toolSchema` with any well-formed code (set-up, tests).
 */
export const { schemaFor: toolSchemaFor, schema: toolSchema } = listedSchemas(toolShape)

export type ToolInput = z.output<typeof toolSchema>
