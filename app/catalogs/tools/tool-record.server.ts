import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { listedCodes } from '~/reference-lists/listed-codes.server'
import type { CatalogRecordRoute } from '~/catalogs/catalog-record-route.server'
import { toolSchemaFor, type ToolInput } from './tool-schema.server'
import { TOOL_PAGES } from './tools'
import { EVERYWHERE } from '~/permissions/scope'
import {
	createTool,
	deleteTool,
	getToolRecord,
	resolveStation,
	toolFormValues,
	updateTool,
	type ToolCatalog,
	type ToolRecord,
} from './tools.server'

const STATION_NOT_FOUND = { stationId: { key: 'tools.errors.stationNotFound' } }

/** What the tool's record and new-record pages do on the server: the form names a tool's station by id or code. */
export const TOOL_RECORD: CatalogRecordRoute<ToolCatalog, ToolInput> = {
	pages: TOOL_PAGES,
	formSchema: async () => toolSchemaFor(await listedCodes(TOOL_CATEGORY_LIST)),
	async toInput(form) {
		// Any station: one outside the writer's scope is refused as such by the store, in its transaction.
		const station = form.stationId === null ? null : await resolveStation(form.stationId, EVERYWHERE)
		if (form.stationId !== null && !station) return { ok: false, errors: STATION_NOT_FOUND }
		return { ok: true, input: { ...form, stationId: station?.id ?? null } }
	},
	getRecord: getToolRecord,
	recordProvince: (tool) => tool.station_province,
	displayName: (tool) => tool.name,
	formValues: toolFormValues,
	store: { create: createTool, update: updateTool, remove: deleteTool },
	refusals: {
		stationNotFound: STATION_NOT_FOUND,
		categoryNotListed: { category: { key: 'catalog.errors.invalidChoice' } },
		outOfScope: { stationId: { key: 'scope.errors.station' } },
	},
}

/** A tool's form values on its page: with many stations (a text field), the station shows as its code. */
export function toolPageValues(tool: ToolRecord, stationsSelectable: boolean) {
	const values = toolFormValues(tool)
	if (!stationsSelectable && tool.station_code) values.stationId = tool.station_code
	return values
}
