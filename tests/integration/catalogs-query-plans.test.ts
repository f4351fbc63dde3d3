import { sql } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '~/catalogs/seed.server'
import { STATION_LIST } from '~/catalogs/stations/stations'
import { TOOL_LIST } from '~/catalogs/tools/tools'
import { stationListSource } from '~/catalogs/stations/stations.server'
import { listTools, toolListSource } from '~/catalogs/tools/tool-list.server'
import { resolveStation } from '~/catalogs/tools/tools.server'
import { EVERYWHERE } from '~/permissions/scope'
import { recentChangesQuery, topStationsQuery } from '~/dashboard/figures.server'
import { getConfig } from '~/config.server'
import { getDatabase, openDatabase, type DB } from '~/db/db.server'
import { testDatabaseKind } from '../support/database'
import { planOf } from '../support/query-plan'
import { queriesDuring } from '../support/queries'
import { parseListState } from '~/lists/list-query'
import { countUpTo, pageIdsQuery, type ListSource } from '~/lists/list.server'

/**
 * The list queries are served by indexes on both databases: the plan, not a timing, is what these
 * tests check. SQLite's plans are fixed by the query shapes (a covering sort index read in order, no
 * sorting); PostgreSQL chooses by its statistics and rightly prefers scanning a table this small, so
 * there the question asked is "does an index serve it" (sequential scans turned off for the query).
 */

beforeAll(async () => {
	await seedDemo({ stations: 400, tools: 1500, reset: false, password: 'Demo-Portal-2025!' })
})

function pageQuery(source: ListSource, query: string) {
	const state = parseListState(new URLSearchParams(query), STATION_LIST)
	return pageIdsQuery(getDatabase().dialect, source, state.dir, (state.page - 1) * state.size, state.size + 1)
}

const SORTED_STATES = [
	['status=maintenance', 'code'],
	['sort=name&dir=desc', 'name_key'],
	['sort=commissionedAt', 'commissioned_at'],
	['status=maintenance&sort=name', 'name_key'],
	['status=inactive&type=pumping&sort=commissionedAt&dir=desc', 'commissioned_at'],
	['province=hue&type=bts&sort=province', 'province'],
	['page=5&size=10&sort=type', 'type'],
	['status=active&sort=status&dir=desc', 'status'],
] as const

describe('station list pages', () => {
	test.each(SORTED_STATES)('%s reads the ids in the order of the %s index', async (query, column) => {
		const state = parseListState(new URLSearchParams(query), STATION_LIST)
		const plan = await planOf(pageQuery(await stationListSource(state, EVERYWHERE), query))
		if (getDatabase().dialect === 'sqlite') {
			expect(plan).toContain(`USING COVERING INDEX stations_${column}_sort`)
			expect(plan).not.toContain('TEMP B-TREE')
		} else {
			// PostgreSQL weighs the filter's own index against the sort index by the data it holds.
			expect(plan).toMatch(/Index (Only )?Scan/)
			expect(plan).not.toContain('Seq Scan')
		}
	})

	test('the unfiltered list by code reads a code index in order', async () => {
		const plan = await planOf(pageQuery(await stationListSource(parseListState(new URLSearchParams(''), STATION_LIST), EVERYWHERE), ''))
		expect(plan).toMatch(
			/USING COVERING INDEX (stations_code_sort|sqlite_autoindex_stations_1)|Index (Only )?Scan using stations_code_(sort|key|id)/,
		)
		expect(plan).not.toMatch(/TEMP B-TREE|Seq Scan|Sort Key/)
	})

	test('a deep page of the unfiltered list by code skips entries of a narrow index, not of the covering one', async () => {
		const query = 'page=4000'
		// On a small table PostgreSQL rightly reads the unique code index and the rows; at 100,000 rows it
		// chose a sequential scan and a sort over the wide covering index (71 ms): the narrow one must win.
		const plan = await planOf(
			pageQuery(await stationListSource(parseListState(new URLSearchParams(query), STATION_LIST), EVERYWHERE), query),
			{ indexOnly: true },
		)
		expect(plan).toMatch(
			getDatabase().dialect === 'sqlite'
				? /USING COVERING INDEX (stations_code_sort|sqlite_autoindex_stations_1)/
				: /Index Only Scan using stations_code_id/,
		)
		expect(plan).not.toMatch(/TEMP B-TREE|Seq Scan|Sort Key/)
	})

	test.each([
		['q=cau+giay', 'a rare search'],
		['q=tram', 'a common word'],
		['q=tram&status=maintenance&sort=name', 'a common word with a filter'],
		['q=zq', 'a short, rare word'],
		['q=%27%3B+DROP+TABLE+stations%3B+--', 'SQL-like text'],
	])('%s (%s) reads no table in full', async (query) => {
		const state = parseListState(new URLSearchParams(query), STATION_LIST)
		const plan = await planOf(pageQuery(await stationListSource(state, EVERYWHERE), query))
		if (getDatabase().dialect === 'sqlite') {
			// Either the FTS index and the rows it names, or a covering index in list order.
			expect(plan).toMatch(/stations_fts VIRTUAL TABLE INDEX|USING COVERING INDEX|USING INTEGER PRIMARY KEY/)
			expect(plan).not.toMatch(/\bSCAN stations\b(?! USING)/)
		} else {
			expect(plan).not.toContain('Seq Scan')
		}
	})

	test('counts of filtered lists read one index, not the table', async () => {
		const state = parseListState(new URLSearchParams('status=maintenance&type=bts'), STATION_LIST)
		const source = await stationListSource(state, EVERYWHERE)
		const plan = await planOf(source.counted!.clearSelect().select((eb) => eb.fn.countAll().as('n')))
		expect(plan).not.toMatch(/\bSCAN stations\b(?! USING)|Seq Scan/)
		expect((await countUpTo(getDatabase().db, source.counted!, null)).exact).toBe(true)
	})
})

describe('lists within two provinces (decision 0053)', () => {
	const scope = ['an-giang', 'can-tho']

	test.each([
		['', 'code'],
		['sort=name', 'name_key'],
		['status=active&sort=commissionedAt&dir=desc', 'commissioned_at'],
	])('stations %s: a page reads the %s index in order, the province checked on its entries', async (query, column) => {
		const state = parseListState(new URLSearchParams(query), STATION_LIST)
		const source = await stationListSource(state, scope)
		const plan = await planOf(pageIdsQuery(getDatabase().dialect, source, state.dir, 0, 26))
		if (getDatabase().dialect === 'sqlite') {
			expect(plan).toContain(`USING COVERING INDEX stations_${column}_sort`)
			expect(plan).not.toContain('TEMP B-TREE')
		} else {
			expect(plan).not.toContain('Seq Scan')
		}
	})

	test("tools: a page reads the sort index in order, the scope's stations from the province index", async () => {
		const state = parseListState(new URLSearchParams(''), TOOL_LIST)
		const source = await toolListSource(state, undefined, scope)
		const plan = await planOf(pageIdsQuery(getDatabase().dialect, source, state.dir, 0, 26))
		if (getDatabase().dialect === 'sqlite') {
			expect(plan).toContain('USING COVERING INDEX tools_code_sort')
			expect(plan).not.toContain('TEMP B-TREE')
		}
		expect(plan).not.toMatch(/\bSCAN (tools|stations)\b(?! USING)|Seq Scan on tools/)
	})

	test('counting the scope reads indexes, not the tables', async () => {
		for (const source of [
			await stationListSource(parseListState(new URLSearchParams(''), STATION_LIST), scope),
			await toolListSource(parseListState(new URLSearchParams(''), TOOL_LIST), undefined, scope),
		]) {
			const plan = await planOf(source.counted!.clearSelect().select((eb) => eb.fn.countAll().as('n')))
			expect(plan).not.toMatch(/\bSCAN (tools|stations)\b(?! USING)|Seq Scan on tools/)
		}
	})
})

describe('tool list pages', () => {
	test.each([
		['status=repair', 'code'],
		['sort=value&dir=desc', 'value_minor'],
		['category=measuring&status=in_use&sort=purchaseDate', 'purchase_date'],
	])('%s reads the ids in the order of the %s index', async (query, column) => {
		const state = parseListState(new URLSearchParams(query), TOOL_LIST)
		const source = await toolListSource(state, undefined, EVERYWHERE)
		const plan = await planOf(pageIdsQuery(getDatabase().dialect, source, state.dir, 0, 26))
		if (getDatabase().dialect === 'sqlite') {
			expect(plan).toContain(`USING COVERING INDEX tools_${column}_sort`)
			expect(plan).not.toContain('TEMP B-TREE')
		} else {
			expect(plan).toMatch(/Index (Only )?Scan/)
			expect(plan).not.toContain('Seq Scan')
		}
	})

	test("a province's tools: a first page checks the province in list order, a deep or rare one reads the station index", async () => {
		const pageQueries = async (query: string) => {
			const state = parseListState(new URLSearchParams(query), TOOL_LIST)
			const { statements: seen } = await queriesDuring(() => listTools(state, undefined, EVERYWHERE))
			// The query of the page's ids: ordered and limited, of ids alone.
			return seen.filter((text) => /^select "tools"\."id" as "id" from "tools" where .* order by .* limit/.test(text))
		}
		const source = await toolListSource(parseListState(new URLSearchParams('province=hue&sort=quantity'), TOOL_LIST), undefined, EVERYWHERE)
		const inOrder = await planOf(pageIdsQuery(getDatabase().dialect, source, 'asc', 0, 26))
		expect(inOrder).not.toMatch(/\bSCAN tools\b(?! USING)|Seq Scan/)
		if (getDatabase().dialect === 'sqlite') {
			expect(inOrder).toContain('USING COVERING INDEX tools_quantity_sort')
			expect(await planOf(pageIdsQuery('sqlite', { ...source, filtered: source.filteredByFilter! }, 'asc', 0, 26))).toMatch(
				/SEARCH tools USING (COVERING )?INDEX tools_station_id_sort/,
			)
			// The province with the most tools (about 1 in 30 of them): its first page is found in list order.
			const provinces = await getDatabase()
				.db.selectFrom('tools')
				.innerJoin('stations', 'stations.id', 'tools.station_id')
				.select(['stations.province', (eb) => eb.fn.countAll<number>().as('n')])
				.groupBy('stations.province')
				.orderBy('n', 'desc')
				.execute()
			const most = provinces[0]!
			expect(Number(most.n)).toBeGreaterThan(40)
			expect(await pageQueries(`province=${most.province}&sort=quantity`)).toEqual([expect.stringContaining('+"tools"."station_id" in')])
			// Huế holds 20 of the 1,500: a page of them would cost more entries in order than its rows from the station index.
			expect(provinces.find((row) => row.province === 'hue')?.n).toBe(20)
			expect(await pageQueries('province=hue&sort=quantity')).toEqual([expect.not.stringContaining('+"tools"."station_id"')])
			// A common province's tools in repair are rare too.
			expect(await pageQueries(`province=${most.province}&status=repair&sort=quantity`)).toEqual([
				expect.not.stringContaining('+"tools"."station_id"'),
			])
		} else {
			// PostgreSQL's planner weighs this itself: one query either way.
			expect(source.filteredByFilter).toBeUndefined()
		}
	})

	test("one station's tools come from the station index", async () => {
		const state = parseListState(new URLSearchParams('stationId=1'), TOOL_LIST)
		const source = await toolListSource(state, await resolveStation('1', EVERYWHERE), EVERYWHERE)
		const plan = await planOf(pageIdsQuery(getDatabase().dialect, source, state.dir, 0, 26))
		expect(plan).toMatch(getDatabase().dialect === 'sqlite' ? /tools_station_id_sort/ : /Index (Only )?Scan/)
		expect(plan).not.toMatch(/\bSCAN tools\b(?! USING)|Seq Scan/)
	})
})

describe('dashboard figures', () => {
	test('the stations with the most tools are the first entries of the counters index, in order', async () => {
		const plan = await planOf(topStationsQuery(10))
		if (getDatabase().dialect === 'sqlite') {
			expect(plan).toContain('station_tool_counts_top')
			expect(plan).not.toContain('TEMP B-TREE')
		} else {
			expect(plan).toContain('station_tool_counts_top')
			expect(plan).not.toMatch(/Seq Scan|Sort Key/)
		}
	})

	test('the counts by status read the counters (a row per status), not a catalog', async () => {
		const query = getDatabase().db.selectFrom('catalog_status_counts').select(['status', 'total']).where('catalog', '=', 'tools')
		const plan = await planOf(query)
		expect(plan).toContain('catalog_status_counts')
		expect(plan).not.toMatch(/\b(on|SCAN|SEARCH) (tools|stations)\b/)
		const { rows } = await sql<{ n: number }>`select count(*) as n from catalog_status_counts`.execute(getDatabase().db)
		expect(Number(rows[0]!.n)).toBeLessThanOrEqual(8)
	})

	test.each(['station', 'tool'] as const)('the recent %s changes are the newest entries of the audit index', async (entity) => {
		const plan = await planOf(recentChangesQuery(entity, 8))
		expect(plan).toMatch(/SEARCH audit_log USING INDEX audit_log_entity_at|Index Scan Backward using audit_log_entity_at/)
		expect(plan).not.toMatch(/TEMP B-TREE|Seq Scan/)
	})
})

describe('search indexes', () => {
	test('substring search is indexed with trigrams on both databases', async () => {
		const { db, dialect } = getDatabase()
		if (dialect === 'sqlite') {
			const tables = await sql<{ name: string }>`select name from sqlite_master where name in ('stations_fts', 'tools_fts')`.execute(db)
			expect(tables.rows.map((row) => row.name).sort()).toEqual(['stations_fts', 'tools_fts'])
		} else {
			const indexes = await sql<{
				indexname: string
				indexdef: string
			}>`select indexname, indexdef from pg_indexes where indexname in ('stations_search_trgm', 'tools_search_trgm')`.execute(db)
			expect(indexes.rows).toHaveLength(2)
			for (const index of indexes.rows) expect(index.indexdef).toContain('gin_trgm_ops')
		}
	})
})

if (testDatabaseKind() === 'postgres') {
	describe('PostgreSQL sessions (decision 0077)', () => {
		test('run without parallel workers; an options parameter in DATABASE_URL replaces that', async () => {
			const setting = async (db: DB) =>
				(await sql<{ value: string }>`select current_setting('max_parallel_workers_per_gather') as value`.execute(db)).rows[0]?.value
			expect(await setting(getDatabase().db)).toBe('0')

			const config = getConfig()
			if (config.database.dialect !== 'postgres') throw new Error('the test database is PostgreSQL')
			const url = new URL(config.database.url)
			url.searchParams.set('options', '-c max_parallel_workers_per_gather=2')
			const own = openDatabase({ ...config.database, url: url.toString() })
			try {
				expect(await setting(own.db)).toBe('2')
			} finally {
				await own.close()
			}
		})
	})
}
