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
