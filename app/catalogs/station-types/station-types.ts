import { CATALOGS } from '~/catalogs/registry'
import type { ReferenceListDefinition } from '~/reference-lists/definition'

/** The station types: an editable reference list (decision 0027), a station's `type`. */
export const STATION_TYPE_LIST: ReferenceListDefinition = {
	key: 'stationTypes',
	functionCode: CATALOGS.stationTypes.functionCode,
	path: `/${CATALOGS.stationTypes.prefix}`,
	usedBy: { table: 'stations', column: 'type', listPath: '/danhmuc/tram' },
	auditEntity: 'station_type',
	exportFileName: 'loai-tram',
}
