import { describe, expect, test } from 'vitest'
import { choicesHelp, labelField, listText, optionLabel, optionsWith, REFERENCE_LISTS } from './definitions'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'

const options = [
	{ value: 'bts', label: 'Trạm BTS' },
	{ value: 'weather', label: 'Trạm khí tượng' },
]

describe('reference list definitions', () => {
	test('each list has its own key, function, path and audit entity', () => {
		for (const property of ['key', 'functionCode', 'path', 'auditEntity'] as const) {
			expect(new Set(REFERENCE_LISTS.map((list) => list[property])).size).toBe(REFERENCE_LISTS.length)
		}
	})

	test('a list names its texts under referenceLists.<key>', () => {
		expect(listText(STATION_TYPE_LIST, 'title')).toBe('referenceLists.stationTypes.title')
	})

	test('a label field is named after its language', () => {
		expect(labelField('vn')).toBe('labelVn')
		expect(labelField('ru')).toBe('labelRu')
	})

	test('a code shows as its label, and a code the list lacks as itself', () => {
		expect(optionLabel(options, 'weather')).toBe('Trạm khí tượng')
		expect(optionLabel(options, 'castle')).toBe('castle')
	})

	test("a select keeps the record's own value when the list lacks it, after the list's items", () => {
		expect(optionsWith(options, 'bts')).toEqual(options)
		expect(optionsWith(options, undefined)).toEqual(options)
		expect(optionsWith(options, 'castle')).toEqual([...options, { value: 'castle', label: 'castle' }])
	})

	test('the CSV help lists each code with its label', () => {
		expect(choicesHelp(options)).toBe('bts (Trạm BTS), weather (Trạm khí tượng)')
	})
})
