import type { ComponentType } from 'react'

/** A catalog's own pages; each reads its loader's data and action's answer itself. The bulk delete and labels pages are the same for all. */
export interface CatalogPageComponents {
	list: ComponentType
	record: ComponentType
	new: ComponentType
	import: ComponentType
}
