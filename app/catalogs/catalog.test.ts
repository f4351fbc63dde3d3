import { describe, expect, test } from 'vitest'
import { changedFields, differencesFrom, parseId, searchKeys } from './catalog.server'

describe('changedFields', () => {
	test('lists the fields that differ, before → after, never the version', () => {
		expect(changedFields({ name: 'A', note: '', version: '1' }, { name: 'B', note: '', version: '2' })).toEqual({
			name: { from: 'A', to: 'B' },
		})
	})

	test('a creation has every filled field from empty; a deletion every field to empty', () => {
		expect(changedFields(null, { code: 'X', note: '' })).toEqual({ code: { from: '', to: 'X' } })
		expect(changedFields({ code: 'X', note: '' }, null)).toEqual({ code: { from: 'X', to: '' } })
	})
})

describe('differencesFrom', () => {
	test('the saved values that differ from what was sent (typed spaces aside)', () => {
		expect(differencesFrom({ name: 'A', note: 'x', version: '3', code: 'C' }, { name: ' A ', note: 'y', version: '1' })).toEqual([
			{ field: 'note', saved: 'x' },
		])
	})
})

describe('searchKeys', () => {
	test('accent-free name key and search text of the code, the other texts and the name', () => {
		expect(searchKeys('Trạm Đà Nẵng', 'DN-01', null, 'SN 9')).toEqual({ name_key: 'tram da nang', search_text: 'dn-01 sn 9 tram da nang' })
	})
})

describe('parseId', () => {
	test.each([
		['12', 12],
		['0', null],
		['-1', null],
		['1e3', null],
		['1234567890', null],
		[undefined, null],
	])('%j → %j', (raw, id) => {
		expect(parseId(raw)).toBe(id)
	})
})
