import { CATALOGS } from '~/catalogs/registry'
import type { ReferenceListDefinition } from '~/reference-lists/definition'

/** The tool categories ("tool groups"): an editable reference list (decision 0027), a tool's `category`. */
export const TOOL_CATEGORY_LIST: ReferenceListDefinition = {
	key: 'toolCategories',
	functionCode: CATALOGS.toolCategories.functionCode,
	path: `/${CATALOGS.toolCategories.prefix}`,
	usedBy: { table: 'tools', column: 'category', listPath: '/congcu/list' },
	auditEntity: 'tool_category',
	exportFileName: 'nhom-cong-cu',
}
