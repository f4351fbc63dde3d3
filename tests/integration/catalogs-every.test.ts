import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { CATALOGS } from '~/catalogs/registry.js'
import { location, type TestClient } from '../support/client'
import {
	alerts,
	escapeHtml,
	fieldError,
	fieldValue,
	format,
	getPage,
	itemFields,
	listedCodes,
	signedIn,
	stationFields,
	statuses,
	toolFields,
	uploadCsv,
	vn,
} from '../support/catalogs'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { catalogTexts } from '../support/translate'

/**
 * What every catalog of the registry does alike, each behaviour tested once over a table of them all
 * (issue 37: the copies each catalog's own file had are folded in here).
 */

type Account = Awaited<ReturnType<typeof signedIn>>
type Role = 'admin' | 'operator' | 'viewer'

let server: RunningServer
let mine: Account
let theirs: Account
/** An account of each built-in role. */
const as = {} as Record<Role, Account>

beforeAll(async () => {
	server = await startServer()
	mine = await signedIn(server, ['admin'])
	theirs = await signedIn(server, ['admin'])
	as.admin = mine
	as.operator = await signedIn(server, ['operator'])
	as.viewer = await signedIn(server, ['viewer'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** A catalog of the registry: where its records are kept, its texts, who may change it, and its record form as posted. */
interface Catalog {
	catalog: keyof typeof CATALOGS
	table: 'stations' | 'tools' | 'reference_items'
	/** The audit log's entity: `<entity>.created`, `.deleted`. */
	entity: 'station' | 'tool' | 'station_type' | 'tool_category'
	/** Its text tree in the locale files. */
	texts: string
	/** The built-in role that may create, change, delete, import and export its records. */
	editor: Role
	/** The built-in roles that may only view them. */
	readers: Role[]
	fields: (overrides?: Record<string, string>) => Record<string, string>
	/** The form field that names a record (shown after its code), and its column. */
	name: { field: string; column: 'name' | 'label_vn' }
	/** Another text field of the form, and its column. */
	text: { field: string; column: 'note' | 'label_en' }
	/** The other person's change, saved first. */
	theirs: Record<string, string>
	/** What one typed, saved second from the same version. */
	typed: Record<string, string>
	/** The row after both: the other's change, one's own nowhere. */
	saved: Record<string, unknown>
}

const cases: Catalog[] = [
	{
		catalog: 'stations',
		table: 'stations',
		entity: 'station',
		texts: 'stations',
		editor: 'operator',
		readers: ['viewer'],
		fields: stationFields,
		name: { field: 'name', column: 'name' },
		text: { field: 'note', column: 'note' },
		theirs: { name: 'Trạm của người kia' },
		typed: { name: 'Trạm của tôi', address: 'Địa chỉ của tôi' },
		saved: { name: 'Trạm của người kia', address: stationFields().address },
	},
	{
		catalog: 'tools',
		table: 'tools',
		entity: 'tool',
		texts: 'tools',
		editor: 'operator',
		readers: ['viewer'],
		fields: toolFields,
		name: { field: 'name', column: 'name' },
		text: { field: 'note', column: 'note' },
		theirs: { name: 'Người kia sửa' },
		typed: { name: 'Tôi sửa', quantity: '7' },
		saved: { name: 'Người kia sửa', quantity: Number(toolFields().quantity) },
	},
	{
		catalog: 'stationTypes',
		table: 'reference_items',
		entity: 'station_type',
		texts: 'referenceLists.stationTypes',
		editor: 'admin',
		readers: ['viewer', 'operator'],
		fields: itemFields,
		name: { field: 'labelVn', column: 'label_vn' },
		text: { field: 'labelEn', column: 'label_en' },
		theirs: { labelVn: 'Trạm năng lượng mặt trời', sortOrder: '5' },
		typed: { labelVn: 'Bản cũ', labelDe: 'Alt' },
		saved: { label_vn: 'Trạm năng lượng mặt trời', label_de: null, sort_order: 5 },
	},
	{
		catalog: 'toolCategories',
		table: 'reference_items',
		entity: 'tool_category',
		texts: 'referenceLists.toolCategories',
		editor: 'admin',
		readers: ['viewer', 'operator'],
		fields: itemFields,
		name: { field: 'labelVn', column: 'label_vn' },
		text: { field: 'labelEn', column: 'label_en' },
		theirs: { labelEn: 'Theirs' },
		typed: { labelEn: 'Mine', sortOrder: '9' },
		saved: { label_en: 'Theirs', sort_order: Number(itemFields().sortOrder) },
	},
]

/** The table's rows for `test.each`: each catalog's key (the test's name) and its entry. */
const eachCatalog = cases.map((entry) => [entry.catalog, entry] as const)

/** The same for each role that may only view a catalog: the catalog's key, the role and the entry. */
const eachReader = cases.flatMap((entry) => entry.readers.map((role) => [entry.catalog, role, entry] as const))

/** The address of a catalog's list, e.g. `/danhmuc/tram`. */
const pathOf = (entry: Catalog) => `/${CATALOGS[entry.catalog].prefix}`

/** A response's body, once its status is the one expected (the page's alerts, or its start, told when it is not). */
async function answer(response: Response, status: number, what = ''): Promise<string> {
	const body = await response.text()
	expect(response.status, `${what} ${alerts(body) || body.slice(0, 300)}`).toBe(status)
	return body
}

/** Creates a record through the catalog's new-record form: its id, its code and the fields posted. */
async function createRecord(client: TestClient, entry: Catalog, overrides: Record<string, string> = {}) {
	const fields = entry.fields(overrides)
	const response = await client.post(`${pathOf(entry)}/new`, fields)
	await answer(response, 302, 'the new record')
	const target = location(response)!
	expect(target.split('/').slice(0, -1).join('/')).toBe(pathOf(entry))
	return { id: Number(target.split('/').pop()), code: fields.code!, fields }
}

function rowOf(entry: Catalog, id: number) {
	return getDb().selectFrom(entry.table).selectAll().where('id', '=', id).executeTakeFirst()
}

/** The ids of the catalog's records coded `code` (in its table). */
async function coded(entry: Catalog, code: string) {
	return (await getDb().selectFrom(entry.table).select('id').where('code', '=', code).execute()).map((row) => row.id)
}

/** A record's form fields as a CSV file to import: their names the header row, their values the one row. */
function csvOf(fields: Record<string, string>) {
	return `${Object.keys(fields).join(',')}\r\n${Object.values(fields).join(',')}\r\n`
}

test('the registry has no catalog this table leaves out', () => {
	expect(cases.map((entry) => entry.catalog).sort()).toEqual(Object.keys(CATALOGS).sort())
})

describe('a stale save, on every catalog of the registry', () => {
	test.each(eachCatalog)(
		'%s: saved by another since it was opened, it is refused (409) naming them, the typed values kept, nothing overwritten',
		async (_catalog, entry) => {
			const path = pathOf(entry)
			const { id, fields } = await createRecord(mine.client, entry)
			// Both opened version 1; the other saves first.
			const first = await theirs.client.post(`${path}/${id}`, { ...fields, ...entry.theirs, version: '1' })
			expect(first.status, alerts(await first.text())).toBe(302)

			const refused = await mine.client.post(`${path}/${id}`, { ...fields, ...entry.typed, version: '1' })
			expect(refused.status).toBe(409)
			const html = await refused.text()
			expect(alerts(html)).toContain(vn.catalog.conflict.title)
			expect(html).toContain(escapeHtml(theirs.user.display_name))
			for (const [name, value] of Object.entries(entry.typed)) expect(fieldValue(html, name), name).toBe(value)
			expect(fieldValue(html, 'version')).toBe('1')
			expect(await rowOf(entry, id)).toMatchObject({ ...entry.saved, version: 2 })
		},
	)
})

describe('an intent no form of a record page has, on every catalog of the registry', () => {
	test.each(eachCatalog)('%s: is a bad request (400), and the record is left as it was', async (_catalog, entry) => {
		const path = pathOf(entry)
		const { id, fields } = await createRecord(mine.client, entry)
		const before = await rowOf(entry, id)

		for (const intent of ['archive', 'Delete', '']) {
			const refused = await mine.client.post(`${path}/${id}`, { ...fields, ...entry.typed, version: '1', intent })
			expect(refused.status, `intent=${intent}`).toBe(400)
			expect(await refused.text(), `intent=${intent}`).toContain(escapeHtml(vn.errors.badRequestTitle))
		}
		expect(await rowOf(entry, id)).toEqual(before)
	})
})

describe('a delete without JavaScript, on every catalog of the registry', () => {
	test.each(eachCatalog)(
		'%s: the record’s delete link opens a confirmation page whose form posts the delete; it is done, audited and said on the list',
		async (_catalog, entry) => {
			const path = pathOf(entry)
			const texts = catalogTexts('vn', entry.texts)
			const editor = as[entry.editor]
			const { id, code, fields } = await createRecord(editor.client, entry)
			const record = parseHtml(await answer(await editor.client.get(`${path}/${id}`), 200))
			expect(record.querySelector(`a[href="${path}/${id}?intent=delete"]`)?.text.trim()).toBe(texts.delete)

			const page = parseHtml(await answer(await editor.client.get(`${path}/${id}?intent=delete`), 200))
			expect(page.querySelector('h1')?.text.trim()).toBe(format(texts.deleteTitle, { code }))
			expect(page.querySelector('main')?.text).toContain(format(texts.deleteQuestion, { code, name: fields[entry.name.field]! }))
			const form = page.querySelectorAll('form').find((candidate) => candidate.querySelector('input[name="intent"][value="delete"]'))
			expect(form?.getAttribute('method')).toBe('post')
			expect(form?.getAttribute('action')).toBe(`${path}/${id}`)
			const hidden = form!
				.querySelectorAll('input[type="hidden"]')
				.map((input) => [input.getAttribute('name'), input.getAttribute('value')])
			expect(hidden).toEqual(
				expect.arrayContaining([
					['intent', 'delete'],
					['version', '1'],
					['csrf', await editor.client.csrfToken()],
				]),
			)
			expect(form!.querySelector('button[type="submit"]')?.text.trim()).toBe(texts.deleteConfirm)
			expect(form!.querySelector(`a[href="${path}/${id}"]`)?.text.trim()).toBe(vn.catalog.cancel)
			expect(await rowOf(entry, id)).toBeDefined()

			// The form's own fields, as a browser posts them.
			const deleted = await editor.client.post(form!.getAttribute('action')!, Object.fromEntries(hidden as [string, string][]))
			await answer(deleted, 302, 'the delete')
			expect(location(deleted)).toBe(path)
			expect(await rowOf(entry, id)).toBeUndefined()
			expect(statuses(await answer(await editor.client.get(path), 200))).toContain(format(texts.deleted, { code }))
			const audit = await getDb()
				.selectFrom('audit_log')
				.select(['action', 'details', 'actor_user_id'])
				.where('entity', '=', entry.entity)
				.where('entity_id', '=', String(id))
				.orderBy('id')
				.execute()
			expect(audit.map((row) => row.action)).toEqual([`${entry.entity}.created`, `${entry.entity}.deleted`])
			expect(audit[1]!.actor_user_id).toBe(editor.user.id)
			expect(JSON.parse(audit[1]!.details!).changes.code).toEqual({ from: code, to: '' })
		},
	)
})

describe('what a user is offered, on every catalog of the registry', () => {
	test.each(eachCatalog)(
		'%s: its editor is offered a new record, the import and the export on the list, and the form and the delete on a record',
		async (_catalog, entry) => {
			const path = pathOf(entry)
			const texts = catalogTexts('vn', entry.texts)
			const editor = as[entry.editor]
			const { id } = await createRecord(editor.client, entry)
			const list = parseHtml(await answer(await editor.client.get(path), 200))
			expect(list.querySelector(`a[href="${path}/new"]`)?.text.trim()).toBe(texts.new)
			expect(list.querySelector(`a[href="${path}/import"]`)?.text.trim()).toBe(vn.csv.import)
			expect(list.querySelector(`a[href="${path}/export.csv"]`)?.text.trim()).toBe(vn.csv.export)
			const record = parseHtml(await answer(await editor.client.get(`${path}/${id}`), 200))
			expect(record.querySelector(`form[action="${path}/${id}"] input[name="version"]`)?.getAttribute('value')).toBe('1')
			expect(record.querySelector(`a[href="${path}/${id}?intent=delete"]`)?.text.trim()).toBe(texts.delete)
		},
	)

	test.each(eachReader)(
		'%s: the %s role, which may only view it, is offered none of them: the record is shown with its history, without a form',
		async (_catalog, role, entry) => {
			const path = pathOf(entry)
			const reader = as[role].client
			const { id, code } = await createRecord(as[entry.editor].client, entry)
			const list = await answer(await reader.get(path), 200)
			expect(list).not.toContain(`${path}/new`)
			expect(list).not.toContain(`${path}/import`)
			expect(list).not.toContain(`${path}/export.csv`)
			const record = await answer(await reader.get(`${path}/${id}`), 200)
			expect(record).not.toContain(`action="${path}/${id}"`)
			expect(record).not.toContain('?intent=delete')
			expect(record).not.toContain('name="version"')
			const page = parseHtml(record)
			expect(page.querySelector('h1')?.text).toContain(code)
			expect(page.querySelector('main')?.text).toContain(vn.catalog.history.title)
		},
	)
})

describe('a write by a user who may only view, on every catalog of the registry', () => {
	test.each(eachReader)(
		'%s: the %s role gets 403 for every page and post that writes and for the downloads, and nothing is written',
		async (_catalog, role, entry) => {
			const path = pathOf(entry)
			const reader = as[role].client
			const { id, fields } = await createRecord(as[entry.editor].client, entry)
			const before = await rowOf(entry, id)
			const fresh = entry.fields()
			const writes: [string, () => Promise<Response>][] = [
				['the new-record page', () => reader.get(`${path}/new`)],
				['a new record', () => reader.post(`${path}/new`, fresh)],
				['a save', () => reader.post(`${path}/${id}`, { ...fields, [entry.name.field]: 'Bị sửa', version: '1' })],
				['the delete’s confirmation page', () => reader.get(`${path}/${id}?intent=delete`)],
				['a delete', () => reader.post(`${path}/${id}`, { intent: 'delete', version: '1' })],
				['the import page', () => reader.get(`${path}/import`)],
				['an import', () => uploadCsv(reader, `${path}/import`, csvOf(fresh))],
				['the bulk delete’s confirmation page', () => reader.get(`${path}/bulk-delete?id=${id}`)],
				['a bulk delete', () => reader.post(`${path}/bulk-delete`, { id: String(id), [`version-${id}`]: '1' })],
			]
			for (const [what, write] of writes) expect(await answer(await write(), 403, what), what).toContain(vn.errors.forbiddenTitle)
			for (const download of [`${path}/export.csv`, `${path}/export-selected.csv?id=${id}`]) {
				const refused = await reader.get(download)
				expect(await answer(refused, 403, download), download).toContain(vn.errors.forbiddenTitle)
				expect(refused.headers.get('Content-Type'), download).toMatch(/^text\/plain/)
			}
			expect(await rowOf(entry, id)).toEqual(before)
			expect(await coded(entry, fresh.code!)).toEqual([])
		},
	)
})

describe('a post without its form’s CSRF token, on every catalog of the registry', () => {
	test.each(eachCatalog)(
		'%s: a new record, a save, a delete, a bulk delete and an import by its editor are refused (403) as an expired form, and nothing is written',
		async (_catalog, entry) => {
			const path = pathOf(entry)
			const editor = as[entry.editor].client
			const { id, fields } = await createRecord(editor, entry)
			const before = await rowOf(entry, id)
			const fresh = entry.fields()
			const file = new FormData()
			file.set('file', new Blob([csvOf(fresh)], { type: 'text/csv' }), 'data.csv')
			const posts: [string, () => Promise<Response>][] = [
				['a new record', () => editor.post(`${path}/new`, fresh, { csrf: false })],
				['a save', () => editor.post(`${path}/${id}`, { ...fields, [entry.name.field]: 'CSRF', version: '1' }, { csrf: false })],
				['a delete', () => editor.post(`${path}/${id}`, { intent: 'delete', version: '1' }, { csrf: false })],
				['a bulk delete', () => editor.post(`${path}/bulk-delete`, { id: String(id), [`version-${id}`]: '1' }, { csrf: false })],
				['an import', () => editor.request(`${path}/import`, { method: 'POST', body: file })],
			]
			for (const [what, post] of posts) {
				const page = parseHtml(await answer(await post(), 403, what))
				// Told as an expired form (reload and send again), not as a missing grant.
				expect(page.querySelector('h1')?.text.trim(), what).toBe(vn.errors.csrfTitle)
			}
			expect(await rowOf(entry, id)).toEqual(before)
			expect(await coded(entry, fresh.code!)).toEqual([])
		},
	)
})

describe('HTML a user types, on every catalog of the registry', () => {
	test.each(eachCatalog)(
		'%s: is stored as typed and shown escaped: in the record’s form, on its read-only page and in the list',
		async (_catalog, entry) => {
			const path = pathOf(entry)
			const name = '<script>alert("trạm")</script><b onmouseover=x><img src=x onerror=alert(1)> Máy đo'
			const text = '<img src=x onerror=alert(1)>'
			const editor = as[entry.editor].client
			const { id, code } = await createRecord(editor, entry, { [entry.name.field]: name, [entry.text.field]: text })
			expect(await rowOf(entry, id)).toMatchObject({ [entry.name.column]: name, [entry.text.column]: text })

			const record = await answer(await editor.get(`${path}/${id}`), 200)
			expect([fieldValue(record, entry.name.field), fieldValue(record, entry.text.field)]).toEqual([name, text])
			const readOnly = await answer(await as[entry.readers[0]!].client.get(`${path}/${id}`), 200)
			// Found by a search for its words, as typed.
			const list = await answer(await getPage(editor, `${path}?q=${encodeURIComponent('alert("trạm")')}`), 200)
			expect(listedCodes(list)).toEqual([code])
			for (const [what, html] of [
				['the record', record],
				['its read-only page', readOnly],
				['the list', list],
			]) {
				expect(html, what).not.toContain('<script>alert(')
				expect(html, what).not.toContain('<img src=x')
				expect(html, what).not.toContain('<b onmouseover')
				expect(html, what).toContain(escapeHtml(name))
			}
			expect(record).toContain(escapeHtml(text))
			expect(readOnly).toContain(escapeHtml(text))
		},
	)
})

describe('an address naming no record, on every catalog of the registry', () => {
	test.each(eachCatalog)('%s: an unknown or malformed id is not found (404)', async (_catalog, entry) => {
		const path = pathOf(entry)
		const editor = as[entry.editor].client
		for (const address of [`${path}/999999999`, `${path}/abc`, `${path}/999999999?intent=delete`]) {
			expect(await answer(await editor.get(address), 404, address), address).toContain(vn.errors.notFoundTitle)
		}
		const save = await editor.post(`${path}/999999999`, { ...entry.fields(), version: '1' })
		expect(await answer(save, 404, 'a save'), 'a save').toContain(vn.errors.notFoundTitle)
		const remove = await editor.post(`${path}/999999999`, { intent: 'delete', version: '1' })
		expect(await answer(remove, 404, 'a delete'), 'a delete').toContain(vn.errors.notFoundTitle)
	})
})

describe('a code another record has, on every catalog of the registry', () => {
	test.each(eachCatalog)(
		'%s: a new record with it is refused (409) on the code field, the values kept; the other record is untouched',
		async (_catalog, entry) => {
			const path = pathOf(entry)
			const editor = as[entry.editor].client
			const { id, code } = await createRecord(editor, entry)
			const before = await rowOf(entry, id)
			const html = await answer(await editor.post(`${path}/new`, entry.fields({ code, [entry.name.field]: 'Giữ lại tên này' })), 409)
			expect(fieldError(html, 'code')).toBe(vn.catalog.errors.codeTaken)
			expect(fieldValue(html, 'code')).toBe(code)
			expect(fieldValue(html, entry.name.field)).toBe('Giữ lại tên này')
			expect(await coded(entry, code)).toEqual([id])
			expect(await rowOf(entry, id)).toEqual(before)
		},
	)
})
