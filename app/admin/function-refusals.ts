import type { Refusal } from '~/utils/form-action.server'

const refused = (field: string, key: string, values?: Record<string, number>): Refusal => ({
	status: 409,
	errors: { [field]: values ? { key, values } : { key } },
})

/** How a refused function write is told (shared by the create and edit pages): 409, the field at fault, the values kept. */
export const functionRefusals = {
	codeTaken: refused('code', 'admin.functions.errors.codeTaken'),
	builtinCode: refused('code', 'admin.functions.errors.builtinCode'),
	parentCycle: refused('parentId', 'admin.functions.errors.parentCycle'),
	tooDeep: refused('parentId', 'admin.functions.errors.tooDeep', { max: 3 }),
	parentUnknown: refused('parentId', 'catalog.errors.invalidChoice'),
}
