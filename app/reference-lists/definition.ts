import { CATALOGS } from '~/catalogs/registry'

/**
 * What an editable reference list is: one definition per list drives its pages, its service, its
 * permission and the catalog column that refers to it. No server code here (components read it too).
 */
export interface ReferenceListDefinition {
	/** Stored in `reference_items.list_key`; also names the list's texts under `referenceLists.<key>`. */
	key: 'stationTypes' | 'toolCategories'
	functionCode: string
	path: string
	/** The catalog whose records name an item by its code, and where to list those records. */
	usedBy: { table: 'stations' | 'tools'; column: 'type' | 'category'; listPath: string }
	/** The audit log's entity (and `audit.events.<entity>.*`). */
	auditEntity: 'station_type' | 'tool_category'
	/** The CSV export's file name before its date, e.g. `loai-tram`. */
	exportFileName: string
}

/**
 * A reference list's definition from what is its own: its function code and path, and the list path of the
 * catalog that uses it, are read from the registry (decision 0070).
 */
export function defineReferenceList(
	key: ReferenceListDefinition['key'],
	own: Omit<ReferenceListDefinition, 'key' | 'functionCode' | 'path' | 'usedBy'> & {
		usedBy: Omit<ReferenceListDefinition['usedBy'], 'listPath'>
	},
): ReferenceListDefinition {
	const { functionCode, prefix } = CATALOGS[key]
	return { key, functionCode, path: `/${prefix}`, ...own, usedBy: { ...own.usedBy, listPath: `/${CATALOGS[own.usedBy.table].prefix}` } }
}
