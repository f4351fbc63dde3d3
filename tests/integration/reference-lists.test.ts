import { sql, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { createStation, deleteStation, updateStation } from '~/catalogs/stations/stations.server'
import { createTool } from '~/catalogs/tools/tools.server'
import { toolSchema } from '~/catalogs/tools/tool-schema.server'
import { getDb } from '~/db/db.server'
import type { Database } from '~/db/schema'
import { BOM, parseCsv } from '~/catalogs/csv'
import { ITEM_FIELDS, SORT_ORDER_MAX } from '~/reference-lists/definitions'
import { STATION_TYPE_LIST } from '~/catalogs/station-types/station-types'
import { TOOL_CATEGORY_LIST } from '~/catalogs/tool-groups/tool-groups'
import { holdListedCode } from '~/reference-lists/listed-codes.server'
import { newItemSchema } from '~/reference-lists/item-schema.server'
import { itemBulk } from '~/reference-lists/item-bulk.server'
import { itemStore } from '~/reference-lists/reference-lists.server'
import { bulkDelete } from '~/catalogs/bulk.server'
import { INITIAL_REFERENCE_ITEMS } from '~/db/migrations/0018_reference_lists'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { location, TestClient } from '../support/client'
import {
	alerts,
	fieldError,
	fieldValue,
	format,
	getPage,
	itemCode,
	itemFields,
	listedCodes,
	reportRows,
	signedIn,
	statuses,
	stationFields,
	toolFields,
	uniqueCode,
	uploadCsv,
	vn,
} from '../support/catalogs'
import { testDatabaseKind } from '../support/database'
import { freshDatabase } from '../support/fresh-database'
import { errorSummary, hrefs, parseHtml, selectOptions, tableRows } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { catalogTexts, translate } from '../support/translate'
import { until } from '../support/wait'

let server: RunningServer
let admin: Awaited<ReturnType<typeof signedIn>>
let operator: Awaited<ReturnType<typeof signedIn>>
let viewer: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	admin = await signedIn(server, ['admin'])
	operator = await signedIn(server, ['operator'])
	viewer = await signedIn(server, ['viewer'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** Reads a page, expecting `status`: its HTML. */
async function pageOf(response: Response, status: number): Promise<string> {
	const html = await response.text()
	expect(response.status, html.slice(0, 300)).toBe(status)
	return html
}

/** Creates an item through the form (as an administrator): its id. */
async function createItem(path: string, fields: Record<string, string>) {
	const response = await admin.client.post(`${path}/new`, fields)
	await pageOf(response, 302)
	const target = location(response)!
	expect(target).toMatch(new RegExp(`^${path}/\\d+$`))
	return Number(target.split('/').pop())
}

/** The rows of a list page's table, each as its cells' text, without the checkbox column of the bulk actions. */
function listRows(html: string): string[][] {
	return parseHtml(html)
		.querySelectorAll('table tbody tr')
		.map((row) =>
			row
				.querySelectorAll('th, td')
				.filter((cell) => !cell.classList.contains('bulk-select'))
				.map((cell) => cell.text.replace(/\s+/g, ' ').trim()),
		)
}

function itemRow(id: number) {
	return getDb().selectFrom('reference_items').selectAll().where('id', '=', id).executeTakeFirst()
}

function auditActions(entity: string, id: number) {
	return getDb()
		.selectFrom('audit_log')
		.select('action')
		.where('entity', '=', entity)
		.where('entity_id', '=', String(id))
		.orderBy('id')
		.execute()
}

describe('the lists as the migration left them', () => {
	test('station types: the codes that were fixed in code, in their order, labelled in the reader’s language', async () => {
		const rows = listRows(await pageOf(await admin.client.get('/danhmuc/loaitram'), 200))
		const builtIn = INITIAL_REFERENCE_ITEMS.stationTypes.map(([code, labels]) => [code, labels.vn])
		expect(rows.map(([code, label]) => [code, label]).slice(0, builtIn.length)).toEqual(builtIn)

		const english = await signedIn(server, ['viewer'])
		english.client.cookies.set('lang', 'en')
		const englishRows = tableRows(await pageOf(await english.client.get('/congcu/nhom'), 200))
		expect(englishRows.find(([code]) => code === 'power_tool')?.[1]).toBe('Power tools')
	})

	test('a station of a built-in type shows the type’s label in the list and on its page', async () => {
		const created = await createStation(stationSchema.parse(stationFields({ type: 'hydrology' })), operator.actor)
		if (!created.ok) throw new Error(created.reason)
		const page = await pageOf(await viewer.client.get(`/danhmuc/tram/${created.id}`), 200)
		expect(page).toContain('Trạm thủy văn')
	})
})

describe('station types', () => {
	test('an administrator adds one; it is audited and offered, labelled, on the station form; a station takes it', async () => {
		const fields = itemFields()
		const id = await createItem('/danhmuc/loaitram', fields)
		const page = await pageOf(await admin.client.get(`/danhmuc/loaitram/${id}`), 200)
		expect(page).toContain(format(catalogTexts('vn', 'referenceLists.stationTypes').created, { code: fields.code! }))
		expect(fieldValue(page, 'labelEn')).toBe('Solar farm')
		expect(await itemRow(id)).toMatchObject({
			list_key: 'stationTypes',
			code: fields.code,
			label_vn: 'Trạm điện mặt trời',
			label_en: 'Solar farm',
			label_es: null,
			sort_order: 60,
			version: 1,
			created_by: admin.user.id,
		})
		expect(await auditActions('station_type', id)).toEqual([{ action: 'station_type.created' }])
		const audit = parseHtml(await pageOf(await admin.client.get(`/admin/audit?entity=station_type&target=${id}`), 200))
		expect(audit.querySelector('main')?.text).toContain(vn.audit.events.station_type.created)
		expect(audit.querySelectorAll(`main a[href="/danhmuc/loaitram/${id}"]`).map((link) => link.text.trim())).toContain(fields.code)

		const form = await pageOf(await operator.client.get('/danhmuc/tram/new'), 200)
		expect(selectOptions(form, 'type')).toContainEqual({ value: fields.code, label: 'Trạm điện mặt trời' })
		const station = stationFields({ type: fields.code! })
		const created = await operator.client.post('/danhmuc/tram/new', station)
		await pageOf(created, 302)
		const list = await pageOf(await operator.client.get(`/danhmuc/tram?type=${fields.code}`), 200)
		const rows = tableRows(list)
		expect(rows).toHaveLength(1)
		expect(rows[0]).toContain(station.code)
		expect(rows[0]).toContain('Trạm điện mặt trời')
	})

	test('bad input is refused with translated messages next to the fields, the values kept, nothing written', async () => {
		const before = await getDb()
			.selectFrom('reference_items')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		const page = await pageOf(
			await admin.client.post(
				'/danhmuc/loaitram/new',
				itemFields({ code: 'Solar Farm', labelVn: ' ', labelEn: 'Kept label', sortOrder: 'soon' }),
			),
			400,
		)
		expect(fieldError(page, 'code')).toBe(vn.referenceLists.errors.codeFormat)
		expect(fieldError(page, 'labelVn')).toBe(vn.validation.required)
		expect(fieldError(page, 'sortOrder')).toBe(vn.catalog.errors.integer)
		expect(fieldError(page, 'labelEn')).toBeNull()
		expect(fieldValue(page, 'code')).toBe('Solar Farm')
		expect(fieldValue(page, 'labelEn')).toBe('Kept label')
		const after = await getDb()
			.selectFrom('reference_items')
			.select((eb) => eb.fn.countAll<number>().as('n'))
			.executeTakeFirstOrThrow()
		expect(Number(after.n)).toBe(Number(before.n))
	})

	test('the code of a built-in station type (bts) is free for a tool category: a code is unique within its list', async () => {
		await createItem('/congcu/nhom', itemFields({ code: 'bts' }))
	})

	test('an edit saves the labels and order, never the code', async () => {
		const fields = itemFields()
		const id = await createItem('/danhmuc/loaitram', fields)
		const saved = await admin.client.post(`/danhmuc/loaitram/${id}`, {
			...itemFields({ code: 'other_code', labelVn: 'Trạm năng lượng mặt trời', labelDe: 'Solarpark', sortOrder: '5' }),
			version: '1',
		})
		await pageOf(saved, 302)
		expect(await itemRow(id)).toMatchObject({
			code: fields.code,
			label_vn: 'Trạm năng lượng mặt trời',
			label_de: 'Solarpark',
			sort_order: 5,
			version: 2,
			updated_by: admin.user.id,
		})
		expect(await auditActions('station_type', id)).toEqual([{ action: 'station_type.created' }, { action: 'station_type.updated' }])
	})

	test('deleting one that stations use is refused with their number, nothing deleted; once unused it is deleted', async () => {
		const fields = itemFields()
		const id = await createItem('/danhmuc/loaitram', fields)
		const stations = []
		for (let i = 0; i < 2; i++) {
			const created = await createStation(stationSchema.parse(stationFields({ type: fields.code! })), operator.actor)
			if (!created.ok) throw new Error(created.reason)
			stations.push(created.id)
		}
		const refused = await pageOf(await admin.client.post(`/danhmuc/loaitram/${id}`, { intent: 'delete', version: '1' }), 409)
		expect(alerts(refused)).toContain(translate('vn', 'referenceLists.stationTypes.deleteRefused', { count: 2 }))
		expect(await itemRow(id)).toBeDefined()

		for (const station of stations) expect((await deleteStation(station, null, operator.actor)).ok).toBe(true)
		const deleted = await admin.client.post(`/danhmuc/loaitram/${id}`, { intent: 'delete', version: '1' })
		await pageOf(deleted, 302)
		expect(location(deleted)).toBe('/danhmuc/loaitram')
		expect(await itemRow(id)).toBeUndefined()
		expect((await auditActions('station_type', id)).map((entry) => entry.action)).toEqual(['station_type.created', 'station_type.deleted'])
	})

	test('the list shows how many stations have each type, linked to them, and follows a station added or deleted at once', async () => {
		const fields = itemFields()
		const id = await createItem('/danhmuc/loaitram', fields)
		const row = async () => {
			const html = await pageOf(await viewer.client.get(`/danhmuc/loaitram?q=${fields.code}`), 200)
			return { cells: listRows(html), links: hrefs(html, 'table tbody a') }
		}
		const stationsOfType = `/danhmuc/tram?type=${fields.code}`
		expect(await row()).toEqual({ cells: [[fields.code, fields.labelVn, fields.sortOrder, '0']], links: [`/danhmuc/loaitram/${id}`] })

		const created = await createStation(stationSchema.parse(stationFields({ type: fields.code! })), operator.actor)
		if (!created.ok) throw new Error(created.reason)
		const used = await row()
		expect(used.cells).toEqual([[fields.code, fields.labelVn, fields.sortOrder, '1']])
		expect(used.links).toContain(stationsOfType)

		expect((await deleteStation(created.id, null, operator.actor)).ok).toBe(true)
		const unused = await row()
		expect(unused.cells).toEqual([[fields.code, fields.labelVn, fields.sortOrder, '0']])
		expect(unused.links).not.toContain(stationsOfType)
	})

	test('the station form refuses a type the list does not hold (400, translated, values kept)', async () => {
		const page = await pageOf(await operator.client.post('/danhmuc/tram/new', stationFields({ type: 'castle', name: 'Trạm giữ tên' })), 400)
		expect(fieldError(page, 'type')).toBe(vn.catalog.errors.invalidChoice)
		expect(fieldValue(page, 'name')).toBe('Trạm giữ tên')
	})
})

describe('a record and a delete of its item at the same time', () => {
	test('a station or tool saved with an item deleted since its form was checked is refused, nothing written', async () => {
		const type = itemFields()
		const typeId = await createItem('/danhmuc/loaitram', type)
		const category = itemFields()
		const categoryId = await createItem('/congcu/nhom', category)
		const existing = await createStation(stationSchema.parse(stationFields()), operator.actor)
		if (!existing.ok) throw new Error(existing.reason)
		// The forms were checked while the items were listed; then they were deleted.
		const station = stationSchema.parse(stationFields({ type: type.code! }))
		const tool = { ...toolSchema.parse(toolFields({ category: category.code! })), stationId: null }
		expect(await itemStore(STATION_TYPE_LIST).remove(typeId, 1, admin.actor)).toMatchObject({ ok: true })
		expect(await itemStore(TOOL_CATEGORY_LIST).remove(categoryId, 1, admin.actor)).toMatchObject({ ok: true })

		expect(await createStation(station, operator.actor)).toEqual({ ok: false, reason: 'typeNotListed' })
		expect(
			await updateStation(existing.id, { ...stationSchema.parse(stationFields({ type: type.code! })), version: 1 }, operator.actor),
		).toEqual({ ok: false, reason: 'typeNotListed' })
		expect(await createTool(tool, operator.actor)).toEqual({ ok: false, reason: 'categoryNotListed' })
		const named = await getDb().selectFrom('stations').select('id').where('type', '=', type.code!).execute()
		expect(named).toEqual([])
		expect(await getDb().selectFrom('tools').select('id').where('category', '=', category.code!).execute()).toEqual([])
	})
})

// SQLite writes one transaction at a time (BEGIN IMMEDIATE), so a save and a delete cannot interleave there.
// PostgreSQL's transactions run side by side: the item's row lock puts one after the other.
if (testDatabaseKind() === 'postgres') {
	describe('on PostgreSQL, a save and a delete that overlap', () => {
		/** Runs `work` in a transaction on a connection of its own, committing when `release` is called. */
		function openTransaction(work: (trx: Transaction<Database>) => Promise<void>) {
			let release!: () => void
			const released = new Promise<void>((resolve) => (release = resolve))
			let started!: () => void
			const ready = new Promise<void>((resolve) => (started = resolve))
			const done = getDb()
				.transaction()
				.execute(async (trx) => {
					await work(trx)
					started()
					await released
				})
			return { ready, release, done }
		}
		const settledWithin = (promise: Promise<unknown>, ms: number) =>
			Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))])

		test('a delete waits for a station that is taking the type, then counts it and is refused', async () => {
			const type = itemFields()
			const typeId = await createItem('/danhmuc/loaitram', type)
			// A station save in progress: it holds the type and has written its row, not committed yet.
			const saving = openTransaction(async (trx) => {
				expect(await holdListedCode(STATION_TYPE_LIST, type.code!, trx)).toBe(true)
				const now = Date.now()
				await trx
					.insertInto('stations')
					.values({
						code: uniqueCode('RACE'),
						name: 'Trạm đang lưu',
						name_key: 'tram dang luu',
						search_text: 'tram dang luu',
						type: type.code!,
						province: 'hue',
						status: 'active',
						created_at: now,
						updated_at: now,
						version: 1,
					})
					.execute()
			})
			try {
				await saving.ready
				const deleting = itemStore(STATION_TYPE_LIST).remove(typeId, 1, admin.actor)
				expect(await settledWithin(deleting, 300)).toBe(false)
				saving.release()
				await saving.done
				expect(await deleting).toEqual({ ok: false, reason: 'inUse', count: 1 })
				expect(await itemRow(typeId)).toBeDefined()
			} finally {
				saving.release()
				await saving.done
			}
		})

		test('a bulk delete waits for a station that is taking one of its types, then counts it and refuses the batch', async () => {
			const [taken, free] = await seedItems(STATION_TYPE_LIST, [{ labelVn: 'Đang được chọn' }, {}])
			const saving = openTransaction(async (trx) => {
				expect(await holdListedCode(STATION_TYPE_LIST, taken!.code, trx)).toBe(true)
				const now = Date.now()
				await trx
					.insertInto('stations')
					.values({
						code: uniqueCode('RACE'),
						name: 'Trạm đang lưu',
						name_key: 'tram dang luu',
						search_text: 'tram dang luu',
						type: taken!.code,
						province: 'hue',
						status: 'active',
						created_at: now,
						updated_at: now,
						version: 1,
					})
					.execute()
			})
			try {
				await saving.ready
				const deleting = bulkDelete(
					getDb(),
					itemBulk(STATION_TYPE_LIST, 'vn'),
					[free!, taken!].map(({ id }) => ({ id, version: 1 })),
					admin.actor,
				)
				// The batch waits on the item's row (a lock, not time, says so); then the save commits.
				const waiting = () =>
					sql<{
						n: string
					}>`select count(*) as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(getDb())
				await until(async () => Number((await waiting()).rows[0]!.n) > 0, 'the batch waiting on the row lock')
				saving.release()
				await saving.done
				expect(await deleting).toEqual({
					ok: false,
					refusals: [
						{
							id: taken!.id,
							reason: 'blocked',
							code: taken!.code,
							name: 'Đang được chọn',
							block: { key: 'referenceLists.stationTypes.bulkRefused', values: { count: 1 } },
						},
					],
				})
				expect(await itemRow(taken!.id)).toBeDefined()
				expect(await itemRow(free!.id)).toBeDefined()
			} finally {
				saving.release()
				await saving.done
			}
		})

		test('a tool saved while its category is being deleted waits, then finds it gone and is refused', async () => {
			const category = itemFields()
			const categoryId = await createItem('/congcu/nhom', category)
			// A delete in progress: the row is locked and deleted, not committed yet.
			const deleting = openTransaction(async (trx) => {
				await trx.selectFrom('reference_items').select('id').where('id', '=', categoryId).forUpdate().execute()
				await trx.deleteFrom('reference_items').where('id', '=', categoryId).execute()
			})
			try {
				await deleting.ready
				const saving = createTool({ ...toolSchema.parse(toolFields({ category: category.code! })), stationId: null }, operator.actor)
				expect(await settledWithin(saving, 300)).toBe(false)
				deleting.release()
				await deleting.done
				expect(await saving).toEqual({ ok: false, reason: 'categoryNotListed' })
			} finally {
				deleting.release()
				await deleting.done
			}
			expect(await getDb().selectFrom('tools').select('id').where('category', '=', category.code!).execute()).toEqual([])
		})
	})
}

describe('tool categories', () => {
	test('deleting one that tools use is refused with their number (English for an English reader)', async () => {
		const fields = itemFields({ labelVn: 'Thiết bị bay', labelEn: 'Drones' })
		const id = await createItem('/congcu/nhom', fields)
		const form = await pageOf(await operator.client.get('/congcu/list/new'), 200)
		expect(selectOptions(form, 'category')).toContainEqual({ value: fields.code, label: 'Thiết bị bay' })
		for (let i = 0; i < 3; i++) {
			const created = await createTool({ ...toolSchema.parse(toolFields({ category: fields.code! })), stationId: null }, operator.actor)
			if (!created.ok) throw new Error(created.reason)
		}
		const english = await signedIn(server, ['admin'])
		english.client.cookies.set('lang', 'en')
		const heading = parseHtml(await pageOf(await english.client.get(`/congcu/nhom/${id}`), 200)).querySelector('h1')
		expect(heading?.text).toBe(`${fields.code} · Drones`)
		const refused = await pageOf(await english.client.post(`/congcu/nhom/${id}`, { intent: 'delete', version: '1' }), 409)
		expect(alerts(refused)).toContain(translate('en', 'referenceLists.toolCategories.deleteRefused', { count: 3 }))
		expect(await itemRow(id)).toBeDefined()
		const list = await pageOf(await english.client.get('/congcu/list?category=' + fields.code), 200)
		expect(tableRows(list).every((row) => row.includes('Drones'))).toBe(true)
	})
})

/** Items of a list written through its store (as an administrator): each with its id, code and Vietnamese label. */
async function seedItems(list: typeof STATION_TYPE_LIST, items: Record<string, string>[]) {
	const seeded = []
	for (const fields of items) {
		const input = newItemSchema.parse(itemFields(fields))
		const created = await itemStore(list).create(input, admin.actor)
		if (!created.ok) throw new Error(created.reason)
		seeded.push({ id: created.id, code: input.code, label: input.labelVn })
	}
	return seeded
}

/** A list page as the browser shows it (after the canonical redirect): its HTML. */
async function listPage(client: TestClient, path: string) {
	return pageOf(await getPage(client, path), 200)
}

describe('the list page: search, sort and pages of the shared list pattern', () => {
	test('searches codes and labels in any language, accents and case aside; sorts by code, label (the reader’s, falling back to Vietnamese) and order', async () => {
		const marker = itemCode('srch')
		const [gamma, alpha, beta] = await seedItems(STATION_TYPE_LIST, [
			{ code: `${marker}_x`, labelVn: `Trạm Gamma ${marker}`, labelEn: `Aardvark ${marker}`, sortOrder: '2' },
			{ code: `${marker}_y`, labelVn: `Trạm Alpha ${marker}`, labelEn: '', sortOrder: '3' },
			{ code: `${marker}_z`, labelVn: `Trạm Beta ${marker}`, labelEn: '', labelDe: `Dach ${marker}`, sortOrder: '1' },
		])
		const codes = async (query: string, client = viewer.client) =>
			listedCodes(await listPage(client, `/danhmuc/loaitram?q=${marker}${query}`))
		// The list's own order (sort order, then code) by default.
		expect(await codes('')).toEqual([beta!.code, gamma!.code, alpha!.code])
		expect(await codes('&sort=code')).toEqual([gamma!.code, alpha!.code, beta!.code])
		expect(await codes('&sort=code&dir=desc')).toEqual([beta!.code, alpha!.code, gamma!.code])
		expect(await codes('&sort=name')).toEqual([alpha!.code, beta!.code, gamma!.code])
		expect(await codes('&sort=name&dir=desc')).toEqual([gamma!.code, beta!.code, alpha!.code])
		expect(await codes('&sort=sortOrder&dir=desc')).toEqual([alpha!.code, gamma!.code, beta!.code])

		const english = await signedIn(server, ['viewer'])
		english.client.cookies.set('lang', 'en')
		expect(await codes('&sort=name', english.client)).toEqual([gamma!.code, alpha!.code, beta!.code])
		expect(listRows(await listPage(english.client, `/danhmuc/loaitram?q=${marker}&sort=name`)).map((row) => row[1])).toEqual([
			`Aardvark ${marker}`,
			`Trạm Alpha ${marker}`,
			`Trạm Beta ${marker}`,
		])

		// Words of a label in any language, without its accents, in upper case; or the code.
		expect(listedCodes(await listPage(viewer.client, `/danhmuc/loaitram?q=${encodeURIComponent(`TRAM ALPHA ${marker}`)}`))).toEqual([
			alpha!.code,
		])
		expect(listedCodes(await listPage(viewer.client, `/danhmuc/loaitram?q=dach+${marker}`))).toEqual([beta!.code])
		expect(listedCodes(await listPage(viewer.client, `/danhmuc/loaitram?q=${marker}_x`))).toEqual([gamma!.code])
		// Not the other list's items.
		expect(listedCodes(await listPage(viewer.client, `/congcu/nhom?q=${marker}`))).toEqual([])

		const none = parseHtml(await listPage(viewer.client, `/danhmuc/loaitram?q=${marker}+nothing`))
		expect(none.querySelector('main')?.text).toContain(vn.list.noMatchTitle)
		expect(none.querySelector('table')).toBeNull()
	})

	test('pages through a long list with page links; a page past the end goes to the last one', async () => {
		const marker = itemCode('page')
		const seeded = await seedItems(
			TOOL_CATEGORY_LIST,
			Array.from({ length: 12 }, (_, i) => ({
				code: `${marker}_${String(i).padStart(2, '0')}`,
				labelVn: `Nhóm ${marker} ${i}`,
				sortOrder: String(100 + i),
			})),
		)
		const first = await listPage(admin.client, `/congcu/nhom?q=${marker}&size=10`)
		expect(listedCodes(first)).toEqual(seeded.slice(0, 10).map((item) => item.code))
		expect(parseHtml(first).querySelector('.list-summary')?.text.trim()).toBe(format(vn.list.summary, { from: 1, to: 10, total: 12 }))
		const pageLinks = hrefs(first, `nav[aria-label="${vn.list.pagination}"] a`)
		expect(pageLinks).toContain(`/congcu/nhom?q=${marker}&page=2&size=10`)
		const second = await listPage(admin.client, `/congcu/nhom?q=${marker}&page=2&size=10`)
		expect(listedCodes(second)).toEqual(seeded.slice(10).map((item) => item.code))

		const past = await admin.client.get(`/congcu/nhom?q=${marker}&page=7&size=10`)
		await pageOf(past, 302)
		expect(location(past)).toBe(`/congcu/nhom?q=${marker}&page=2&size=10`)
	})

	test('a list with no items says so and offers to add the first one to those who may; a search that finds none offers to clear it', async () => {
		const marker = itemCode('none')
		const noMatch = parseHtml(await listPage(admin.client, `/danhmuc/loaitram?q=${marker}`))
		const state = noMatch.querySelector('.empty-state')
		expect(state?.querySelector('h2')?.text.trim()).toBe(vn.list.noMatchTitle)
		expect(state?.querySelectorAll('a').map((link) => [link.text.trim(), link.getAttribute('href')])).toEqual([
			[vn.list.clear, '/danhmuc/loaitram'],
			[catalogTexts('vn', 'referenceLists.stationTypes').new, '/danhmuc/loaitram/new'],
		])

		// The tool categories emptied for a moment (their rows put back as they were).
		const items = await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'toolCategories').execute()
		await getDb().deleteFrom('reference_items').where('list_key', '=', 'toolCategories').execute()
		try {
			const empty = parseHtml(await listPage(admin.client, '/congcu/nhom')).querySelector('.empty-state')
			expect(empty?.querySelector('h2')?.text.trim()).toBe(catalogTexts('vn', 'referenceLists.toolCategories').emptyTitle)
			expect(empty?.text).toContain(vn.referenceLists.toolCategories.emptyBody)
			expect(empty?.querySelectorAll('a').map((link) => link.getAttribute('href'))).toEqual(['/congcu/nhom/new'])
			const forViewer = parseHtml(await listPage(viewer.client, '/congcu/nhom')).querySelector('.empty-state')
			expect(forViewer?.querySelector('h2')?.text.trim()).toBe(catalogTexts('vn', 'referenceLists.toolCategories').emptyTitle)
			expect(forViewer?.querySelectorAll('a')).toEqual([])
		} finally {
			await getDb().insertInto('reference_items').values(items).execute()
		}
		expect(
			await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'toolCategories').orderBy('id').execute(),
		).toEqual(items.sort((a, b) => a.id - b.id))
	})
})

describe('the column chooser and saved views of a list', () => {
	/** The column headers of the list's table, without the sort hints read to screen readers. */
	const headers = (html: string) =>
		parseHtml(html)
			.querySelectorAll('table.catalog-table thead th')
			.filter((th) => !th.classList.contains('bulk-select'))
			.map((th) => (th.querySelector('.sort-link')?.childNodes[0]?.text ?? th.text).trim())

	test('a viewer hides a column and saves a view of one list; both outlast signing out, and the other list keeps its own', async () => {
		const account = await signedIn(server, ['viewer'])
		const fields = vn.referenceLists.fields
		expect(headers(await listPage(account.client, '/danhmuc/loaitram'))).toEqual([
			fields.code,
			fields.name,
			fields.sortOrder,
			vn.referenceLists.stationTypes.usage,
		])

		const columns = await account.client.post('/danhmuc/loaitram?sort=code', { intent: 'saveColumns', column: ['usage'] })
		await pageOf(columns, 302)
		expect(location(columns)).toBe('/danhmuc/loaitram?sort=code')
		const view = await account.client.post('/danhmuc/loaitram?q=tram&sort=name&dir=desc&page=2', {
			intent: 'saveView',
			viewName: 'Trạm theo tên',
		})
		await pageOf(view, 302)
		const unknown = await account.client.post('/danhmuc/loaitram', { intent: 'saveColumns', column: ['usage', 'label_vn'] })
		expect(errorSummary(await pageOf(unknown, 400))?.items).toEqual([vn.listViews.errors.unknownColumn])

		const signOut = await account.client.post('/account/logout', {})
		await pageOf(signOut, 302)
		const later = new TestClient(server.url)
		await pageOf(await later.signIn(account.email, account.password), 302)
		const page = await listPage(later, '/danhmuc/loaitram')
		expect(headers(page)).toEqual([fields.code, fields.name, vn.referenceLists.stationTypes.usage])
		expect(listRows(page)[0]).toHaveLength(3)
		const saved = parseHtml(page)
			.querySelectorAll('.list-views__saved li a')
			.map((link) => [link.text.trim(), link.getAttribute('href')])
		expect(saved).toEqual([['Trạm theo tên', '/danhmuc/loaitram?q=tram&sort=name&dir=desc']])
		const stored = await getDb().selectFrom('list_views').select(['list_key', 'query']).where('user_id', '=', account.user.id).execute()
		expect(stored).toEqual([{ list_key: 'stationTypes', query: '?q=tram&sort=name&dir=desc' }])

		const other = await listPage(later, '/congcu/nhom')
		expect(headers(other)).toEqual([fields.code, fields.name, fields.sortOrder, vn.referenceLists.toolCategories.usage])
		expect(parseHtml(other).querySelectorAll('.list-views__saved li a')).toEqual([])
	})
})

describe('bulk actions on ticked items', () => {
	const ids = (values: readonly (number | string)[], extra = '') =>
		`?${[...values.map((id) => `id=${id}`), extra].filter(Boolean).join('&')}`

	/** A CSV download's records (after its byte-order mark), each as its cells. */
	async function csvRecords(response: Response) {
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
		expect(response.status, text.slice(0, 300)).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		const parsed = parseCsv(text.slice(BOM.length))
		if (!parsed.ok) throw new Error(`unreadable CSV at line ${parsed.line}`)
		return parsed.records.map((record) => record.fields)
	}

	/** A refused answer in plain text: its status and text. */
	async function plain(response: Response) {
		return { status: response.status, text: (await response.text()).trim() }
	}

	async function deletedAudit(entity: string, ids: number[]) {
		return getDb()
			.selectFrom('audit_log')
			.select(['action', 'entity_id', 'details', 'actor_user_id'])
			.where('entity', '=', entity)
			.where('entity_id', 'in', ids.map(String))
			.where('action', '=', `${entity}.deleted`)
			.orderBy('entity_id')
			.execute()
	}

	const otherListItem = () =>
		getDb()
			.selectFrom('reference_items')
			.selectAll()
			.where('list_key', '=', 'toolCategories')
			.where('code', '=', 'measuring')
			.executeTakeFirstOrThrow()

	test('the list offers a labelled checkbox per item and the two buttons to an administrator; a viewer gets neither', async () => {
		const [item] = await seedItems(STATION_TYPE_LIST, [{ labelVn: 'Trạm chọn được' }])
		const page = parseHtml(await listPage(admin.client, `/danhmuc/loaitram?q=${item!.code}&sort=code`))
		const box = page.querySelector(`input[type="checkbox"][name="id"][value="${item!.id}"]`)
		expect(box?.getAttribute('aria-label')).toBe(translate('vn', 'bulk.select', { record: `${item!.code} · Trạm chọn được` }))
		const form = page.querySelector(`form[id="${box?.getAttribute('form')}"]`)
		expect(form?.getAttribute('method')).toBe('get')
		expect(
			form?.querySelectorAll('input[type="hidden"]').map((input) => [input.getAttribute('name'), input.getAttribute('value')]),
		).toEqual([
			['q', item!.code],
			['sort', 'code'],
		])
		expect(form?.querySelectorAll('button').map((button) => [button.text.trim(), button.getAttribute('formaction')])).toEqual([
			[vn.bulk.exportSelected, '/danhmuc/loaitram/export-selected.csv'],
			[vn.bulk.deleteSelected, '/danhmuc/loaitram/bulk-delete'],
		])
		const viewed = parseHtml(await listPage(viewer.client, `/danhmuc/loaitram?q=${item!.code}`))
		expect(listedCodes(viewed.toString())).toEqual([item!.code])
		expect(viewed.querySelector('[name="id"]')).toBeNull()
		expect(viewed.querySelectorAll('button').map((button) => button.text.trim())).not.toContain(vn.bulk.deleteSelected)
		expect(viewed.querySelectorAll('button').map((button) => button.text.trim())).not.toContain(vn.bulk.exportSelected)
	})

	test('"Export selected" downloads exactly those items in the list’s order, with the list export’s columns and versions', async () => {
		const marker = itemCode('bx')
		const [b, a, c] = await seedItems(STATION_TYPE_LIST, [
			{ code: `${marker}_b`, labelVn: 'Bê', labelEn: 'Bee', sortOrder: '1' },
			{ code: `${marker}_a`, labelVn: 'A', sortOrder: '2' },
			{ code: `${marker}_c`, labelVn: 'Xê', sortOrder: '3' },
		])
		await pageOf(
			await admin.client.post(`/danhmuc/loaitram/${a!.id}`, { ...itemFields({ labelVn: 'A sửa', sortOrder: '2' }), version: '1' }),
			302,
		)
		const response = await admin.client.get(`/danhmuc/loaitram/export-selected.csv${ids([a!.id, b!.id])}`)
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="loai-tram-\d{4}-\d{2}-\d{2}\.csv"$/)
		const [header, ...rows] = await csvRecords(response)
		expect(header).toEqual([...ITEM_FIELDS])
		// The list's order (sort order, then code): b, then a; c was not ticked.
		expect(rows).toEqual([
			[b!.code, 'Bê', 'Bee', '', '', '', '', '1', '1'],
			[a!.code, 'A sửa', 'Solar farm', '', '', '', '', '2', '2'],
		])
		const byCode = await csvRecords(
			await admin.client.get(`/danhmuc/loaitram/export-selected.csv${ids([c!.id, a!.id, b!.id], 'sort=code&dir=desc')}`),
		)
		expect(byCode.slice(1).map((row) => row[0])).toEqual([c!.code, b!.code, a!.code])
	})

	test('a selection that is malformed, repeated, too long, or names an item of the other list is refused (4xx, translated), none goes back to the list; nothing exported', async () => {
		const [item] = await seedItems(STATION_TYPE_LIST, [{}])
		const category = await otherListItem()
		const path = '/danhmuc/loaitram/export-selected.csv'
		expect(await plain(await admin.client.get(`${path}${ids([item!.id, category.id])}`))).toEqual({
			status: 404,
			text: translate('vn', 'bulk.problems.missing', { ids: String(category.id) }),
		})
		expect(await plain(await admin.client.get(`${path}${ids([item!.id, 999_999_999])}`))).toEqual({
			status: 404,
			text: translate('vn', 'bulk.problems.missing', { ids: '999999999' }),
		})
		expect(await plain(await admin.client.get(`${path}${ids(['x1'])}`))).toEqual({ status: 400, text: vn.bulk.problems.malformed })
		expect(await plain(await admin.client.get(`${path}${ids([item!.id, item!.id])}`))).toEqual({
			status: 400,
			text: vn.bulk.problems.duplicate,
		})
		expect(await plain(await admin.client.get(`${path}${ids(Array.from({ length: 101 }, (_, i) => i + 1))}`))).toEqual({
			status: 400,
			text: translate('vn', 'bulk.problems.tooMany', { max: 100 }),
		})
		// Nothing ticked: back to the list, with the message there, not an error page (as on every catalog).
		const none = await admin.client.get(path)
		expect(none.status).toBe(302)
		await none.text()
		const back = location(none)!
		expect(new URL(back, server.url).pathname).toBe('/danhmuc/loaitram')
		const list = parseHtml(await (await admin.client.get(back)).text())
		expect(list.querySelector('.flash-region [role="status"]')?.text.trim()).toBe(vn.bulk.problems.empty)

		const confirmation = await admin.client.get(`/congcu/nhom/bulk-delete${ids([category.id, item!.id])}`)
		expect(alerts(await pageOf(confirmation, 404))).toContain(translate('vn', 'bulk.problems.missing', { ids: String(item!.id) }))
		const malformed = await admin.client.post('/congcu/nhom/bulk-delete', {
			id: [String(category.id), String(category.id)],
			[`version-${category.id}`]: String(category.version),
		})
		expect(errorSummary(await pageOf(malformed, 400))?.items).toEqual([vn.bulk.problems.duplicate])
		expect(await itemRow(category.id)).toEqual(category)
	})

	test('the confirmation page lists the items with their labels and versions, and a cancel link back to the same view', async () => {
		const marker = itemCode('bc')
		const [one, two] = await seedItems(TOOL_CATEGORY_LIST, [
			{ code: `${marker}_1`, labelVn: 'Nhóm một', labelEn: '', sortOrder: '5' },
			{ code: `${marker}_2`, labelVn: 'Nhóm hai', labelEn: 'Group two', sortOrder: '6' },
		])
		await pageOf(
			await admin.client.post(`/congcu/nhom/${two!.id}`, {
				...itemFields({ labelVn: 'Nhóm hai', labelEn: 'Group two', sortOrder: '4' }),
				version: '1',
			}),
			302,
		)
		const page = parseHtml(
			await pageOf(await admin.client.get(`/congcu/nhom/bulk-delete${ids([one!.id, two!.id], `q=${marker}&sort=sortOrder&size=10`)}`), 200),
		)
		expect(page.querySelector('h1')?.text).toBe(translate('vn', 'bulk.deleteTitle', { catalog: vn.referenceLists.toolCategories.title }))
		expect(page.text).toContain(translate('vn', 'bulk.deleteQuestion', { count: 2 }))
		expect(tableRows(page.toString())).toEqual([
			[two!.code, 'Nhóm hai', '2'],
			[one!.code, 'Nhóm một', '1'],
		])
		const form = page.querySelector('form[method="post"][action^="/congcu/nhom/bulk-delete"]')!
		expect(form.getAttribute('action')).toBe(`/congcu/nhom/bulk-delete?q=${marker}&size=10&id=${two!.id}&id=${one!.id}`)
		expect(form.querySelectorAll('input[type="hidden"]').map((input) => [input.getAttribute('name'), input.getAttribute('value')])).toEqual(
			expect.arrayContaining([
				['id', String(one!.id)],
				[`version-${one!.id}`, '1'],
				['id', String(two!.id)],
				[`version-${two!.id}`, '2'],
			]),
		)
		expect(form.querySelector('a')?.getAttribute('href')).toBe(`/congcu/nhom?q=${marker}&size=10`)

		// In English, the items are named by their English labels (the Vietnamese one when they have none).
		const english = await signedIn(server, ['admin'])
		english.client.cookies.set('lang', 'en')
		const inEnglish = await pageOf(await english.client.get(`/congcu/nhom/bulk-delete${ids([one!.id, two!.id])}`), 200)
		expect(tableRows(inEnglish).map((row) => row[1])).toEqual(['Group two', 'Nhóm một'])
		expect(await itemRow(one!.id)).toBeDefined()
	})

	test('confirming deletes them all in one go, each audited as a single delete is (source: bulk), back to the list with the count', async () => {
		const marker = itemCode('bd')
		const items = await seedItems(STATION_TYPE_LIST, [{ code: `${marker}_1` }, { code: `${marker}_2` }])
		const response = await admin.client.post(`/danhmuc/loaitram/bulk-delete?q=${marker}&sort=code`, {
			id: items.map((item) => String(item.id)),
			...Object.fromEntries(items.map((item) => [`version-${item.id}`, '1'])),
		})
		await pageOf(response, 302)
		expect(location(response)).toBe(`/danhmuc/loaitram?q=${marker}&sort=code`)
		for (const item of items) expect(await itemRow(item.id)).toBeUndefined()
		const audit = await deletedAudit(
			'station_type',
			items.map((item) => item.id),
		)
		expect(audit.map((entry) => [entry.action, entry.actor_user_id])).toEqual(items.map(() => ['station_type.deleted', admin.user.id]))
		for (const [index, entry] of audit.entries()) {
			expect(JSON.parse(entry.details!)).toMatchObject({
				source: 'bulk',
				code: items[index]!.code,
				changes: { code: { from: items[index]!.code, to: '' }, labelVn: { from: items[index]!.label } },
			})
		}
		const list = await listPage(admin.client, location(response)!)
		expect(statuses(list)).toContain(translate('vn', 'bulk.deleted', { count: 2 }))
		expect(listedCodes(list)).toEqual([])
	})

	test('an item records still name refuses the whole batch with the translated reason and their number (409), nothing deleted', async () => {
		const marker = itemCode('bu')
		const [used, unused] = await seedItems(TOOL_CATEGORY_LIST, [
			{ code: `${marker}_used`, labelVn: 'Nhóm đang dùng', labelEn: '' },
			{ code: `${marker}_free` },
		])
		for (let i = 0; i < 3; i++) {
			const created = await createTool({ ...toolSchema.parse(toolFields({ category: used!.code })), stationId: null }, operator.actor)
			if (!created.ok) throw new Error(created.reason)
		}
		const response = await admin.client.post('/congcu/nhom/bulk-delete', {
			id: [String(used!.id), String(unused!.id)],
			[`version-${used!.id}`]: '1',
			[`version-${unused!.id}`]: '1',
		})
		const refused = await pageOf(response, 409)
		expect(errorSummary(refused)).toEqual({
			title: vn.bulk.refusedTitle,
			items: [translate('vn', 'referenceLists.toolCategories.bulkRefused', { count: 3, code: used!.code, name: 'Nhóm đang dùng' })],
		})
		expect(await itemRow(used!.id)).toBeDefined()
		expect(await itemRow(unused!.id)).toBeDefined()
		expect(await deletedAudit('tool_category', [used!.id, unused!.id])).toEqual([])

		const english = await signedIn(server, ['admin'])
		english.client.cookies.set('lang', 'en')
		const inEnglish = await pageOf(
			await english.client.post('/congcu/nhom/bulk-delete', { id: [String(used!.id)], [`version-${used!.id}`]: '1' }),
			409,
		)
		expect(errorSummary(inEnglish)?.items).toEqual([
			translate('en', 'referenceLists.toolCategories.bulkRefused', { count: 3, code: used!.code, name: 'Nhóm đang dùng' }),
		])
	})

	test('an item changed since it was confirmed, or one of the other list, refuses the batch (409), nothing deleted', async () => {
		const [kept, changed] = await seedItems(STATION_TYPE_LIST, [{ labelVn: 'Giữ nguyên' }, { labelVn: 'Bị sửa' }])
		await pageOf(await admin.client.post(`/danhmuc/loaitram/${changed!.id}`, { ...itemFields({ labelVn: 'Đã sửa' }), version: '1' }), 302)
		const stale = await pageOf(
			await admin.client.post(`/danhmuc/loaitram/bulk-delete${ids([kept!.id, changed!.id])}`, {
				id: [String(kept!.id), String(changed!.id)],
				[`version-${kept!.id}`]: '1',
				[`version-${changed!.id}`]: '1',
			}),
			409,
		)
		expect(errorSummary(stale)?.items).toEqual([translate('vn', 'bulk.refusal.stale', { record: `${changed!.code} · Đã sửa`, version: 2 })])

		const category = await otherListItem()
		const foreign = await pageOf(
			await admin.client.post('/danhmuc/loaitram/bulk-delete', {
				id: [String(kept!.id), String(category.id)],
				[`version-${kept!.id}`]: '1',
				[`version-${category.id}`]: String(category.version),
			}),
			409,
		)
		expect(errorSummary(foreign)?.items).toEqual([translate('vn', 'bulk.refusal.notFound', { id: category.id })])
		expect(await itemRow(kept!.id)).toBeDefined()
		expect(await itemRow(changed!.id)).toMatchObject({ version: 2 })
		expect(await itemRow(category.id)).toEqual(category)
		expect(await deletedAudit('station_type', [kept!.id, changed!.id, category.id])).toEqual([])
		expect(await deletedAudit('tool_category', [category.id])).toEqual([])
	})
})

describe('grants', () => {
	test('a user without the grant gets 403 on every page', async () => {
		const nobody = await signedIn(server, [])
		for (const path of [
			'/danhmuc/loaitram',
			'/danhmuc/loaitram/new',
			'/danhmuc/loaitram/1',
			'/congcu/nhom',
			'/congcu/nhom/new',
			'/congcu/nhom/1',
		]) {
			await pageOf(await nobody.client.get(path), 403)
		}
	})

	test('an item of the other list is not found under this one (404)', async () => {
		const category = await getDb()
			.selectFrom('reference_items')
			.select('id')
			.where('list_key', '=', 'toolCategories')
			.where('code', '=', 'vehicle')
			.executeTakeFirstOrThrow()
		await pageOf(await admin.client.get(`/danhmuc/loaitram/${category.id}`), 404)
	})
})

describe('the CSV export and import of a list', () => {
	/** The records of a CSV download (after its byte-order mark), each as its cells. */
	async function csvOf(response: Response) {
		// Decoded as it is, byte-order mark included (Response.text() would drop it).
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer())
		expect(response.status, text.slice(0, 300)).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(text.startsWith(BOM)).toBe(true)
		const parsed = parseCsv(text.slice(BOM.length))
		if (!parsed.ok) throw new Error(`unreadable CSV at line ${parsed.line}`)
		return { text, records: parsed.records.map((record) => record.fields) }
	}

	test('the export holds the list’s own items in its order, each with its version, or those its search selects in its sort; the template its header only', async () => {
		const { records } = await csvOf(await admin.client.get('/danhmuc/loaitram/export.csv'))
		expect(records[0]).toEqual([...ITEM_FIELDS])
		const stored = await getDb()
			.selectFrom('reference_items')
			.selectAll()
			.where('list_key', '=', 'stationTypes')
			.orderBy('sort_order')
			.orderBy('code')
			.execute()
		expect(records.slice(1)).toEqual(
			stored.map((item) => [
				item.code,
				item.label_vn,
				item.label_en ?? '',
				item.label_es ?? '',
				item.label_de ?? '',
				item.label_it ?? '',
				item.label_ru ?? '',
				String(item.sort_order),
				String(item.version),
			]),
		)

		// As the list shows them: the export link carries the list's search and sort.
		const marker = itemCode('xq')
		const [first, second] = await seedItems(STATION_TYPE_LIST, [
			{ code: `${marker}_a`, sortOrder: '2' },
			{ code: `${marker}_b`, sortOrder: '1' },
		])
		const listed = parseHtml(await listPage(admin.client, `/danhmuc/loaitram?q=${marker}&sort=code&dir=desc`))
		const link = listed.querySelector(`a[download]`)?.getAttribute('href')
		expect(link).toBe(`/danhmuc/loaitram/export.csv?q=${marker}&sort=code&dir=desc`)
		expect((await csvOf(await admin.client.get(link!))).records.slice(1).map((record) => record[0])).toEqual([second!.code, first!.code])
		expect(
			(await csvOf(await admin.client.get(`/danhmuc/loaitram/export.csv?q=${marker}`))).records.slice(1).map((record) => record[0]),
		).toEqual([second!.code, first!.code])
		expect(
			(await csvOf(await admin.client.get(`/danhmuc/loaitram/export.csv?q=${marker}&sort=code`))).records
				.slice(1)
				.map((record) => record[0]),
		).toEqual([first!.code, second!.code])

		const template = await csvOf(await admin.client.get('/congcu/nhom/import/template.csv'))
		expect(template.records).toEqual([[...ITEM_FIELDS]])
	})

	test('an exported file imports back unchanged; an edited label and a new row are written and audited', async () => {
		const existing = itemFields()
		const id = await createItem('/danhmuc/loaitram', existing)
		const exported = (await csvOf(await admin.client.get('/danhmuc/loaitram/export.csv'))).text
		const again = await uploadCsv(admin.client, '/danhmuc/loaitram/import', exported)
		expect(location(again)).toBe('/danhmuc/loaitram')
		await again.text()
		const unchangedCount = exported.trim().split('\r\n').length - 1
		expect(statuses(await pageOf(await admin.client.get('/danhmuc/loaitram'), 200))).toContain(
			format(vn.csv.imported, { created: 0, updated: 0, unchanged: unchangedCount }),
		)

		const added = itemCode('csv')
		const edited =
			exported.replace(`${existing.code},Trạm điện mặt trời,Solar farm`, `${existing.code},Trạm điện mặt trời mới,Solar farm`) +
			`${added},Trạm từ tệp,,,,,,70,\r\n`
		const response = await uploadCsv(admin.client, '/danhmuc/loaitram/import', edited)
		expect(location(response)).toBe('/danhmuc/loaitram')
		await response.text()
		expect(statuses(await pageOf(await admin.client.get('/danhmuc/loaitram'), 200))).toContain(
			format(vn.csv.imported, { created: 1, updated: 1, unchanged: unchangedCount - 1 }),
		)

		expect(await itemRow(id)).toMatchObject({ label_vn: 'Trạm điện mặt trời mới', label_en: 'Solar farm', version: 2 })
		const created = await getDb()
			.selectFrom('reference_items')
			.selectAll()
			.where('list_key', '=', 'stationTypes')
			.where('code', '=', added)
			.executeTakeFirstOrThrow()
		expect(created).toMatchObject({ label_vn: 'Trạm từ tệp', label_en: null, sort_order: 70, version: 1, created_by: admin.actor.id })
		expect((await auditActions('station_type', id)).map((entry) => entry.action)).toEqual(['station_type.created', 'station_type.updated'])
		expect((await auditActions('station_type', created.id)).map((entry) => entry.action)).toEqual(['station_type.created'])
		const summaries = await getDb().selectFrom('audit_log').select('action').where('action', '=', 'station_type.imported').execute()
		expect(summaries.length).toBeGreaterThanOrEqual(2)
	})

	test('a row naming an existing item without the version it was exported at is refused, and nothing is written', async () => {
		const existing = itemFields()
		const id = await createItem('/congcu/nhom', existing)
		const before = await itemRow(id)
		const added = itemCode('csv')
		const file = `${ITEM_FIELDS.join(',')}\r\n${existing.code},Đổi nhãn,,,,,,60,\r\n${added},Mục mới,,,,,,61,\r\n`
		const html = await pageOf(await uploadCsv(admin.client, '/congcu/nhom/import', file), 400)
		expect(reportRows(html)).toEqual([[2, 'version', format(vn.csv.errors.versionRequired, { code: existing.code! })]])
		expect(await itemRow(id)).toEqual(before)
		expect(await getDb().selectFrom('reference_items').select('id').where('code', '=', added).execute()).toEqual([])
	})

	test('an import matches codes within its own list: a tool category’s code imported as a station type is a new station type', async () => {
		const category = await getDb()
			.selectFrom('reference_items')
			.selectAll()
			.where('list_key', '=', 'toolCategories')
			.where('code', '=', 'safety')
			.executeTakeFirstOrThrow()
		const file = `${ITEM_FIELDS.join(',')}\r\nsafety,Trạm an toàn,,,,,,80,${category.version}\r\n`
		const response = await uploadCsv(admin.client, '/danhmuc/loaitram/import', file)
		expect(location(response)).toBe('/danhmuc/loaitram')
		await response.text()
		expect(await itemRow(category.id)).toEqual(category)
		const stationType = await getDb()
			.selectFrom('reference_items')
			.selectAll()
			.where('list_key', '=', 'stationTypes')
			.where('code', '=', 'safety')
			.executeTakeFirstOrThrow()
		expect(stationType).toMatchObject({ label_vn: 'Trạm an toàn', version: 1 })
		expect(await itemStore(STATION_TYPE_LIST).remove(stationType.id, 1, admin.actor)).toMatchObject({ ok: true })
	})

	test('the import page says what the columns take', async () => {
		const page = parseHtml(await pageOf(await admin.client.get('/congcu/nhom/import'), 200))
		expect(page.querySelector('h1')?.text.trim()).toBe(catalogTexts('vn', 'referenceLists.toolCategories').importTitle)
		const columnsHelp = page.querySelector('section[aria-labelledby="import-format"]')
		expect(columnsHelp?.querySelector('code')?.text).toBe(ITEM_FIELDS.join(','))
		expect(columnsHelp?.text).toContain(format(vn.referenceLists.csvHelp.sortOrder, { max: SORT_ORDER_MAX }))
	})
})

describe('an existing installation', () => {
	test('migration 0018 turns the fixed values into rows and leaves the stations and tools as they were', async () => {
		const { handle, migrator, drop } = await freshDatabase()
		try {
			expect((await migrator.migrateTo('0017_list_views')).error).toBeUndefined()
			const now = Date.now()
			const station = await handle.db
				.insertInto('stations')
				.values({
					code: 'OLD-1',
					name: 'Trạm cũ',
					name_key: 'tram cu',
					search_text: 'old-1 tram cu',
					type: 'pumping',
					province: 'ha-noi',
					status: 'active',
					created_at: now,
					updated_at: now,
					version: 1,
				})
				.returning('id')
				.executeTakeFirstOrThrow()
			await handle.db
				.insertInto('tools')
				.values({
					code: 'OLD-T',
					name: 'Xe cũ',
					name_key: 'xe cu',
					search_text: 'old-t xe cu',
					category: 'vehicle',
					station_id: station.id,
					status: 'in_use',
					quantity: 1,
					unit: 'chiếc',
					created_at: now,
					updated_at: now,
					version: 1,
				})
				.execute()

			expect((await migrator.migrateToLatest()).error).toBeUndefined()
			const items = await handle.db.selectFrom('reference_items').selectAll().orderBy('list_key').orderBy('sort_order').execute()
			const expected = Object.entries(INITIAL_REFERENCE_ITEMS)
				.sort(([a], [b]) => a.localeCompare(b))
				.flatMap(([key, list]) =>
					list.map(([code, labels]) => ({
						list_key: key,
						code,
						label_vn: labels.vn,
						label_en: labels.en,
						label_ru: labels.ru,
						version: 1,
					})),
				)
			expect(items).toMatchObject(expected)
			expect(items.find((item) => item.code === 'pumping')?.label_de).toBe('Pumpstation')
			expect(await handle.db.selectFrom('stations').select(['type', 'version']).executeTakeFirst()).toEqual({ type: 'pumping', version: 1 })
			expect(await handle.db.selectFrom('tools').select(['category', 'version']).executeTakeFirst()).toEqual({
				category: 'vehicle',
				version: 1,
			})
		} finally {
			await drop()
		}
	})

	test('start-up adds the new built-in functions with their view grants for operator and viewer, keeping grants administrators changed', async () => {
		const { handle, migrator, drop } = await freshDatabase()
		const db = handle.db
		try {
			expect((await migrator.migrateToLatest()).error).toBeUndefined()
			await ensureBuiltins(db)
			// An installation from before the reference lists: without their functions; an administrator took the viewer's stations away.
			const roleId = async (code: string) =>
				(await db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
			const functionId = async (code: string) =>
				(await db.selectFrom('functions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
			const added = ['DANHMUC_LOAITRAM', 'CONGCU_NHOM']
			const addedIds = await Promise.all(added.map(functionId))
			await db.deleteFrom('role_grants').where('function_id', 'in', addedIds).execute()
			await db.deleteFrom('functions').where('id', 'in', addedIds).execute()
			await db
				.deleteFrom('role_grants')
				.where('role_id', '=', await roleId('viewer'))
				.where('function_id', '=', await functionId('DANHMUC_TRAM'))
				.execute()

			await ensureBuiltins(db)
			const grants = await db
				.selectFrom('role_grants')
				.innerJoin('roles', 'roles.id', 'role_grants.role_id')
				.innerJoin('functions', 'functions.id', 'role_grants.function_id')
				.select(['roles.code as role', 'functions.code as function', 'role_grants.action'])
				.where('functions.code', 'in', [...added, 'DANHMUC_TRAM'])
				.execute()
			const of = (role: string, fn: string) =>
				grants
					.filter((grant) => grant.role === role && grant.function === fn)
					.map((grant) => grant.action)
					.sort()
			for (const fn of added) {
				expect(of('operator', fn)).toEqual(['view'])
				expect(of('viewer', fn)).toEqual(['view'])
			}
			expect(of('viewer', 'DANHMUC_TRAM')).toEqual([])
			expect(of('operator', 'DANHMUC_TRAM')).toEqual(['create', 'delete', 'export', 'import', 'update', 'view'])
			const parents = await db
				.selectFrom('functions as child')
				.innerJoin('functions as parent', 'parent.id', 'child.parent_id')
				.select(['child.code as child', 'parent.code as parent'])
				.where('child.code', 'in', added)
				.orderBy('child.code')
				.execute()
			expect(parents).toEqual([
				{ child: 'CONGCU_NHOM', parent: 'CONGCU' },
				{ child: 'DANHMUC_LOAITRAM', parent: 'DANHMUC' },
			])

			// A second start-up adds nothing more.
			const count = async () =>
				Number(
					(
						await db
							.selectFrom('role_grants')
							.select((eb) => eb.fn.countAll<number>().as('n'))
							.executeTakeFirstOrThrow()
					).n,
				)
			const before = await count()
			await ensureBuiltins(db)
			expect(await count()).toBe(before)
		} finally {
			await drop()
		}
	})
})
