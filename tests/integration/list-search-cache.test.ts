import { beforeAll, describe, expect, test } from 'vitest'
import { searchKeys } from '~/catalogs/catalog.server'
import { seedDemo } from '~/catalogs/seed.server'
import { TOOL_LIST } from '~/catalogs/tools/tools'
import { toolListSource } from '~/catalogs/tools/tool-list.server'
import { EVERYWHERE } from '~/permissions/scope'
import { getDatabase } from '~/db/db.server'
import { parseListState } from '~/lists/list-query'
import { readPage } from '~/lists/list-page.server'

/**
 * A searched list page is found once and kept while the catalog version stands still
 * (docs/decisions/0029-searched-pages-cache.md): what it shows must still be exactly what the database
 * holds on the next load after any write, the app's or anyone else's.
 */

beforeAll(async () => {
	await seedDemo({ stations: 20, tools: 600, reset: true, password: 'Demo password 2026' })
})

const SEARCH = 'q=fluke&sort=value&dir=desc&size=10'

async function searchedPage(query = SEARCH, version?: () => Promise<number>) {
	const state = parseListState(new URLSearchParams(query), TOOL_LIST)
	const source = await toolListSource(state, undefined, EVERYWHERE)
	const page = await readPage<{ id: number; name: string; value_minor: number | string | null }>(
		getDatabase().db,
		getDatabase().dialect,
		version ? { ...source, version } : source,
		state,
	)
	return { ...page, ids: page.rows.map((row) => Number(row.id)) }
}

/** Renames a tool straight in the database, as another program would (the app's search keys kept right). */
async function renameBehindTheAppsBack(id: number, name: string, valueMinor: number) {
	const { db } = getDatabase()
	const { code } = await db.selectFrom('tools').select('code').where('id', '=', id).executeTakeFirstOrThrow()
	await db
		.updateTable('tools')
		.set({ name, value_minor: valueMinor, ...searchKeys(name, code) })
		.where('id', '=', id)
		.execute()
}

describe('a searched list page', () => {
	test('shows on the next load a tool another program renamed into the search, first by value', async () => {
		const before = await searchedPage()
		expect(before.ids.length).toBeGreaterThan(0)
		const outsider = await getDatabase()
			.db.selectFrom('tools')
			.select('id')
			.where('search_text', 'not like', '%fluke%')
			.orderBy('id')
			.executeTakeFirstOrThrow()
		await renameBehindTheAppsBack(outsider.id, 'Fluke 1587 FC ampe kìm', 999_999_999_999)
		const after = await searchedPage()
		expect(after.ids[0]).toBe(outsider.id)
		expect(after.rows[0]!.name).toBe('Fluke 1587 FC ampe kìm')
		expect(after.total).toBe(before.total + 1)
	})

	test('drops on the next load a tool renamed out of the search', async () => {
		const before = await searchedPage()
		const leaving = before.ids[0]!
		await renameBehindTheAppsBack(leaving, 'Kìm cách điện', 1)
		const after = await searchedPage()
		expect(after.ids).not.toContain(leaving)
		expect(after.total).toBe(before.total - 1)
	})

	test('is found once while the version stands still, and again when it moves', async () => {
		let version = 1_000_000
		const fixed = () => Promise.resolve(version)
		const first = await searchedPage(SEARCH, fixed)
		expect(first.ids).toHaveLength(10)
		// Deleted without the version moving (as no real write can): the kept place still names the row,
		// whose content is read afresh, so the page comes one row short.
		await getDatabase().db.deleteFrom('tools').where('id', '=', first.ids[0]!).execute()
		const kept = await searchedPage(SEARCH, fixed)
		expect(kept.ids).toEqual(first.ids.slice(1))
		version += 1
		const found = await searchedPage(SEARCH, fixed)
		expect(found.ids).toHaveLength(10)
		expect(found.ids).not.toContain(first.ids[0])
	})

	test('is kept apart for every page, filter and order', async () => {
		const [byValue, byName, secondPage, inUse] = await Promise.all([
			searchedPage(),
			searchedPage('q=fluke&sort=name&size=10'),
			searchedPage(`${SEARCH}&page=2`),
			searchedPage(`${SEARCH}&status=in_use`),
		])
		expect(byName.ids).not.toEqual(byValue.ids)
		expect(secondPage.ids.some((id) => byValue.ids.includes(id))).toBe(false)
		const statuses = await getDatabase().db.selectFrom('tools').select('status').where('id', 'in', inUse.ids).execute()
		expect(statuses.map((row) => row.status)).toEqual(inUse.ids.map(() => 'in_use'))
	})
})
