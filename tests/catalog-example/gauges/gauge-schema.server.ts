import type { z } from 'zod'
import { choiceField, codeField, formObject, integerField, requiredText, versionField } from '~/catalogs/fields.server'
import { GAUGE_KINDS } from './gauges'

export const gaugeSchema = formObject({
	code: codeField,
	name: requiredText(100),
	kind: choiceField(GAUGE_KINDS),
	capacity: integerField(0, 1_000_000),
	version: versionField,
})
export type GaugeInput = z.output<typeof gaugeSchema>
