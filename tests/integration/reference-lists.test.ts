import { Migrator, type MigrationProvider, type Transaction } from 'kysely'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { stationSchema } from '~/catalogs/station-schema.server'
import { createStation, deleteStation, updateStation } from '~/catalogs/stations.server'
import { createTool } from '~/catalogs/tools.server'
import { toolSchema } from '~/catalogs/tool-schema.server'
import { getDb, openDatabase } from '~/db/db.server'
import type { Database } from '~/db/schema'
import { BOM, parseCsv } from '~/catalogs/csv'
import { ITEM_FIELDS, SORT_ORDER_MAX, STATION_TYPE_LIST, TOOL_CATEGORY_LIST } from '~/reference-lists/definitions'
import { holdListedCode } from '~/reference-lists/listed-codes.server'
import { itemStore } from '~/reference-lists/reference-lists.server'
import { INITIAL_REFERENCE_ITEMS } from '~/db/migrations/0018_reference_lists'
import { migrations } from '~/db/migrations'
import { ensureBuiltins } from '~/permissions/builtins.server'
import { location } from '../support/client'
import { alerts, fieldError, fieldValue, format, reportRows, signedIn, statuses, stationFields, toolFields, uniqueCode, uploadCsv, vn } from '../support/catalogs'
import { createTestDatabase, testDatabaseKind } from '../support/database'
import { parseHtml, selectOptions, tableRows } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { translate } from '../support/translate'

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

let sequence = 0
/** An item code nobody else uses (lower-case letters, digits, underscores). */
function itemCode(prefix: string) {
	sequence += 1
	return `${prefix}_${Date.now().toString(36)}${sequence}`
}

function itemFields(overrides: Record<string, string> = {}): Record<string, string> {
	return { code: itemCode('t'), labelVn: 'Trạm điện mặt trời', labelEn: 'Solar farm', labelEs: '', labelDe: '', labelIt: '', labelRu: '', sortOrder: '60', ...overrides }
}

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
		.map((row) => row.querySelectorAll('th, td').filter((cell) => !cell.classList.contains('bulk-select')).map((cell) => cell.text.replace(/\s+/g, ' ').trim()))
}

function itemRow(id: number) {
	return getDb().selectFrom('reference_items').selectAll().where('id', '=', id).executeTakeFirst()
}

function auditActions(entity: string, id: number) {
	return getDb().selectFrom('audit_log').select('action').where('entity', '=', entity).where('entity_id', '=', String(id)).orderBy('id').execute()
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
		expect(page).toContain(translate('vn', 'referenceLists.stationTypes.created', { code: fields.code }))
		expect(fieldValue(page, 'labelEn')).toBe('Solar farm')
		expect(await itemRow(id)).toMatchObject({ list_key: 'stationTypes', code: fields.code, label_vn: 'Trạm điện mặt trời', label_en: 'Solar farm', label_es: null, sort_order: 60, version: 1, created_by: admin.user.id })
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
		const before = await getDb().selectFrom('reference_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
		const page = await pageOf(await admin.client.post('/danhmuc/loaitram/new', itemFields({ code: 'Solar Farm', labelVn: ' ', labelEn: 'Kept label', sortOrder: 'soon' })), 400)
		expect(fieldError(page, 'code')).toBe(vn.referenceLists.errors.codeFormat)
		expect(fieldError(page, 'labelVn')).toBe(vn.validation.required)
		expect(fieldError(page, 'sortOrder')).toBe(vn.catalog.errors.integer)
		expect(fieldError(page, 'labelEn')).toBeNull()
		expect(fieldValue(page, 'code')).toBe('Solar Farm')
		expect(fieldValue(page, 'labelEn')).toBe('Kept label')
		const after = await getDb().selectFrom('reference_items').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()
		expect(Number(after.n)).toBe(Number(before.n))
	})

	test('a code already in the list is refused on the code field (409); the same code in the other list is fine', async () => {
		const page = await pageOf(await admin.client.post('/danhmuc/loaitram/new', itemFields({ code: 'bts' })), 409)
		expect(fieldError(page, 'code')).toBe(vn.catalog.errors.codeTaken)
		await createItem('/congcu/nhom', itemFields({ code: 'bts' }))
	})

	test('an edit saves the labels and order, never the code; a stale version is refused with a conflict', async () => {
		const fields = itemFields()
		const id = await createItem('/danhmuc/loaitram', fields)
		const saved = await admin.client.post(`/danhmuc/loaitram/${id}`, { ...itemFields({ code: 'other_code', labelVn: 'Trạm năng lượng mặt trời', labelDe: 'Solarpark', sortOrder: '5' }), version: '1' })
		await pageOf(saved, 302)
		expect(await itemRow(id)).toMatchObject({ code: fields.code, label_vn: 'Trạm năng lượng mặt trời', label_de: 'Solarpark', sort_order: 5, version: 2, updated_by: admin.user.id })
		expect(await auditActions('station_type', id)).toEqual([{ action: 'station_type.created' }, { action: 'station_type.updated' }])

		const stale = await pageOf(await admin.client.post(`/danhmuc/loaitram/${id}`, { ...itemFields({ labelVn: 'Bản cũ' }), version: '1' }), 409)
		expect(alerts(stale)).toContain(vn.catalog.conflict.title)
		expect(fieldValue(stale, 'labelVn')).toBe('Bản cũ')
		expect(await itemRow(id)).toMatchObject({ label_vn: 'Trạm năng lượng mặt trời', version: 2 })
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
		const confirmation = await pageOf(await admin.client.get(`/danhmuc/loaitram/${id}?intent=delete`), 200)
		expect(confirmation).toContain(translate('vn', 'referenceLists.stationTypes.deleteConfirm'))

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
		expect(await updateStation(existing.id, { ...stationSchema.parse(stationFields({ type: type.code! })), version: 1 }, operator.actor)).toEqual({ ok: false, reason: 'typeNotListed' })
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
		const settledWithin = (promise: Promise<unknown>, ms: number) => Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))])

		test('a delete waits for a station that is taking the type, then counts it and is refused', async () => {
			const type = itemFields()
			const typeId = await createItem('/danhmuc/loaitram', type)
			// A station save in progress: it holds the type and has written its row, not committed yet.
			const saving = openTransaction(async (trx) => {
				expect(await holdListedCode(STATION_TYPE_LIST, type.code!, trx)).toBe(true)
				const now = Date.now()
				await trx
					.insertInto('stations')
					.values({ code: uniqueCode('RACE'), name: 'Trạm đang lưu', name_key: 'tram dang luu', search_text: 'tram dang luu', type: type.code!, province: 'hue', status: 'active', created_at: now, updated_at: now, version: 1 })
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

describe('grants', () => {
	test('a viewer sees the lists but cannot add, change or delete (403, nothing written)', async () => {
		const list = await pageOf(await viewer.client.get('/danhmuc/loaitram'), 200)
		expect(list).not.toContain('/danhmuc/loaitram/new')
		await pageOf(await viewer.client.get('/danhmuc/loaitram/new'), 403)
		const fields = itemFields()
		await pageOf(await viewer.client.post('/danhmuc/loaitram/new', fields), 403)
		const bts = await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'stationTypes').where('code', '=', 'bts').executeTakeFirstOrThrow()
		await pageOf(await viewer.client.post(`/danhmuc/loaitram/${bts.id}`, { ...itemFields({ labelVn: 'Đổi' }), version: String(bts.version) }), 403)
		await pageOf(await viewer.client.post(`/danhmuc/loaitram/${bts.id}`, { intent: 'delete', version: String(bts.version) }), 403)
		await pageOf(await viewer.client.get(`/danhmuc/loaitram/${bts.id}?intent=delete`), 403)
		expect(await itemRow(bts.id)).toEqual(bts)
		await pageOf(await operator.client.post('/congcu/nhom/new', fields), 403)
	})

	test('a user without the grant gets 403 on every page', async () => {
		const nobody = await signedIn(server, [])
		for (const path of ['/danhmuc/loaitram', '/danhmuc/loaitram/new', '/danhmuc/loaitram/1', '/congcu/nhom', '/congcu/nhom/new', '/congcu/nhom/1']) {
			await pageOf(await nobody.client.get(path), 403)
		}
	})

	test('an item of the other list is not found under this one (404)', async () => {
		const category = await getDb().selectFrom('reference_items').select('id').where('list_key', '=', 'toolCategories').where('code', '=', 'vehicle').executeTakeFirstOrThrow()
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

	test('an administrator is offered the export and the import; a viewer neither', async () => {
		const offered = parseHtml(await pageOf(await admin.client.get('/danhmuc/loaitram'), 200))
		expect(offered.querySelector('a[href="/danhmuc/loaitram/export.csv"]')?.text.trim()).toBe(vn.csv.export)
		expect(offered.querySelector('a[href="/danhmuc/loaitram/import"]')?.text.trim()).toBe(vn.csv.import)
		const notOffered = parseHtml(await pageOf(await viewer.client.get('/danhmuc/loaitram'), 200))
		expect(notOffered.querySelector('a[href="/danhmuc/loaitram/export.csv"]')).toBeNull()
		expect(notOffered.querySelector('a[href="/danhmuc/loaitram/import"]')).toBeNull()
	})

	test('the export holds the list’s own items in its order, each with its version; the template its header only', async () => {
		const { records } = await csvOf(await admin.client.get('/danhmuc/loaitram/export.csv'))
		expect(records[0]).toEqual([...ITEM_FIELDS])
		const stored = await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'stationTypes').orderBy('sort_order').orderBy('code').execute()
		expect(records.slice(1)).toEqual(stored.map((item) => [item.code, item.label_vn, item.label_en ?? '', item.label_es ?? '', item.label_de ?? '', item.label_it ?? '', item.label_ru ?? '', String(item.sort_order), String(item.version)]))

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
		expect(statuses(await pageOf(await admin.client.get('/danhmuc/loaitram'), 200))).toContain(format(vn.csv.imported, { created: 0, updated: 0, unchanged: unchangedCount }))

		const added = itemCode('csv')
		const edited = exported.replace(`${existing.code},Trạm điện mặt trời,Solar farm`, `${existing.code},Trạm điện mặt trời mới,Solar farm`) + `${added},Trạm từ tệp,,,,,,70,\r\n`
		const response = await uploadCsv(admin.client, '/danhmuc/loaitram/import', edited)
		expect(location(response)).toBe('/danhmuc/loaitram')
		await response.text()
		expect(statuses(await pageOf(await admin.client.get('/danhmuc/loaitram'), 200))).toContain(format(vn.csv.imported, { created: 1, updated: 1, unchanged: unchangedCount - 1 }))

		expect(await itemRow(id)).toMatchObject({ label_vn: 'Trạm điện mặt trời mới', label_en: 'Solar farm', version: 2 })
		const created = await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'stationTypes').where('code', '=', added).executeTakeFirstOrThrow()
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
		const category = await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'toolCategories').where('code', '=', 'safety').executeTakeFirstOrThrow()
		const file = `${ITEM_FIELDS.join(',')}\r\nsafety,Trạm an toàn,,,,,,80,${category.version}\r\n`
		const response = await uploadCsv(admin.client, '/danhmuc/loaitram/import', file)
		expect(location(response)).toBe('/danhmuc/loaitram')
		await response.text()
		expect(await itemRow(category.id)).toEqual(category)
		const stationType = await getDb().selectFrom('reference_items').selectAll().where('list_key', '=', 'stationTypes').where('code', '=', 'safety').executeTakeFirstOrThrow()
		expect(stationType).toMatchObject({ label_vn: 'Trạm an toàn', version: 1 })
		expect(await itemStore(STATION_TYPE_LIST).remove(stationType.id, 1, admin.actor)).toMatchObject({ ok: true })
	})

	test('the import page says what the columns take; those without the grants get 403', async () => {
		const page = parseHtml(await pageOf(await admin.client.get('/congcu/nhom/import'), 200))
		expect(page.querySelector('h1')?.text.trim()).toBe(vn.referenceLists.toolCategories.importTitle)
		const columnsHelp = page.querySelector('section[aria-labelledby="import-format"]')
		expect(columnsHelp?.querySelector('code')?.text).toBe(ITEM_FIELDS.join(','))
		expect(columnsHelp?.text).toContain(format(vn.referenceLists.csvHelp.sortOrder, { max: SORT_ORDER_MAX }))
		await pageOf(await operator.client.get('/congcu/nhom/import'), 403)
		await pageOf(await uploadCsv(operator.client, '/congcu/nhom/import', `${ITEM_FIELDS.join(',')}\r\n`), 403)
		const refused = await viewer.client.get('/danhmuc/loaitram/export.csv')
		expect(refused.status).toBe(403)
		expect(await refused.text()).toContain(vn.errors.forbiddenTitle)
	})
})

/** A database of its own (of the kind the suite runs on), not migrated yet, with its migrator. */
async function freshDatabase() {
	const database = await createTestDatabase()
	const handle = openDatabase(
		database.kind === 'sqlite'
			? { dialect: 'sqlite', file: database.url.slice('file:'.length) }
			: { dialect: 'postgres', url: database.url, timeouts: { connectMs: 5000, statementMs: 30_000, idleInTransactionMs: 30_000 } },
	)
	const provider: MigrationProvider = { getMigrations: async () => migrations(handle.dialect) }
	const drop = async () => {
		await handle.close()
		await database.drop()
	}
	return { handle, migrator: new Migrator({ db: handle.db, provider }), drop }
}

describe('an existing installation', () => {
	test('migration 0018 turns the fixed values into rows and leaves the stations and tools as they were', async () => {
		const { handle, migrator, drop } = await freshDatabase()
		try {
			expect((await migrator.migrateTo('0017_list_views')).error).toBeUndefined()
			const now = Date.now()
			const station = await handle.db
				.insertInto('stations')
				.values({ code: 'OLD-1', name: 'Trạm cũ', name_key: 'tram cu', search_text: 'old-1 tram cu', type: 'pumping', province: 'ha-noi', status: 'active', created_at: now, updated_at: now, version: 1 })
				.returning('id')
				.executeTakeFirstOrThrow()
			await handle.db
				.insertInto('tools')
				.values({ code: 'OLD-T', name: 'Xe cũ', name_key: 'xe cu', search_text: 'old-t xe cu', category: 'vehicle', station_id: station.id, status: 'in_use', quantity: 1, unit: 'chiếc', created_at: now, updated_at: now, version: 1 })
				.execute()

			expect((await migrator.migrateToLatest()).error).toBeUndefined()
			const items = await handle.db.selectFrom('reference_items').selectAll().orderBy('list_key').orderBy('sort_order').execute()
			const expected = Object.entries(INITIAL_REFERENCE_ITEMS)
				.sort(([a], [b]) => a.localeCompare(b))
				.flatMap(([key, list]) => list.map(([code, labels]) => ({ list_key: key, code, label_vn: labels.vn, label_en: labels.en, label_ru: labels.ru, version: 1 })))
			expect(items).toMatchObject(expected)
			expect(items.find((item) => item.code === 'pumping')?.label_de).toBe('Pumpstation')
			expect(await handle.db.selectFrom('stations').select(['type', 'version']).executeTakeFirst()).toEqual({ type: 'pumping', version: 1 })
			expect(await handle.db.selectFrom('tools').select(['category', 'version']).executeTakeFirst()).toEqual({ category: 'vehicle', version: 1 })
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
			const roleId = async (code: string) => (await db.selectFrom('roles').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
			const functionId = async (code: string) => (await db.selectFrom('functions').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id
			const added = ['DANHMUC_LOAITRAM', 'CONGCU_NHOM']
			const addedIds = await Promise.all(added.map(functionId))
			await db.deleteFrom('role_grants').where('function_id', 'in', addedIds).execute()
			await db.deleteFrom('functions').where('id', 'in', addedIds).execute()
			await db.deleteFrom('role_grants').where('role_id', '=', await roleId('viewer')).where('function_id', '=', await functionId('DANHMUC_TRAM')).execute()

			await ensureBuiltins(db)
			const grants = await db
				.selectFrom('role_grants')
				.innerJoin('roles', 'roles.id', 'role_grants.role_id')
				.innerJoin('functions', 'functions.id', 'role_grants.function_id')
				.select(['roles.code as role', 'functions.code as function', 'role_grants.action'])
				.where('functions.code', 'in', [...added, 'DANHMUC_TRAM'])
				.execute()
			const of = (role: string, fn: string) => grants.filter((grant) => grant.role === role && grant.function === fn).map((grant) => grant.action).sort()
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
			const count = async () => Number((await db.selectFrom('role_grants').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)
			const before = await count()
			await ensureBuiltins(db)
			expect(await count()).toBe(before)
		} finally {
			await drop()
		}
	})
})
