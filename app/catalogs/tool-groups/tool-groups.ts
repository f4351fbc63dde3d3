import { defineReferenceList } from '~/reference-lists/definition'

/** The tool categories ("tool groups"): an editable reference list (decision 0027), a tool's `category`. */
export const TOOL_CATEGORY_LIST = defineReferenceList('toolCategories', {
	usedBy: { table: 'tools', column: 'category' },
	auditEntity: 'tool_category',
	exportFileName: 'nhom-cong-cu',
})
