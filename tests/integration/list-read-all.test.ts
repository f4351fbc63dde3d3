import { beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '~/catalogs/seed.server'
import { TOOL_LIST, TOOL_SORTS } from '~/catalogs/tools/tools'
import { toolListSource } from '~/catalogs/tools/tool-list.server'
import { EVERYWHERE } from '~/permissions/scope'
import { getDatabase } from '~/db/db.server'
import { parseListState } from '~/lists/list-query'
import { readAll } from '~/lists/list-read-all.server'
import { readPage } from '~/lists/list-page.server'
import { REFERENCE_LIST_SPEC } from '~/reference-lists/definitions'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { itemListSource } from '~/reference-lists/reference-lists.server'

/**
 * Exports read every matching row in batches that continue from the last row of the previous batch.
 * Whatever the sort, direction, NULLs and ties, the rows must come out exactly as the list pages show
 * them, each once.
 */

beforeAll(async () => {
	await seedDemo({ stations: 30, tools: 400, reset: true, password: 'Demo password 2026' })
	// Ties and NULLs in every sortable column, across batch boundaries.
	const db = getDatabase().db
	await db.updateTable('tools').set({ value_minor: null, purchase_date: null }).where('id', '<=', 60).execute()
	await db
		.updateTable('tools')
		.set({ quantity: 3, value_minor: 5_000, purchase_date: '2020-01-01' })
		.where('id', '>', 60)
		.where('id', '<=', 140)
		.execute()
})

async function idsFromPages(query: string) {
	const state = parseListState(new URLSearchParams(`${query}&size=100`), TOOL_LIST)
	const ids: number[] = []
	for (let page = 1; ; page += 1) {
		const result = await readPage<{ id: number }>(
			getDatabase().db,
			getDatabase().dialect,
			await toolListSource(state, undefined, EVERYWHERE),
			{ ...state, page },
		)
		ids.push(...result.rows.map((row) => Number(row.id)))
		if (!result.hasNext) return ids
	}
}

async function idsFromReadAll(query: string, batchSize: number) {
	const state = parseListState(new URLSearchParams(query), TOOL_LIST)
	const ids: number[] = []
	const batches: number[] = []
	for await (const rows of readAll<{ id: number }>(
		getDatabase().db,
		getDatabase().dialect,
		await toolListSource(state, undefined, EVERYWHERE),
		state.dir,
		batchSize,
	)) {
		batches.push(rows.length)
		ids.push(...rows.map((row) => Number(row.id)))
	}
	return { ids, batches }
}

describe('reading a whole list in batches', () => {
	const orders = TOOL_SORTS.flatMap((sort) => (['asc', 'desc'] as const).map((dir) => `sort=${sort}&dir=${dir}`))

	test.each(orders)('%s gives the rows of the list pages, in their order, each once', async (order) => {
		const expected = await idsFromPages(order)
		expect(expected).toHaveLength(400)
		const { ids, batches } = await idsFromReadAll(order, 7)
		expect(ids).toEqual(expected)
		expect(Math.max(...batches)).toBe(7)
	})

	test.each(['status=repair&sort=value&dir=desc', 'q=fluke&sort=purchaseDate', 'category=measuring&sort=quantity&dir=desc'])(
		'%s reads the filtered rows only',
		async (query) => {
			const expected = await idsFromPages(query)
			expect(expected.length).toBeGreaterThan(0)
			expect((await idsFromReadAll(query, 9)).ids).toEqual(expected)
		},
	)

	test('between batches the event loop takes a turn', async () => {
		const state = parseListState(new URLSearchParams('sort=name'), TOOL_LIST)
		const turns: number[] = []
		let batch = 0
		const interval = setInterval(() => turns.push(batch), 0)
		try {
			for await (const _rows of readAll(
				getDatabase().db,
				getDatabase().dialect,
				await toolListSource(state, undefined, EVERYWHERE),
				state.dir,
				50,
			))
				batch += 1
		} finally {
			clearInterval(interval)
		}
		expect(batch).toBe(8)
		// Timers ran while the batches were being read, not only after the last one.
		expect(turns.some((seenAt) => seenAt < 8)).toBe(true)
	})
})

describe('reading a reference list in batches: a sort by an expression, and by a second column before the id', () => {
	const marker = `ra${Date.now().toString(36)}`
	// Ties in the sort order (broken by the code, not the id) and in the labels (broken by the id); English labels partly missing (the Vietnamese one then sorts).
	const items = Array.from({ length: 23 }, (_, i) => ({
		code: `${marker}${String((i * 7) % 23).padStart(2, '0')}`,
		sort_order: i % 4,
		label_vn: `Vn ${marker} ${String(i % 5).padStart(2, '0')}`,
		label_en: i % 3 === 0 ? null : `En ${marker} ${String(i % 6).padStart(2, '0')}`,
	}))

	beforeAll(async () => {
		const now = Date.now()
		await getDatabase()
			.db.insertInto('reference_items')
			.values(items.map((item) => ({ ...item, list_key: 'stationTypes', created_at: now, updated_at: now, version: 1 })))
			.execute()
	})

	const orders = (['code', 'name', 'sortOrder'] as const).flatMap((sort) =>
		(['asc', 'desc'] as const).flatMap((dir) => (['vn', 'en'] as const).map((language) => ({ sort, dir, language }))),
	)

	test.each(orders)(
		'by $sort $dir in $language: pages and batches give the list’s order, each item once',
		async ({ sort, dir, language }) => {
			const { db, dialect } = getDatabase()
			const state = parseListState(new URLSearchParams(`q=${marker}&sort=${sort}&dir=${dir}&size=10`), REFERENCE_LIST_SPEC)
			const stored = await db
				.selectFrom('reference_items')
				.selectAll()
				.where('list_key', '=', 'stationTypes')
				.where('code', 'like', `${marker}%`)
				.execute()
			const key = (item: (typeof stored)[number]): [string | number, string | number] =>
				sort === 'code'
					? [item.code, 0]
					: sort === 'sortOrder'
						? [item.sort_order, item.code]
						: [(language === 'en' ? item.label_en : null) ?? item.label_vn, item.id]
			const compare = (a: (typeof stored)[number], b: (typeof stored)[number]) => {
				const [a1, a2] = key(a)
				const [b1, b2] = key(b)
				const order = a1 < b1 ? -1 : a1 > b1 ? 1 : a2 < b2 ? -1 : a2 > b2 ? 1 : 0
				return dir === 'asc' ? order : -order
			}
			const expected = stored.sort(compare).map((item) => item.id)
			expect(expected).toHaveLength(items.length)

			const source = await itemListSource(STATION_TYPE_LIST, state, language)
			const paged: number[] = []
			for (let page = 1; ; page += 1) {
				const result = await readPage<{ id: number }>(db, dialect, source, { ...state, page })
				paged.push(...result.rows.map((row) => Number(row.id)))
				if (!result.hasNext) break
			}
			expect(paged).toEqual(expected)
			const batched: number[] = []
			for await (const rows of readAll<{ id: number }>(db, dialect, source, state.dir, 4))
				batched.push(...rows.map((row) => Number(row.id)))
			expect(batched).toEqual(expected)
		},
	)
})
