import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '~/catalogs/seed.server'
import { getDb } from '~/db/db.server'
import { stationsByStatus, toolsByStatus, topStationsByTools } from '~/dashboard/figures.server'
import { signedIn, toolFields, uniqueCode } from '../support/catalogs'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'

/**
 * The dashboard reads counters the database keeps on every catalog write. Whatever writes, and however
 * many rows one statement touches, the counters must equal a count over the catalogs.
 */

let server: RunningServer

beforeAll(async () => {
	await seedDemo({ stations: 40, tools: 300, reset: true, password: 'Demo password 2026' })
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function recountedStatuses(table: 'stations' | 'tools') {
	const rows = await getDb()
		.selectFrom(table)
		.select(['status', (eb) => eb.fn.countAll<number>().as('n')])
		.groupBy('status')
		.execute()
	return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]))
}

async function keptStatuses(table: 'stations' | 'tools') {
	const counts = await (table === 'stations' ? stationsByStatus() : toolsByStatus())
	return Object.fromEntries(Object.entries(counts).filter(([, count]) => count > 0))
}

async function recountedTopStations(limit: number) {
	const rows = await getDb()
		.selectFrom('tools')
		.innerJoin('stations', 'stations.id', 'tools.station_id')
		.select(['stations.id', 'stations.code', 'stations.name', (eb) => eb.fn.countAll<number>().as('n')])
		.groupBy(['stations.id', 'stations.code', 'stations.name'])
		.execute()
	return rows
		.map((row) => ({ id: row.id, code: row.code, name: row.name, count: Number(row.n) }))
		.sort((a, b) => b.count - a.count || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0))
		.slice(0, limit)
}

async function expectCountersToMatchARecount() {
	expect(await keptStatuses('stations')).toEqual(await recountedStatuses('stations'))
	expect(await keptStatuses('tools')).toEqual(await recountedStatuses('tools'))
	expect(await topStationsByTools(1000)).toEqual(await recountedTopStations(1000))
}

describe('the dashboard counters', () => {
	test('start equal to a count of the seeded catalogs', async () => {
		await expectCountersToMatchARecount()
		expect((await topStationsByTools(10)).length).toBe(10)
	})

	test('follow inserts, status changes, moves between stations, code changes and deletes of many rows at once', async () => {
		const db = getDb()
		const stations = await db.selectFrom('stations').select(['id', 'code']).orderBy('id').limit(3).execute()
		const now = Date.now()
		const tool = (status: string, stationId: number | null) => {
			const code = uniqueCode('FIG')
			return {
				code,
				name: code,
				name_key: code.toLowerCase(),
				search_text: code.toLowerCase(),
				category: 'measuring',
				station_id: stationId,
				status,
				quantity: 1,
				unit: 'cái',
				created_at: now,
				updated_at: now,
				version: 1,
			}
		}
		const inserted = await db
			.insertInto('tools')
			.values([tool('repair', stations[0]!.id), tool('repair', stations[0]!.id), tool('retired', stations[1]!.id), tool('in_use', null)])
			.returning('id')
			.execute()
		const ids = inserted.map((row) => row.id)
		await expectCountersToMatchARecount()

		await db.updateTable('tools').set({ status: 'in_stock' }).where('id', 'in', ids.slice(0, 3)).execute()
		await expectCountersToMatchARecount()
		await db.updateTable('tools').set({ station_id: stations[2]!.id }).where('id', 'in', ids).execute()
		await expectCountersToMatchARecount()
		await db.updateTable('tools').set({ station_id: null, name: 'renamed' }).where('id', '=', ids[0]!).execute()
		await expectCountersToMatchARecount()
		await db
			.updateTable('stations')
			.set({ code: uniqueCode('RENAMED') })
			.where('id', '=', stations[2]!.id)
			.execute()
		await db
			.updateTable('stations')
			.set({ status: 'inactive' })
			.where(
				'id',
				'in',
				stations.map((s) => s.id),
			)
			.execute()
		await expectCountersToMatchARecount()
		await db.deleteFrom('tools').where('id', 'in', ids).execute()
		await expectCountersToMatchARecount()
	})

	test('a station deleted with no tools leaves no counter behind', async () => {
		const db = getDb()
		const code = uniqueCode('GONE')
		const now = Date.now()
		const station = await db
			.insertInto('stations')
			.values({
				code,
				name: code,
				name_key: code.toLowerCase(),
				search_text: code.toLowerCase(),
				type: 'bts',
				province: 'hue',
				status: 'active',
				created_at: now,
				updated_at: now,
				version: 1,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		const toolCode = uniqueCode('FIG')
		const tool = await db
			.insertInto('tools')
			.values({
				code: toolCode,
				name: toolCode,
				name_key: toolCode.toLowerCase(),
				search_text: toolCode.toLowerCase(),
				category: 'measuring',
				station_id: station.id,
				status: 'repair',
				quantity: 1,
				unit: 'cái',
				created_at: now,
				updated_at: now,
				version: 1,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		await db.deleteFrom('tools').where('id', '=', tool.id).execute()
		await db.deleteFrom('stations').where('id', '=', station.id).execute()
		expect(await db.selectFrom('station_tool_counts').select('station_id').where('station_id', '=', station.id).execute()).toEqual([])
		await expectCountersToMatchARecount()
	})
})

describe('the dashboard after a user’s own change', () => {
	/** The figure the dashboard shows for tools in one status, read from the page. */
	async function shownToolCount(client: Awaited<ReturnType<typeof signedIn>>['client'], status: string) {
		const response = await client.get('/dashboard')
		expect(response.status).toBe(200)
		const page = parseHtml(await response.text())
		const link = page.querySelector(`a[href="/congcu/list?status=${status}"] .fw-semibold`)
		expect(link, `no figure for ${status}`).not.toBeNull()
		return Number(link!.text.replace(/\D/g, ''))
	}

	test('is exact on the next load: a tool created, moved to repair, then deleted', async () => {
		const operator = await signedIn(server, ['operator'])
		const before = await shownToolCount(operator.client, 'repair')

		const fields = toolFields({ status: 'repair' })
		const created = await operator.client.post('/congcu/list/new', fields)
		await created.text()
		expect(created.status).toBe(302)
		expect(await shownToolCount(operator.client, 'repair')).toBe(before + 1)

		const id = Number(created.headers.get('location')!.split('/').pop())
		const deleted = await operator.client.post(`/congcu/list/${id}`, { intent: 'delete', version: '1' })
		await deleted.text()
		expect(deleted.status).toBe(302)
		expect(await shownToolCount(operator.client, 'repair')).toBe(before)
	})

	test('is exact on the next load after a write the server did not make (another instance, an operator’s SQL)', async () => {
		const operator = await signedIn(server, ['operator'])
		const before = await shownToolCount(operator.client, 'repair')
		// Loaded again at once: the figures the server keeps answer.
		expect(await shownToolCount(operator.client, 'repair')).toBe(before)
		const tool = await getDb().selectFrom('tools').select('id').where('status', '!=', 'repair').orderBy('id').executeTakeFirstOrThrow()
		await getDb().updateTable('tools').set({ status: 'repair' }).where('id', '=', tool.id).execute()
		expect(await shownToolCount(operator.client, 'repair')).toBe(before + 1)
		await getDb().updateTable('tools').set({ status: 'in_use' }).where('id', '=', tool.id).execute()
		expect(await shownToolCount(operator.client, 'repair')).toBe(before)
	})
})

async function readCatalogVersion() {
	return Number((await getDb().selectFrom('catalog_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()).version)
}

describe('the catalog version', () => {
	test('moves on every write to stations or tools and every audit entry about them, and on nothing else', async () => {
		const db = getDb()
		const now = Date.now()
		const moves = async (write: () => Promise<unknown>) => {
			const before = await readCatalogVersion()
			await write()
			return (await readCatalogVersion()) > before
		}
		const code = uniqueCode('VER')
		let stationId = 0
		expect(
			await moves(async () => {
				stationId = (
					await db
						.insertInto('stations')
						.values({
							code,
							name: code,
							name_key: code.toLowerCase(),
							search_text: code.toLowerCase(),
							type: 'bts',
							province: 'hue',
							status: 'active',
							created_at: now,
							updated_at: now,
							version: 1,
						})
						.returning('id')
						.executeTakeFirstOrThrow()
				).id
			}),
		).toBe(true)
		expect(
			await moves(() =>
				db
					.updateTable('stations')
					.set({ name: `${code} mới` })
					.where('id', '=', stationId)
					.execute(),
			),
		).toBe(true)
		const audit = (entity: string) =>
			db
				.insertInto('audit_log')
				.values({
					at: now,
					actor_user_id: null,
					actor_email: null,
					action: `${entity}.updated`,
					entity,
					entity_id: String(stationId),
					ip: null,
					details: '{}',
				})
				.execute()
		expect(await moves(() => audit('station'))).toBe(true)
		expect(await moves(() => audit('tool'))).toBe(true)
		expect(await moves(() => audit('user'))).toBe(false)
		expect(await moves(() => db.updateTable('users').set({ updated_at: now }).where('id', '=', -1).execute())).toBe(false)
		expect(await moves(() => db.deleteFrom('stations').where('id', '=', stationId).execute())).toBe(true)
		const tool = await db.selectFrom('tools').select(['id', 'quantity']).orderBy('id').executeTakeFirstOrThrow()
		expect(await moves(() => db.updateTable('tools').set({ quantity: tool.quantity }).where('id', '=', tool.id).execute())).toBe(true)
	})
})
