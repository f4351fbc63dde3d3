import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { listedCodes } from '~/reference-lists/listed-codes.server'
import type { CatalogRecordRoute } from '~/catalogs/catalog-record-route.server'
import { stationSchemaFor } from './station-schema.server'
import { STATION_PAGES } from './stations'
import { createStation, deleteStation, getStationRecord, stationFormValues, updateStation, type StationCatalog } from './stations.server'

/** What the station's record and new-record pages do on the server. */
export const STATION_RECORD: CatalogRecordRoute<StationCatalog> = {
	pages: STATION_PAGES,
	formSchema: async () => stationSchemaFor(await listedCodes(STATION_TYPE_LIST)),
	getRecord: getStationRecord,
	recordProvince: (station) => station.province,
	displayName: (station) => station.name,
	formValues: stationFormValues,
	store: { create: createStation, update: updateStation, remove: deleteStation },
	refusals: {
		typeNotListed: { type: { key: 'catalog.errors.invalidChoice' } },
		outOfScope: { province: { key: 'scope.errors.province' } },
	},
	holderCount: (blocked) => blocked.toolCount,
}
