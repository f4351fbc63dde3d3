import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { getDb } from '~/db/db.server'
import { CATALOGS } from '~/catalogs/registry.js'
import { location } from '../support/client'
import { alerts, escapeHtml, fieldValue, itemFields, signedIn, stationFields, toolFields, vn } from '../support/catalogs'
import { startServer, type RunningServer } from '../support/server'

let server: RunningServer
let mine: Awaited<ReturnType<typeof signedIn>>
let theirs: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	mine = await signedIn(server, ['admin'])
	theirs = await signedIn(server, ['admin'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

/** A catalog of the registry, as its record form is posted: the fields, the other's change and one's own. */
interface StaleSave {
	catalog: keyof typeof CATALOGS
	table: 'stations' | 'tools' | 'reference_items'
	fields: (overrides?: Record<string, string>) => Record<string, string>
	/** The other person's change, saved first. */
	theirs: Record<string, string>
	/** What one typed, saved second from the same version. */
	typed: Record<string, string>
	/** The row after both: the other's change, one's own nowhere. */
	saved: Record<string, unknown>
}

const cases: StaleSave[] = [
	{
		catalog: 'stations',
		table: 'stations',
		fields: stationFields,
		theirs: { name: 'Trạm của người kia' },
		typed: { name: 'Trạm của tôi', address: 'Địa chỉ của tôi' },
		saved: { name: 'Trạm của người kia', address: stationFields().address },
	},
	{
		catalog: 'tools',
		table: 'tools',
		fields: toolFields,
		theirs: { name: 'Người kia sửa' },
		typed: { name: 'Tôi sửa', quantity: '7' },
		saved: { name: 'Người kia sửa', quantity: Number(toolFields().quantity) },
	},
	{
		catalog: 'stationTypes',
		table: 'reference_items',
		fields: itemFields,
		theirs: { labelVn: 'Trạm năng lượng mặt trời', sortOrder: '5' },
		typed: { labelVn: 'Bản cũ', labelDe: 'Alt' },
		saved: { label_vn: 'Trạm năng lượng mặt trời', label_de: null, sort_order: 5 },
	},
	{
		catalog: 'toolCategories',
		table: 'reference_items',
		fields: itemFields,
		theirs: { labelEn: 'Theirs' },
		typed: { labelEn: 'Mine', sortOrder: '9' },
		saved: { label_en: 'Theirs', sort_order: Number(itemFields().sortOrder) },
	},
]

describe('a stale save, on every catalog of the registry', () => {
	test('the registry has no catalog this table leaves out', () => {
		expect(cases.map((entry) => entry.catalog).sort()).toEqual(Object.keys(CATALOGS).sort())
	})

	test.each(cases.map((entry) => [entry.catalog, entry] as const))(
		'%s: saved by another since it was opened, it is refused (409) naming them, the typed values kept, nothing overwritten',
		async (_catalog, entry) => {
			const path = `/${CATALOGS[entry.catalog].prefix}`
			const fields = entry.fields({})
			const created = await mine.client.post(`${path}/new`, fields)
			expect(created.status, alerts(await created.text())).toBe(302)
			const id = Number(location(created)!.split('/').pop())
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
			const row = await getDb().selectFrom(entry.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()
			expect(row).toMatchObject({ ...entry.saved, version: 2 })
		},
	)
})

describe('an intent no form of a record page has, on every catalog of the registry', () => {
	test.each(cases.map((entry) => [entry.catalog, entry] as const))(
		'%s: is a bad request (400), and the record is left as it was',
		async (_catalog, entry) => {
			const path = `/${CATALOGS[entry.catalog].prefix}`
			const fields = entry.fields({})
			const created = await mine.client.post(`${path}/new`, fields)
			expect(created.status, alerts(await created.text())).toBe(302)
			const id = Number(location(created)!.split('/').pop())
			const before = await getDb().selectFrom(entry.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()

			for (const intent of ['archive', 'Delete', '']) {
				const refused = await mine.client.post(`${path}/${id}`, { ...fields, ...entry.typed, version: '1', intent })
				expect(refused.status, `intent=${intent}`).toBe(400)
				expect(await refused.text(), `intent=${intent}`).toContain(escapeHtml(vn.errors.badRequestTitle))
			}
			expect(await getDb().selectFrom(entry.table).selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(before)
		},
	)
})
