import { z } from 'zod'
import { issue } from '~/utils/form.server'
import {
	choiceField,
	codeField,
	formObject,
	decimalField,
	optionalText,
	pastDateField,
	listedSchemas,
	requiredText,
	versionField,
} from '~/catalogs/fields.server'
import { resolveProvince } from '~/catalogs/provinces'
import { COORDINATE_SCALE, STATION_LIMITS, STATION_STATUSES } from './stations'

const provinceField = z
	.unknown()
	.transform((value) => (typeof value === 'string' ? value.trim() : ''))
	.pipe(
		z
			.string()
			.min(1, issue('validation.required'))
			.transform((value, ctx) => {
				const code = resolveProvince(value)
				if (code) return code
				ctx.addIssue({ code: 'custom', message: issue('catalog.errors.invalidChoice') })
				return z.NEVER
			}),
	)

const latitude = decimalField(
	COORDINATE_SCALE,
	90_000_000,
	{
		format: issue('catalog.errors.coordinateFormat'),
		scale: issue('catalog.errors.coordinateScale'),
		range: issue('stations.errors.latitudeRange'),
	},
	{ allowNegative: true },
)
const longitude = decimalField(
	COORDINATE_SCALE,
	180_000_000,
	{
		format: issue('catalog.errors.coordinateFormat'),
		scale: issue('catalog.errors.coordinateScale'),
		range: issue('stations.errors.longitudeRange'),
	},
	{ allowNegative: true },
)

function stationShape(type: z.ZodType<string>) {
	return formObject({
		code: codeField,
		name: requiredText(STATION_LIMITS.name),
		type,
		province: provinceField,
		address: optionalText(STATION_LIMITS.address),
		latitude,
		longitude,
		status: choiceField(STATION_STATUSES),
		commissionedAt: pastDateField,
		note: optionalText(STATION_LIMITS.note, { multiline: true }),
		version: versionField,
	}).superRefine((station, ctx) => {
		// Both coordinates or neither; the message goes to the one that is missing.
		if ((station.latitude === null) !== (station.longitude === null)) {
			ctx.addIssue({
				code: 'custom',
				path: [station.latitude === null ? 'latitude' : 'longitude'],
				message: issue('stations.errors.coordinatesPair'),
			})
		}
	})
}

/**
 * A station as the form (and each CSV row) gives it, validated and converted: `stationSchemaFor(types)` with the codes
 * the list of station types holds now (reference-lists), `stationSchema` with any well-formed code (set-up, tests).
 */
export const { schemaFor: stationSchemaFor, schema: stationSchema } = listedSchemas(stationShape)

export type StationInput = z.output<typeof stationSchema>
