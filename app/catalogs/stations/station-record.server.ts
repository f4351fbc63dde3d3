import { catalogRecordRoute } from '~/catalogs/record-route-of.server'
import { STATION_CATALOG } from './stations.server'

/** What the station's record and new-record pages do on the server. */
export const STATION_RECORD = catalogRecordRoute(STATION_CATALOG, {
	recordProvince: (station) => station.province,
	refusals: {
		typeNotListed: { type: { key: 'catalog.errors.invalidChoice' } },
		outOfScope: { province: { key: 'scope.errors.province' } },
	},
	holderCount: (blocked) => blocked.toolCount,
})
