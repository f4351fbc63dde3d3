import { describe, expect, test } from 'vitest'
import { STATION_PAGES } from '~/catalogs/stations/stations'
import { TOOL_PAGES } from '~/catalogs/tools/tools'

const STATION_VIEWS = STATION_PAGES.views
const TOOL_VIEWS = TOOL_PAGES.views
import { shownColumns, viewQuery } from './list-views'

describe('viewQuery', () => {
	test.each([
		['', ''],
		['?page=4', ''],
		['?status=active&page=2&size=50', '?status=active&size=50'],
		['?size=7&sort=bogus&dir=up&status=gone', ''],
		['?q=%00%01 tr%C3%A2m &province=H%C3%A0%20N%E1%BB%99i', '?q=tr%C3%A2m&province=ha-noi'],
		['//evil.example/?q=x', ''],
		['%%%&&&==?q', ''],
	])('reads %j as the station list would: %j', (stored, canonical) => {
		expect(viewQuery(STATION_VIEWS, stored)).toBe(canonical)
	})

	test('keeps what a list knows only of that list', () => {
		expect(viewQuery(TOOL_VIEWS, '?stationId=HN-001&type=bts')).toBe('?stationId=HN-001')
		expect(viewQuery(STATION_VIEWS, '?stationId=HN-001&type=bts')).toBe('?type=bts')
	})
})

describe('shownColumns', () => {
	test('every optional column shows unless hidden; names the list does not have are ignored', () => {
		expect(shownColumns(STATION_VIEWS, [])).toEqual({ type: true, province: true, status: true, commissionedAt: true, toolCount: true })
		expect(shownColumns(STATION_VIEWS, ['province', 'toolCount', 'code', 'nonsense'])).toEqual({
			type: true,
			province: false,
			status: true,
			commissionedAt: true,
			toolCount: false,
		})
	})
})
