import { describe, expect, test } from 'vitest'
import { STATION_ROW, TOOL_ROW } from '../../../tests/support/catalog-rows'
import { stationSchema } from '../stations/station-schema.server'
import { stationBulk, stationFormValues, stationImport } from '../stations/stations.server'
import { toolSchema } from '../tools/tool-schema.server'
import { toolBulk, toolFormValues, toolImport } from '../tools/tools.server'

const stationRow = { ...STATION_ROW }
// The value as the form shows it back (no trailing zero).
const toolRow = { ...TOOL_ROW, stationId: 'HN-001', value: '3250000.5' }

describe('the import adapters built from a catalog definition', () => {
	test('a new station is the definition’s empty record with the row written over it', () => {
		const input = stationSchema.parse(stationRow)
		const merged = stationImport.merged(null, input)
		expect(merged).toMatchObject({
			id: 0,
			version: 1,
			created_by: null,
			code: 'HN-001',
			type: 'bts',
			latitude_e6: 21028511,
			name_key: 'tram bts cau giay',
		})
		expect(stationFormValues(merged)).toEqual({ ...stationRow, version: '1' })
	})

	test('a tool row is written with the station its reference resolved to', () => {
		const input = { ...toolSchema.parse(toolRow), resolvedStationId: 42 }
		expect(toolFormValues(toolImport.merged(null, input))).toEqual({ ...toolRow, stationId: '42', version: '1' })
		const actor = { id: 7, email: 'a@example.vn' }
		expect(toolImport.insertValues(input, actor, 1000)).toMatchObject({
			station_id: 42,
			created_by: 7,
			created_at: 1000,
			updated_by: 7,
			updated_at: 1000,
			version: 1,
		})
		expect(toolImport.updateValues(input, actor, 2000, 5)).toMatchObject({ station_id: 42, updated_by: 7, updated_at: 2000, version: 5 })
		expect(toolImport.updateValues(input, actor, 2000, 5)).not.toHaveProperty('created_by')
	})

	test('only the tool catalog resolves references; only the station catalog has a delete rule', () => {
		expect(toolImport.resolve).toBeTypeOf('function')
		expect(stationImport.resolve).toBeUndefined()
		expect(stationBulk.deleteBlockers).toBeTypeOf('function')
		expect(toolBulk.deleteBlockers).toBeUndefined()
		expect([stationBulk.entity, stationBulk.table, stationBulk.fileName]).toEqual(['station', 'stations', 'tram'])
		expect([toolBulk.entity, toolImport.table, toolBulk.fileName]).toEqual(['tool', 'tools', 'congcu'])
	})
})
