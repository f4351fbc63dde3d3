import { describe, expect, test } from 'vitest'
import { activeFilterCount, isNarrowed, listSearch, pageLinks, parseListState, sortSearch, type ListSpec } from './list-query'

const spec: ListSpec<'status' | 'province' | 'stationId', 'code' | 'name' | 'date'> = {
	filters: {
		status: { kind: 'choice', values: ['active', 'inactive'] },
		province: { kind: 'choice', values: ['ha-noi', 'da-nang'], resolve: (text) => (text === 'Hà Nội' ? 'ha-noi' : null) },
		stationId: { kind: 'text', max: 10 },
	},
	sorts: ['code', 'name', 'date'],
	defaultSort: 'code',
	defaultDir: 'asc',
}

const parse = (query: string) => parseListState(new URLSearchParams(query), spec)

describe('parseListState', () => {
	test('an empty query is the defaults', () => {
		expect(parse('')).toEqual({ q: '', filters: {}, sort: 'code', dir: 'asc', page: 1, size: 25 })
	})

	test('reads every part', () => {
		expect(parse('q=+tram+&status=active&province=da-nang&stationId=HN-1&sort=name&dir=desc&page=3&size=50')).toEqual({
			q: 'tram',
			filters: { status: 'active', province: 'da-nang', stationId: 'HN-1' },
			sort: 'name',
			dir: 'desc',
			page: 3,
			size: 50,
		})
	})

	test.each([
		['status=deleted', {}],
		['province=Atlantis', {}],
		['stationId=' + 'x'.repeat(11), {}],
		['status=', {}],
	])('drops the unknown filter in %s', (query, filters) => {
		expect(parse(query).filters).toEqual(filters)
	})

	test('resolves another spelling of a choice', () => {
		expect(parse('province=H%C3%A0+N%E1%BB%99i').filters).toEqual({ province: 'ha-noi' })
	})

	test.each([
		['sort=password', 'code', 'asc'],
		['sort=name&dir=sideways', 'name', 'asc'],
		['page=0', 'code', 'asc'],
	])('falls back to defaults for %s', (query, sort, dir) => {
		const state = parse(query)
		expect([state.sort, state.dir, state.page]).toEqual([sort, dir, 1])
	})

	test.each(['page=-2', 'page=abc', 'page=1e3', 'page=99999999999', 'page=2.5'])('ignores %s', (query) => {
		expect(parse(query).page).toBe(1)
	})

	test.each(['size=7', 'size=1000', 'size=abc'])('only offers the page sizes (%s)', (query) => {
		expect(parse(query).size).toBe(25)
	})

	test('cuts an overlong search', () => {
		expect(parse(`q=${'a'.repeat(500)}`).q).toHaveLength(200)
	})

	test('drops control characters from the search and text filters (PostgreSQL refuses NUL)', () => {
		const state = parse('q=a%00b%1F%7Fc')
		expect(state.q).toBe('abc')
	})
})

describe('listSearch', () => {
	test('leaves defaults out', () => {
		expect(listSearch(parse(''), spec)).toBe('')
		expect(listSearch(parse('sort=code&dir=asc&page=1&size=25'), spec)).toBe('')
	})

	test('keeps the state in a fixed order', () => {
		expect(listSearch(parse('size=10&dir=desc&sort=name&status=active&q=tr%E1%BA%A1m'), spec)).toBe(
			'?q=tr%E1%BA%A1m&status=active&sort=name&dir=desc&size=10',
		)
	})

	test('changing a filter or the size goes back to page 1; changing the page keeps the rest', () => {
		const state = parse('q=x&page=4')
		expect(listSearch(state, spec, { filters: { status: 'inactive' } })).toBe('?q=x&status=inactive')
		expect(listSearch(state, spec, { size: 100 })).toBe('?q=x&size=100')
		expect(listSearch(state, spec, { page: 5 })).toBe('?q=x&page=5')
		expect(listSearch(parse('status=active'), spec, { filters: { status: null } })).toBe('')
	})
})

describe('sortSearch', () => {
	test('a new column sorts ascending; the same column flips', () => {
		expect(sortSearch(parse(''), spec, 'name')).toBe('?sort=name')
		expect(sortSearch(parse('sort=name'), spec, 'name')).toBe('?sort=name&dir=desc')
		expect(sortSearch(parse('sort=name&dir=desc'), spec, 'name')).toBe('?sort=name')
		expect(sortSearch(parse(''), spec, 'code')).toBe('?dir=desc')
	})

	test('keeps search and filters, resets the page', () => {
		expect(sortSearch(parse('q=a&status=active&page=9'), spec, 'date')).toBe('?q=a&status=active&sort=date')
	})
})

describe('pageLinks', () => {
	test('a short list has its pages', () => {
		expect(pageLinks({ page: 1, size: 25, total: 60, exact: true, hasNext: true })).toEqual([1, 2, 3])
	})

	test('a long list has the first, the last and the neighbours, with gaps', () => {
		expect(pageLinks({ page: 10, size: 10, total: 1000, exact: true, hasNext: true })).toEqual([1, null, 8, 9, 10, 11, 12, null, 100])
	})

	test('an uncounted list offers the next page, not a last one', () => {
		expect(pageLinks({ page: 1, size: 25, total: 10000, exact: false, hasNext: true })).toEqual([1, 2])
		expect(pageLinks({ page: 7, size: 25, total: 10000, exact: false, hasNext: true })).toEqual([1, null, 5, 6, 7, 8])
	})

	test('an empty list has page 1 only', () => {
		expect(pageLinks({ page: 1, size: 25, total: 0, exact: true, hasNext: false })).toEqual([1])
	})
})

describe('isNarrowed', () => {
	test('a search or a filter narrows', () => {
		expect(isNarrowed(parse(''))).toBe(false)
		expect(isNarrowed(parse('q=a'))).toBe(true)
		expect(isNarrowed(parse('status=active'))).toBe(true)
		expect(isNarrowed(parse('sort=name&page=2'))).toBe(false)
	})
})

describe('activeFilterCount', () => {
	test('counts the search and each filter set, not the sort, page or page size', () => {
		expect(activeFilterCount(parse('sort=name&page=2&size=50'))).toBe(0)
		expect(activeFilterCount(parse('q=a'))).toBe(1)
		expect(activeFilterCount(parse('q=a&status=active&province=da-nang'))).toBe(3)
		expect(activeFilterCount(parse('status=bogus'))).toBe(0)
	})
})
