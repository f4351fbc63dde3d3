import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { parseCsv } from '~/catalogs/csv'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { STATION_FIELDS } from '~/catalogs/stations/stations'
import { createStation, updateStation } from '~/catalogs/stations/stations.server'
import { toolSchema } from '~/catalogs/tools/tool-schema.server'
import { TOOL_FIELDS } from '~/catalogs/tools/tools'
import { createTool, updateTool } from '~/catalogs/tools/tools.server'
import { getDb } from '~/db/db.server'
import { signedIn, stationFields, toolFields, uniqueCode, vn } from '../support/catalogs'
import { qrCodeSvg } from '~/utils/qr-code.server'
import { TestClient, location } from '../support/client'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'
import { translate } from '../support/translate'

let server: RunningServer
let operator: Awaited<ReturnType<typeof signedIn>>
let viewer: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	operator = await signedIn(server, ['operator'])
	viewer = await signedIn(server, ['viewer'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

interface Seeded {
	id: number
	code: string
	name: string
}

async function seedStation(overrides: Record<string, string> = {}): Promise<Seeded> {
	const input = stationSchema.parse(stationFields(overrides))
	const result = await createStation(input, operator.actor)
	if (!result.ok) throw new Error(`could not create station: ${result.reason}`)
	return { id: result.id, code: input.code, name: input.name }
}

async function seedTool(overrides: Record<string, string> = {}, stationId: number | null = null): Promise<Seeded> {
	const input = { ...toolSchema.parse(toolFields(overrides)), stationId }
	const result = await createTool(input, operator.actor)
	if (!result.ok) throw new Error(`could not create tool: ${result.reason}`)
	return { id: result.id, code: input.code, name: input.name }
}

/** Saves a changed name over a record, so its version moves from 1 to 2. */
const edits = {
	stations: async (record: Seeded) => {
		const row = await getDb().selectFrom('stations').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow()
		const result = await updateStation(
			record.id,
			{ ...stationSchema.parse(stationFields({ code: row.code, name: `${row.name} (sửa)` })), version: row.version },
			operator.actor,
		)
		expect(result.ok).toBe(true)
	},
	tools: async (record: Seeded) => {
		const row = await getDb().selectFrom('tools').selectAll().where('id', '=', record.id).executeTakeFirstOrThrow()
		const input = { ...toolSchema.parse(toolFields({ code: row.code, name: `${row.name} (sửa)` })), stationId: null, version: row.version }
		expect((await updateTool(record.id, input, operator.actor)).ok).toBe(true)
	},
}

const CATALOGS = [
	{
		catalog: 'stations',
		path: '/danhmuc/tram',
		table: 'stations',
		entity: 'station',
		columns: STATION_FIELDS,
		fileName: 'tram',
		seed: (name: string) => seedStation({ name }),
	},
	{
		catalog: 'tools',
		path: '/congcu/list',
		table: 'tools',
		entity: 'tool',
		columns: TOOL_FIELDS,
		fileName: 'congcu',
		seed: (name: string) => seedTool({ name }),
	},
] as const

async function remaining(table: 'stations' | 'tools', ids: number[]) {
	return (await getDb().selectFrom(table).select('id').where('id', 'in', ids).execute()).map((row) => row.id).sort((a, b) => a - b)
}

async function bulkAudit(entity: string, ids: number[]) {
	return getDb()
		.selectFrom('audit_log')
		.select(['action', 'entity_id', 'details', 'actor_user_id'])
		.where('entity', '=', entity)
		.where('entity_id', 'in', ids.map(String))
		.where('action', '=', `${entity}.deleted`)
		.execute()
}

function query(ids: readonly (number | string)[], extra = '') {
	return `?${[...ids.map((id) => `id=${id}`), extra].filter(Boolean).join('&')}`
}

function alertText(html: string): string {
	return parseHtml(html)
		.querySelectorAll('[role="alert"]')
		.map((alert) => alert.text.replace(/\s+/g, ' ').trim())
		.join('\n')
}

describe.each(CATALOGS)('bulk actions on $catalog', ({ path, table, entity, columns, fileName, seed }) => {
	test('the list shows a labelled checkbox per row and the bulk buttons to those who may use them; not to a viewer', async () => {
		const marker = uniqueCode('BL')
		const a = await seed(`Bản ghi ${marker}`)
		const page = parseHtml(await (await operator.client.get(`${path}?q=${marker}&size=50`)).text())
		const box = page.querySelector(`input[type="checkbox"][name="id"][value="${a.id}"]`)
		expect(box?.getAttribute('aria-label')).toBe(translate('vn', 'bulk.select', { record: `${a.code} · ${a.name}` }))
		const form = page.querySelector(`form#${box?.getAttribute('form')}`)
		expect(form?.getAttribute('method')).toBe('get')
		// The list's query goes with the selection, to come back to the same view.
		expect(
			form?.querySelectorAll('input[type="hidden"]').map((input) => [input.getAttribute('name'), input.getAttribute('value')]),
		).toEqual([
			['q', marker],
			['size', '50'],
		])
		const buttons = form?.querySelectorAll('button').map((button) => [button.text.trim(), button.getAttribute('formaction')])
		expect(buttons).toEqual([
			[vn.bulk.exportSelected, `${path}/export-selected.csv`],
			[vn.labels.print, `${path}/labels`],
			[vn.bulk.deleteSelected, `${path}/bulk-delete`],
		])
		const viewed = parseHtml(await (await viewer.client.get(`${path}?q=${marker}`)).text())
		expect(viewed.querySelector('[name="id"]')).toBeNull()
		expect(viewed.querySelectorAll('button').map((button) => button.text.trim())).not.toContain(vn.bulk.deleteSelected)
	})

	test('"Export selected" downloads exactly those rows, in the list order, formulas neutralised', async () => {
		const marker = uniqueCode('BX')
		const b = await seed(`=HYPERLINK("x") B ${marker}`)
		const a = await seed(`A ${marker}`)
		await seed(`C ${marker}`)
		const response = await operator.client.get(`${path}/export-selected.csv${query([a.id, b.id], 'sort=name&dir=desc')}`)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('Content-Disposition')).toMatch(
			new RegExp(`^attachment; filename="${fileName}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
		)
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(new Uint8Array(await response.arrayBuffer()))
		expect(text.startsWith('\uFEFF')).toBe(true)
		const parsed = parseCsv(text)
		if (!parsed.ok) throw new Error('the export is no CSV')
		const [header, ...rows] = parsed.records.map((record) => record.fields)
		expect(header).toEqual([...columns])
		// By name, descending: "A …" after "=HYPERLINK…" in the sort key ("=" sorts before letters).
		expect(rows.map((fields) => fields[0])).toEqual([a.code, b.code])
		expect(rows.map((fields) => fields[1])).toEqual([`A ${marker}`, `'=HYPERLINK("x") B ${marker}`])
		expect(rows.map((fields) => fields.at(-1))).toEqual(['1', '1'])
		const ascending = await operator.client.get(`${path}/export-selected.csv${query([a.id, b.id], 'sort=name')}`)
		const again = parseCsv(await ascending.text())
		expect(again.ok && again.records.slice(1).map((record) => record.fields[0])).toEqual([b.code, a.code])
	})

	test('the confirmation page lists the records with their versions, the count, and a cancel link back to the list', async () => {
		const marker = uniqueCode('BC')
		const a = await seed(`Một ${marker}`)
		const b = await seed(`Hai ${marker}`)
		await edits[table](b)
		const response = await operator.client.get(`${path}/bulk-delete${query([a.id, b.id], `q=${marker}&sort=name&page=1`)}`)
		expect(response.status).toBe(200)
		const page = parseHtml(await response.text())
		expect(page.querySelector('h1')?.text).toBe(translate('vn', 'bulk.deleteTitle', { catalog: translate('vn', `${table}.title`) }))
		expect(page.text).toContain(translate('vn', 'bulk.deleteQuestion', { count: 2 }))
		const rows = page.querySelectorAll('tbody tr').map((row) => row.querySelectorAll('th, td').map((cell) => cell.text.trim()))
		expect(rows).toEqual([
			[b.code, `Hai ${marker} (sửa)`, '2'],
			[a.code, `Một ${marker}`, '1'],
		])
		const form = page.querySelector(`form[method="post"][action^="${path}/bulk-delete"]`)!
		expect(form.getAttribute('action')).toBe(`${path}/bulk-delete?q=${marker}&sort=name&id=${b.id}&id=${a.id}`)
		expect(form.querySelector('input[name="csrf"]')).not.toBeNull()
		const fields = form.querySelectorAll('input[type="hidden"]').map((input) => [input.getAttribute('name'), input.getAttribute('value')])
		expect(fields).toEqual(
			expect.arrayContaining([
				['id', String(a.id)],
				[`version-${a.id}`, '1'],
				['id', String(b.id)],
				[`version-${b.id}`, '2'],
			]),
		)
		expect(form.querySelector('button[type="submit"]')?.text.trim()).toBe(translate('vn', 'bulk.deleteConfirm', { count: 2 }))
		expect(form.querySelector('a')?.getAttribute('href')).toBe(`${path}?q=${marker}&sort=name`)
		expect(await remaining(table, [a.id, b.id])).toEqual([a.id, b.id].sort((x, y) => x - y))
	})

	test('confirming deletes them all, audits each (source: bulk) and goes back to the list with the count', async () => {
		const marker = uniqueCode('BD')
		const a = await seed(`Xóa ${marker}`)
		const b = await seed(`Xóa nữa ${marker}`)
		const response = await operator.client.post(`${path}/bulk-delete?q=${marker}&size=10`, {
			id: [String(a.id), String(b.id)],
			[`version-${a.id}`]: '1',
			[`version-${b.id}`]: '1',
		})
		expect(response.status).toBe(302)
		expect(location(response)).toBe(`${path}?q=${marker}&size=10`)
		await response.text()
		expect(await remaining(table, [a.id, b.id])).toEqual([])
		const audit = await bulkAudit(entity, [a.id, b.id])
		expect(audit).toHaveLength(2)
		for (const entry of audit) {
			expect(entry.actor_user_id).toBe(operator.user.id)
			expect(JSON.parse(entry.details!)).toMatchObject({ source: 'bulk', changes: { code: { to: '' } } })
		}
		const list = parseHtml(await (await operator.client.get(location(response)!)).text())
		expect(list.text).toContain(translate('vn', 'bulk.deleted', { count: 2 }))
	})

	test('a record changed since it was confirmed refuses the whole batch, saying which and why (409), nothing deleted', async () => {
		const a = await seed('Giữ nguyên')
		const b = await seed('Bị sửa')
		await edits[table](b)
		const response = await operator.client.post(`${path}/bulk-delete${query([a.id, b.id])}`, {
			id: [String(a.id), String(b.id)],
			[`version-${a.id}`]: '1',
			[`version-${b.id}`]: '1',
		})
		expect(response.status).toBe(409)
		const alerts = alertText(await response.text())
		expect(alerts).toContain(vn.bulk.refusedTitle)
		expect(alerts).toContain(translate('vn', 'bulk.refusal.stale', { record: `${b.code} · Bị sửa (sửa)`, version: 2 }))
		expect(alerts).not.toContain(a.code)
		expect(await remaining(table, [a.id, b.id])).toEqual([a.id, b.id].sort((x, y) => x - y))
		expect(await bulkAudit(entity, [a.id, b.id])).toEqual([])
	})

	test('a record gone since refuses the batch too', async () => {
		const a = await seed('Còn lại')
		const gone = await seed('Đã mất')
		await getDb().deleteFrom(table).where('id', '=', gone.id).execute()
		const response = await operator.client.post(`${path}/bulk-delete`, {
			id: [String(a.id), String(gone.id)],
			[`version-${a.id}`]: '1',
			[`version-${gone.id}`]: '1',
		})
		expect(response.status).toBe(409)
		expect(alertText(await response.text())).toContain(translate('vn', 'bulk.refusal.notFound', { id: gone.id }))
		expect(await remaining(table, [a.id])).toEqual([a.id])
	})

	test('a button pressed with no row ticked goes back to the same view of the list, with the message there, not an error page', async () => {
		for (const action of ['bulk-delete', 'export-selected.csv', 'labels']) {
			const response = await operator.client.get(`${path}/${action}${query([], 'q=kh%C3%B4ng&sort=name&dir=desc')}`)
			expect(response.status, action).toBe(302)
			await response.text()
			const back = location(response)
			expect(new URL(back!, 'http://portal').pathname, action).toBe(path)
			expect(Object.fromEntries(new URL(back!, 'http://portal').searchParams), action).toEqual({ q: 'không', sort: 'name', dir: 'desc' })
			const list = await operator.client.get(back!)
			expect(list.status).toBe(200)
			const message = parseHtml(await list.text()).querySelector('.flash-region [role="status"]')
			expect(message?.text.trim(), action).toBe(translate('vn', 'bulk.problems.empty'))
		}
	})

	test('"Print labels": one label per ticked record, with its code, name, its absolute address and a server-made SVG QR code of it', async () => {
		const marker = uniqueCode('LB')
		const [a, b] = [await seed(`Nhãn A ${marker}`), await seed(`Nhãn B ${marker}`)]
		const response = await operator.client.get(`${path}/labels${query([a.id, b.id], `q=${marker}`)}`)
		expect(response.status).toBe(200)
		const page = parseHtml(await response.text())
		const labels = page.querySelectorAll('.record-label')
		expect(labels).toHaveLength(2)
		// In the list's order (by code here), as the export.
		expect(labels.map((label) => label.querySelector('.record-label__code')?.text)).toEqual([a.code, b.code].sort())
		for (const record of [a, b]) {
			const label = labels.find((candidate) => candidate.querySelector('.record-label__code')?.text === record.code)!
			// The server is reached on loopback here: its own origin is the address (PUBLIC_URL elsewhere).
			const address = `${server.url}${path}/${record.id}`
			expect(label.querySelector('.record-label__name')?.text).toBe(record.name)
			expect(label.querySelector('.record-label__url')?.text).toBe(address)
			const qr = label.querySelector('.record-label__qr')
			expect(qr?.getAttribute('role')).toBe('img')
			expect(qr?.querySelectorAll('svg')).toHaveLength(1)
			// The same modules as the code of that address: it is what a phone camera reads.
			const drawn = (html: string) =>
				parseHtml(html)
					.querySelectorAll('path')
					.map((shape) => shape.getAttribute('d'))
			expect(drawn(qr!.innerHTML)).toEqual(drawn(await qrCodeSvg(address)))
		}
		// The record's page links to its own label; a phone without a session is sent to sign in, then back to it.
		const record = parseHtml(await (await operator.client.get(`${path}/${a.id}`)).text())
		expect(record.querySelector(`a[href="${path}/labels?id=${a.id}"]`)?.text.trim()).toBe(vn.labels.one)
		const scanned = await new TestClient(server.url).get(`${path}/${a.id}`)
		expect(scanned.status).toBe(302)
		await scanned.text()
		expect(new URL(location(scanned)!, server.url).searchParams.get('redirectTo')).toBe(`${path}/${a.id}`)
		// The list's export grant: a viewer has none.
		const refused = await viewer.client.get(`${path}/labels${query([a.id])}`)
		expect(refused.status).toBe(403)
		await refused.text()
		expect(parseHtml(await (await viewer.client.get(`${path}/${a.id}`)).text()).querySelector(`a[href*="/labels"]`)).toBeNull()
	})

	const tooMany = Array.from({ length: 101 }, (_, i) => i + 1)
	test.each([
		['101 ids', tooMany, 400, translate('vn', 'bulk.problems.tooMany', { max: 100 })],
		['a non-numeric id', ['abc'], 400, translate('vn', 'bulk.problems.malformed')],
		['a negative id', ['-1'], 400, translate('vn', 'bulk.problems.malformed')],
		['an id too large', ['12345678901234567890'], 400, translate('vn', 'bulk.problems.malformed')],
		['the same id twice', ['7', '7'], 400, translate('vn', 'bulk.problems.duplicate')],
		['an id of no record', ['999999999'], 404, translate('vn', 'bulk.problems.missing', { ids: '999999999' })],
	])(
		'a selection with %s gets a clear 4xx answer on the confirmation page, from the export and on the labels page',
		async (_case, ids, status, message) => {
			const page = await operator.client.get(`${path}/bulk-delete${query(ids)}`)
			expect(page.status).toBe(status)
			const html = parseHtml(await page.text())
			expect(alertText(html.toString())).toBe(message)
			expect(html.querySelector('form[action*="/bulk-delete"]')).toBeNull()
			const csv = await operator.client.get(`${path}/export-selected.csv${query(ids)}`)
			expect(csv.status).toBe(status)
			expect((await csv.text()).trim()).toBe(message)
			const labels = await operator.client.get(`${path}/labels${query(ids)}`)
			expect(labels.status).toBe(status)
			const labelsPage = await labels.text()
			expect(alertText(labelsPage)).toBe(message)
			expect(parseHtml(labelsPage).querySelector('.record-label')).toBeNull()
		},
	)

	test.each([
		['no ids', {}, 'empty'],
		['an id without its version', { id: '5' }, 'malformed'],
		['a malformed version', { id: '5', 'version-5': 'x' }, 'malformed'],
		['a malformed id', { id: '5;drop', 'version-5;drop': '1' }, 'malformed'],
		['the same id twice', { id: ['5', '5'], 'version-5': '1' }, 'duplicate'],
		['101 ids', { id: tooMany.map(String) }, 'tooMany'],
	])('a POST with %s is refused (400) with its message in the error summary', async (_case, fields, problem) => {
		const response = await operator.client.post(`${path}/bulk-delete`, fields)
		expect(response.status).toBe(400)
		const summary = parseHtml(await response.text()).querySelector('.error-summary')
		expect(summary?.querySelector('li')?.text).toBe(translate('vn', `bulk.problems.${problem}`, { max: 100 }))
	})
})

describe('bulk delete of stations', () => {
	test('a station that still has tools refuses the whole batch, with the count of its tools (409)', async () => {
		const free = await seedStation({ name: 'Trạm trống' })
		const busy = await seedStation({ name: 'Trạm có công cụ' })
		await seedTool({}, busy.id)
		await seedTool({}, busy.id)
		const response = await operator.client.post(`/danhmuc/tram/bulk-delete${query([free.id, busy.id])}`, {
			id: [String(free.id), String(busy.id)],
			[`version-${free.id}`]: '1',
			[`version-${busy.id}`]: '1',
		})
		expect(response.status).toBe(409)
		const alerts = alertText(await response.text())
		expect(alerts).toContain(translate('vn', 'bulk.refusal.hasTools', { code: busy.code, name: busy.name, count: 2 }))
		expect(alerts).not.toContain(free.code)
		expect(await remaining('stations', [free.id, busy.id])).toEqual([free.id, busy.id].sort((x, y) => x - y))
		expect(await bulkAudit('station', [free.id, busy.id])).toEqual([])
	})
})
