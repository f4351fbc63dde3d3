import type { z } from 'zod'
import { formObject, integerField, optionalText, requiredText, versionField } from '~/catalogs/fields.server'
import { issue } from '~/utils/form.server'
import { REFERENCE_CODE, REFERENCE_CODE_MAX, REFERENCE_LABEL_MAX, SORT_ORDER_MAX } from './definitions'

const codeField = requiredText(REFERENCE_CODE_MAX).refine((value) => REFERENCE_CODE.test(value), issue('referenceLists.errors.codeFormat'))

const label = optionalText(REFERENCE_LABEL_MAX)

// Only Vietnamese is required: an empty label in another language shows the Vietnamese one.
const labelFields = {
	labelVn: requiredText(REFERENCE_LABEL_MAX),
	labelEn: label,
	labelEs: label,
	labelDe: label,
	labelIt: label,
	labelRu: label,
}

const shared = { ...labelFields, sortOrder: integerField(0, SORT_ORDER_MAX), version: versionField }

/** A new item as its form gives it: the code is chosen once, here. */
export const newItemSchema = formObject({ code: codeField, ...shared })

/** An edited item: its code is fixed, so the form does not send it. */
export const editItemSchema = formObject(shared)

export type ItemInput = z.output<typeof editItemSchema>
export type NewItemInput = z.output<typeof newItemSchema>
