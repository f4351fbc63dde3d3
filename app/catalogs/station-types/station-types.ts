import { defineReferenceList } from '~/reference-lists/definition'

/** The station types: an editable reference list (decision 0027), a station's `type`. */
export const STATION_TYPE_LIST = defineReferenceList('stationTypes', {
	usedBy: { table: 'stations', column: 'type' },
	auditEntity: 'station_type',
	exportFileName: 'loai-tram',
})
