import { describe, expect, test } from 'vitest'
import {
	activeTrail,
	bestEntry,
	buildMenu as buildFromIndex,
	firstPage,
	indexMenu,
	linksOnSite,
	menuHref,
	queryMatches,
	visibleItems,
	type MenuFunction,
	type MenuItem,
	type Translate,
} from './menu'
import { grantsFromRows, NO_GRANTS, type Grants } from './grants'

let nextId = 1
function fn(code: string, options: Partial<MenuFunction> = {}): MenuFunction {
	return {
		id: nextId++,
		code,
		parent_id: null,
		sort_order: 0,
		label_key: null,
		labels: null,
		icon: null,
		path: `/${code.toLowerCase()}`,
		param: null,
		is_title: 0,
		is_hidden: 0,
		badge_text: null,
		badge_variant: null,
		...options,
	}
}

/** Grants of `view` on the functions named; ids stand in for codes in these tests. */
const byId = new Map<number, string>()
function viewOn(...codes: string[]): Grants {
	return grantsFromRows(
		codes.map((code, index) => {
			byId.set(-(index + 1), code)
			return { all_access: 0, function_id: -(index + 1), action: 'view' }
		}),
		(id) => byId.get(id),
	)
}

const label = (f: MenuFunction) => f.code
const buildMenu = (functions: MenuFunction[], grants: Grants, translate: Translate) =>
	buildFromIndex(indexMenu(functions), grants, translate)
const shape = (items: MenuItem[]): unknown[] => items.map((i) => (i.children.length ? { [i.code]: shape(i.children) } : i.code))

describe('buildMenu', () => {
	const catalog = fn('CATALOG', { path: null, sort_order: 20 })
	const stations = fn('STATIONS', { parent_id: catalog.id, sort_order: 2 })
	const tools = fn('TOOLS', { parent_id: catalog.id, sort_order: 1 })
	const dashboard = fn('DASHBOARD', { sort_order: 10 })
	const title = fn('TITLE', { is_title: 1, sort_order: 15, path: null })
	const all = [catalog, stations, tools, dashboard, title]

	test('shows only what the user may view, in sort order', () => {
		expect(shape(buildMenu(all, viewOn('DASHBOARD', 'CATALOG', 'STATIONS', 'TOOLS'), label))).toEqual([
			'DASHBOARD',
			'TITLE',
			{ CATALOG: ['TOOLS', 'STATIONS'] },
		])
	})

	test('drops a parent with no visible child, and then the title with nothing under it', () => {
		expect(shape(buildMenu(all, viewOn('DASHBOARD', 'CATALOG'), label))).toEqual(['DASHBOARD'])
	})

	test('a child granted without its parent appears under it: the parent is a group without a link of its own', () => {
		const withPath = fn('AREA', { path: '/area', sort_order: 30 })
		const leaf = fn('LEAF', { parent_id: withPath.id })
		const menu = buildMenu([...all, withPath, leaf], viewOn('DASHBOARD', 'STATIONS', 'LEAF'), label)
		expect(shape(menu)).toEqual(['DASHBOARD', 'TITLE', { CATALOG: ['STATIONS'] }, { AREA: ['LEAF'] }])
		expect(menu.find((item) => item.code === 'AREA')).toMatchObject({ path: null, param: null })
		expect(firstPage(visibleItems(buildMenu(all, viewOn('STATIONS'), label)))?.code).toBe('STATIONS')
	})

	test('a granted parent keeps its link', () => {
		const area = fn('AREA2', { path: '/area2' })
		const leaf = fn('LEAF2', { parent_id: area.id })
		expect(buildMenu([area, leaf], viewOn('AREA2', 'LEAF2'), label)[0]).toMatchObject({ path: '/area2' })
	})

	test('an ungranted group with nothing granted below it stays out', () => {
		expect(shape(buildMenu(all, viewOn('DASHBOARD'), label))).toEqual(['DASHBOARD'])
	})

	test('all-access roles see everything', () => {
		const grants = grantsFromRows([{ all_access: 1, function_id: null, action: null }], () => undefined)
		expect(shape(buildMenu(all, grants, label))).toEqual(['DASHBOARD', 'TITLE', { CATALOG: ['TOOLS', 'STATIONS'] }])
	})

	test('a grant on a function that is disabled or unknown counts for nothing', () => {
		const grants = grantsFromRows([{ all_access: 0, function_id: 999, action: 'view' }], () => undefined)
		expect(grants.byFunction.size).toBe(0)
	})

	test('no grants, no menu', () => {
		expect(buildMenu(all, NO_GRANTS, label)).toEqual([])
	})

	test('hidden entries stay in the tree (for the API) but not in what is rendered', () => {
		const hidden = fn('HIDDEN', { is_hidden: 1, sort_order: 11 })
		const menu = buildMenu([...all, hidden], viewOn('DASHBOARD', 'HIDDEN'), label)
		expect(menu.map((i) => [i.code, i.isHidden])).toEqual([
			['DASHBOARD', false],
			['HIDDEN', true],
		])
		expect(shape(visibleItems(menu))).toEqual(['DASHBOARD'])
	})

	test('a group whose only children are hidden is not rendered', () => {
		const group = fn('GROUP', { path: null })
		const secret = fn('SECRET', { parent_id: group.id, is_hidden: 1 })
		expect(visibleItems(buildMenu([group, secret], viewOn('GROUP', 'SECRET'), label))).toEqual([])
	})

	test('stops at three levels', () => {
		const l1 = fn('L1', { path: null })
		const l2 = fn('L2', { parent_id: l1.id, path: null })
		const l3 = fn('L3', { parent_id: l2.id })
		const l4 = fn('L4', { parent_id: l3.id })
		const menu = buildMenu([l1, l2, l3, l4], viewOn('L1', 'L2', 'L3', 'L4'), label)
		expect(shape(menu)).toEqual([{ L1: [{ L2: ['L3'] }] }])
	})

	test('carries label, icon, badge and route parameter', () => {
		const item = fn('BADGED', { icon: 'bx-star', badge_text: 'Mới', badge_variant: 'success', param: 'type=1' })
		const [entry] = buildMenu([item], viewOn('BADGED'), () => 'Nhãn')
		expect(entry).toMatchObject({ label: 'Nhãn', icon: 'bx-star', badge: { text: 'Mới', variant: 'success' }, param: 'type=1' })
		expect(menuHref(entry!)).toBe('/badged?type=1')
	})
})

describe('a function whose path or parameter would leave the site', () => {
	test.each([
		['a protocol-relative path', { path: '//evil.example/x', param: null }],
		['a path with encoded slashes', { path: '/%2F%2Fevil.example', param: null }],
		['a path with a backslash', { path: '/\\evil.example', param: null }],
		['a path with an encoded backslash', { path: '/%5Cevil.example', param: null }],
		['a path with a scheme', { path: 'https://evil.example', param: null }],
		['a path with an encoded tab', { path: '/%09/evil.example', param: null }],
		['a path and a sub-path parameter that make //', { path: '/', param: '/evil.example' }],
		['a sub-path parameter with encoded slashes', { path: '/kho', param: '/%2F%2Fevil.example' }],
		['a query parameter with a control character', { path: '/kho', param: 'q=%0d%0a' }],
		['a parameter with a scheme', { path: '/kho', param: 'javascript:alert(1)' }],
		['a query parameter holding another address', { path: '/kho', param: 'next=//evil.example' }],
		["a path without its parameter's page", { path: null, param: '/active' }],
	])('%s gives no link, no first page and no API path', (_name, location) => {
		const bad = fn('BAD', { ...location, sort_order: 1 })
		const good = fn('GOOD', { sort_order: 2 })
		expect(linksOnSite(bad)).toBe(false)
		const menu = buildMenu([bad, good], viewOn('BAD', 'GOOD'), label)
		const shown = menu.find((item) => item.code === 'BAD')!
		expect(shown).toMatchObject({ path: null, param: null })
		expect(menuHref(shown)).toBeNull()
		expect(firstPage(menu)?.code).toBe('GOOD')
	})

	test('site paths with a sub-path or a query keep their link', () => {
		expect(linksOnSite({ path: '/kho', param: '/active' })).toBe(true)
		expect(linksOnSite({ path: '/kho', param: 'status=active' })).toBe(true)
		expect(linksOnSite({ path: '/kho', param: null })).toBe(true)
		expect(linksOnSite({ path: null, param: null })).toBe(false)
	})
})

describe('navigation helpers', () => {
	const menu: MenuItem[] = [
		{ code: 'T', label: 'T', icon: null, path: null, param: null, isTitle: true, isHidden: false, badge: null, children: [] },
		{
			code: 'CAT',
			label: 'Cat',
			icon: null,
			path: null,
			param: null,
			isTitle: false,
			isHidden: false,
			badge: null,
			children: [
				{
					code: 'ST',
					label: 'St',
					icon: null,
					path: '/danhmuc/tram',
					param: null,
					isTitle: false,
					isHidden: false,
					badge: null,
					children: [],
				},
			],
		},
		{ code: 'DB', label: 'Db', icon: null, path: '/dashboard', param: null, isTitle: false, isHidden: false, badge: null, children: [] },
	]

	test('the first page skips titles and descends into groups', () => {
		expect(firstPage(menu)?.path).toBe('/danhmuc/tram')
	})

	test('the active entry matches the path, else its parent path, with its ancestors', () => {
		expect(activeTrail(menu, '/danhmuc/tram')).toEqual(['CAT', 'ST'])
		expect(activeTrail(menu, '/danhmuc/tram/42')).toEqual(['CAT', 'ST'])
		expect(activeTrail(menu, '/danhmuc/tram/42/edit')).toEqual(['CAT', 'ST'])
		expect(activeTrail(menu, '/dashboard/')).toEqual(['DB'])
		expect(activeTrail(menu, '/elsewhere')).toEqual([])
	})
})

describe('the active entry of an entry with a route parameter', () => {
	const entry = (code: string, path: string, param: string | null = null): MenuItem => ({
		code,
		label: code,
		icon: null,
		path,
		param,
		isTitle: false,
		isHidden: false,
		badge: null,
		children: [],
	})
	const group = (code: string, children: MenuItem[]): MenuItem => ({ ...entry(code, ''), path: null, children })
	const menu = [
		group('CAT', [
			entry('ALL', '/danhmuc/tram'),
			entry('ACTIVE', '/danhmuc/tram', 'status=active'),
			entry('HUE', '/danhmuc/tram', 'province=hue&status=active'),
		]),
		group('REPORTS', [entry('MONTHLY', '/reports', '/monthly'), entry('YEARLY', '/reports', '/yearly')]),
	]

	test('a query parameter is active when the query holds it; the plain entry otherwise', () => {
		expect(activeTrail(menu, '/danhmuc/tram', '?status=active')).toEqual(['CAT', 'ACTIVE'])
		expect(activeTrail(menu, '/danhmuc/tram', '?page=2&status=active')).toEqual(['CAT', 'ACTIVE'])
		expect(activeTrail(menu, '/danhmuc/tram', '?status=active&province=hue')).toEqual(['CAT', 'ACTIVE'])
		expect(activeTrail(menu, '/danhmuc/tram', '')).toEqual(['CAT', 'ALL'])
		expect(activeTrail(menu, '/danhmuc/tram', '?status=retired')).toEqual(['CAT', 'ALL'])
		expect(activeTrail(menu, '/danhmuc/tram/12', '')).toEqual(['CAT', 'ALL'])
	})

	test("a sub-path parameter is part of the entry's path", () => {
		expect(activeTrail(menu, '/reports/yearly')).toEqual(['REPORTS', 'YEARLY'])
		expect(activeTrail(menu, '/reports/monthly/2026-11')).toEqual(['REPORTS', 'MONTHLY'])
		expect(activeTrail(menu, '/reports')).toEqual([])
	})

	test('without a plain entry at the path, an entry with a query parameter still marks the page', () => {
		const only = [group('CAT', [entry('ACTIVE', '/danhmuc/tram', 'status=active')])]
		expect(activeTrail(only, '/danhmuc/tram/12')).toEqual(['CAT', 'ACTIVE'])
	})

	test('matching a query: every name=value of the parameter, values decoded', () => {
		expect(queryMatches('a=1&b=x%20y', '?b=x+y&a=1&c=3')).toBe(true)
		expect(queryMatches('a=1', '?a=2&a=1')).toBe(true)
		expect(queryMatches('a=1', '?a=10')).toBe(false)
		expect(bestEntry(['x', 'y'], () => 'k=v', '')).toBe('x')
	})
})
