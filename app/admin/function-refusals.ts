import type { FieldErrors } from '~/utils/form.server'

/** The field error of a refused function write (shared by the create and edit pages). */
export function functionRefusal(reason: 'codeTaken' | 'parentUnknown' | 'parentCycle' | 'tooDeep' | 'builtinCode'): FieldErrors {
	switch (reason) {
		case 'codeTaken':
			return { code: { key: 'admin.functions.errors.codeTaken' } }
		case 'builtinCode':
			return { code: { key: 'admin.functions.errors.builtinCode' } }
		case 'parentCycle':
			return { parentId: { key: 'admin.functions.errors.parentCycle' } }
		case 'tooDeep':
			return { parentId: { key: 'admin.functions.errors.tooDeep', values: { max: 3 } } }
		default:
			return { parentId: { key: 'catalog.errors.invalidChoice' } }
	}
}
