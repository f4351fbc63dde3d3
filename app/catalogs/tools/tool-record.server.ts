import { catalogRecordRoute } from '~/catalogs/record-route-of.server'
import { EVERYWHERE } from '~/permissions/scope'
import { resolveStation, TOOL_CATALOG, toolFormValues, type ToolRecord } from './tools.server'

const STATION_NOT_FOUND = { stationId: { key: 'tools.errors.stationNotFound' } }

/** What the tool's record and new-record pages do on the server: the form names a tool's station by id or code. */
export const TOOL_RECORD = catalogRecordRoute(TOOL_CATALOG, {
	async toInput(form) {
		// Any station: one outside the writer's scope is refused as such by the store, in its transaction.
		const station = form.stationId === null ? null : await resolveStation(form.stationId, EVERYWHERE)
		if (form.stationId !== null && !station) return { ok: false, errors: STATION_NOT_FOUND }
		return { ok: true, input: { ...form, stationId: station?.id ?? null } }
	},
	recordProvince: (tool) => tool.station_province,
	refusals: {
		stationNotFound: STATION_NOT_FOUND,
		categoryNotListed: { category: { key: 'catalog.errors.invalidChoice' } },
		outOfScope: { stationId: { key: 'scope.errors.station' } },
	},
})

/** A tool's form values on its page: with many stations (a text field), the station shows as its code. */
export function toolPageValues(tool: ToolRecord, stationsSelectable: boolean) {
	const values = toolFormValues(tool)
	if (!stationsSelectable && tool.station_code) values.stationId = tool.station_code
	return values
}
