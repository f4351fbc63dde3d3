import { describe, expect, test } from 'vitest'
import { editItemSchema, newItemSchema } from './item-schema.server'

const good = {
	code: 'solar_farm',
	labelVn: 'Trạm điện mặt trời',
	labelEn: 'Solar farm',
	labelEs: '',
	labelDe: '  ',
	labelIt: '',
	labelRu: '',
	sortOrder: '60',
	version: '',
}

/** The first error's translation key per field. */
function errorsOf(result: ReturnType<typeof newItemSchema.safeParse>) {
	const errors: Record<string, string> = {}
	for (const problem of result.error?.issues ?? []) {
		errors[String(problem.path[0])] ??= problem.message.startsWith('{')
			? (JSON.parse(problem.message) as { key: string }).key
			: problem.message
	}
	return errors
}

describe('a reference list item', () => {
	test('needs only a code, a Vietnamese label and an order; empty labels are null', () => {
		const result = newItemSchema.safeParse(good)
		expect(result.success).toBe(true)
		expect(result.data).toMatchObject({
			code: 'solar_farm',
			labelVn: 'Trạm điện mặt trời',
			labelEn: 'Solar farm',
			labelDe: null,
			sortOrder: 60,
			version: null,
		})
	})

	test.each([
		['code', '', 'validation.required'],
		['code', 'Solar', 'referenceLists.errors.codeFormat'],
		['code', 'solar-farm', 'referenceLists.errors.codeFormat'],
		['code', 'a'.repeat(33), 'validation.tooLong'],
		['labelVn', ' ', 'validation.required'],
		['labelEn', 'x'.repeat(101), 'validation.tooLong'],
		['sortOrder', '', 'validation.required'],
		['sortOrder', '1.5', 'catalog.errors.integer'],
		['sortOrder', '10000', 'catalog.errors.integerRange'],
	])('%s = %j is refused with %s', (field, value, key) => {
		expect(errorsOf(newItemSchema.safeParse({ ...good, [field]: value }))[field]).toBe(key)
	})

	test('an edit does not read the code: it never changes', () => {
		const result = editItemSchema.safeParse({ ...good, code: 'other', version: '3' })
		expect(result.success).toBe(true)
		expect(result.data).not.toHaveProperty('code')
		expect(result.data?.version).toBe(3)
	})
})
