import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { errorSummary, parseHtml } from '../support/html'
import { STATION_FIELDS } from '~/catalogs/stations/stations'
import { TOOL_FIELDS } from '~/catalogs/tools/tools'
import { createStation } from '~/catalogs/stations/stations.server'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { getDb } from '~/db/db.server'
import type { TestClient } from '../support/client'
import { location } from '../support/client'
import {
	bulkStationsCsv,
	format,
	reportRows,
	signedIn,
	stationFields,
	stationsCoded,
	uniqueCode,
	unescapeHtml,
	uploadCsv as upload,
	vn,
} from '../support/catalogs'
import { testDatabaseKind } from '../support/database'
import { startServer, type RunningServer } from '../support/server'
import { until } from '../support/wait'

let server: RunningServer
let operator: Awaited<ReturnType<typeof signedIn>>
let viewer: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer({ MAX_UPLOAD_MB: '5' })
	operator = await signedIn(server, ['operator'])
	viewer = await signedIn(server, ['viewer'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function seedStation(overrides: Record<string, string> = {}) {
	const parsed = stationSchema.parse(stationFields(overrides))
	const result = await createStation(parsed, operator.actor)
	if (!result.ok) throw new Error(result.reason)
	return { id: result.id, code: parsed.code }
}

/** The file-level problem of a refused import: the entry of its error summary (headed "file not imported"). */
function fileError(html: string): string {
	const summary = errorSummary(html)
	expect(summary?.title).toBe(vn.csv.refusedTitle)
	return summary?.items[0] ?? ''
}

const BOM = '\uFEFF'
const header = (fields: readonly string[]) => fields.join(',')

describe('station CSV export', () => {
	test('exports the current filter as UTF-8 with BOM, the form fields as columns, formulas neutralised', async () => {
		const marker = uniqueCode('EX')
		const a = await seedStation({ name: `=HYPERLINK("http://evil.example") ${marker}`, note: '@SUM(A1)', address: '+84 đường, "ngõ" 5' })
		const b = await seedStation({ name: `Trạm Đà Nẵng ${marker}`, latitude: '-33.8688', longitude: '151.2093', commissionedAt: '' })
		await seedStation({ name: 'Không thuộc bộ lọc' })
		const response = await operator.client.get(`/danhmuc/tram/export.csv?q=${marker}&sort=name`)
		expect(response.status).toBe(200)
		expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
		expect(response.headers.get('Content-Disposition')).toMatch(/^attachment; filename="tram-\d{4}-\d{2}-\d{2}\.csv"$/)
		const bytes = new Uint8Array(await response.arrayBuffer())
		expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
		const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)
		expect(text.startsWith(BOM)).toBe(true)
		const lines = text.slice(1).split('\r\n')
		expect(lines[0]).toBe(header(STATION_FIELDS))
		expect(lines[0]).toBe('code,name,type,province,address,latitude,longitude,status,commissionedAt,note,version')
		expect(lines).toHaveLength(4) // header, two rows, the final empty string
		// Sorted by name: "=HYPERLINK…" before "Trạm…".
		expect(lines[1]).toBe(
			`${a.code},"'=HYPERLINK(""http://evil.example"") ${marker}",bts,ha-noi,"'+84 đường, ""ngõ"" 5",21.028511,105.804817,active,2019-05-01,'@SUM(A1),1`,
		)
		expect(lines[2]).toBe(`${b.code},Trạm Đà Nẵng ${marker},bts,ha-noi,12 Trần Duy Hưng,'-33.8688,151.2093,active,,,1`)
	})

	test.each([
		['stations', '/danhmuc/tram', 'tram-mau-nhap.csv', STATION_FIELDS],
		['tools', '/congcu/list', 'congcu-mau-nhap.csv', TOOL_FIELDS],
	] as const)(
		'the %s import page offers a template: the header row alone, for those who may import',
		async (_catalog, path, fileName, columns) => {
			const page = parseHtml(await (await operator.client.get(`${path}/import`)).text())
			const link = page.querySelector(`a[href="${path}/import/template.csv"]`)
			expect(link?.text.trim()).toBe(vn.csv.template)
			expect(link?.hasAttribute('download')).toBe(true)
			const response = await operator.client.get(`${path}/import/template.csv`)
			expect(response.status).toBe(200)
			expect(response.headers.get('Content-Type')).toBe('text/csv; charset=utf-8')
			expect(response.headers.get('Content-Disposition')).toBe(`attachment; filename="${fileName}"`)
			const bytes = new Uint8Array(await response.arrayBuffer())
			expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(`${BOM}${header(columns)}\r\n`)
			const refused = await viewer.client.get(`${path}/import/template.csv`)
			expect(refused.status).toBe(403)
			expect(refused.headers.get('Content-Type')).toMatch(/^text\/plain/)
			await refused.text()
		},
	)
})

describe('station CSV import', () => {
	test('the round trip: an exported file imports back unchanged; edits and new rows are written and audited', async () => {
		const marker = uniqueCode('RT')
		const a = await seedStation({ name: `Trạm một ${marker}`, note: '=1+1' })
		const b = await seedStation({ name: `Trạm hai ${marker}`, latitude: '-10.5', longitude: '-20.25' })
		const exported = await (await operator.client.get(`/danhmuc/tram/export.csv?q=${marker}`)).text()

		const again = await upload(operator.client, '/danhmuc/tram/import', exported)
		expect(again.status).toBe(302)
		expect(location(again)).toBe('/danhmuc/tram')
		expect(await (await operator.client.get('/danhmuc/tram')).text()).toContain(
			format(vn.csv.imported, { created: 0, updated: 0, unchanged: 2 }),
		)

		const newCode = uniqueCode('NEW')
		const edited =
			exported.replace(`Trạm hai ${marker}`, `Trạm hai đã sửa ${marker}`) +
			`${newCode},Trạm mới ${marker},weather,Thành phố Hồ Chí Minh,,10.8231,106.6297,maintenance,2020-01-01,Nhập từ tệp,\r\n`
		const response = await upload(operator.client, '/danhmuc/tram/import', edited)
		expect(response.status).toBe(302)
		expect(await (await operator.client.get('/danhmuc/tram')).text()).toContain(
			format(vn.csv.imported, { created: 1, updated: 1, unchanged: 1 }),
		)

		const rows = await getDb().selectFrom('stations').selectAll().where('name', 'like', `%${marker}`).orderBy('code').execute()
		expect(rows.map((row) => row.name).sort()).toEqual([`Trạm hai đã sửa ${marker}`, `Trạm mới ${marker}`, `Trạm một ${marker}`].sort())
		const created = rows.find((row) => row.code === newCode)!
		expect(created).toMatchObject({
			province: 'ho-chi-minh',
			status: 'maintenance',
			latitude_e6: 10_823_100,
			version: 1,
			created_by: operator.user.id,
		})
		expect(rows.find((row) => row.id === a.id)).toMatchObject({ note: '=1+1', version: 1 })
		expect(rows.find((row) => row.id === b.id)).toMatchObject({ latitude_e6: -10_500_000, longitude_e6: -20_250_000, version: 2 })

		const audit = await getDb()
			.selectFrom('audit_log')
			.select(['action', 'entity_id', 'details'])
			.where('entity', '=', 'station')
			.where('actor_user_id', '=', operator.user.id)
			.orderBy('id', 'desc')
			.limit(3)
			.execute()
		const actions = audit.map((entry) => entry.action)
		expect(actions).toContain('station.imported')
		const update = audit.find((entry) => entry.action === 'station.updated' && entry.entity_id === String(b.id))!
		expect(JSON.parse(update.details!)).toEqual({
			code: b.code,
			changes: { name: { from: `Trạm hai ${marker}`, to: `Trạm hai đã sửa ${marker}` } },
			source: 'import',
		})
		const history = await (await operator.client.get(`/danhmuc/tram/${b.id}`)).text()
		expect(history).toContain(vn.catalog.history.viaImport)
	})

	test('a file with good and bad rows writes nothing and lists every problem with its line', async () => {
		const existing = await seedStation()
		const good = uniqueCode('OK')
		const lines = [
			header(STATION_FIELDS),
			`${good},Trạm tốt,bts,ha-noi,,,,active,,,`,
			`bad code,Trạm xấu,bts,ha-noi,,,,active,,,`,
			`${uniqueCode('B')},Trạm xấu,castle,Atlantis,,91,,active,2999-01-01,"Ghi chú
hai dòng",`,
			`${good},Trạm trùng mã,bts,ha-noi,,,,active,,,`,
			`${existing.code},Trạm cũ,bts,ha-noi,,,,active,,,7`,
			`${uniqueCode('B')},Thiếu cột,bts`,
		]
		const response = await upload(operator.client, '/danhmuc/tram/import', BOM + lines.join('\r\n') + '\r\n')
		expect(response.status).toBe(400)
		const html = await response.text()
		expect(html).toContain(vn.csv.refusedTitle)
		expect(reportRows(html)).toEqual([
			[3, 'code', vn.catalog.errors.codeFormat],
			[4, 'type', vn.catalog.errors.invalidChoice],
			[4, 'province', vn.catalog.errors.invalidChoice],
			[4, 'latitude', vn.stations.errors.latitudeRange],
			[4, 'commissionedAt', vn.catalog.errors.dateInFuture],
			[6, 'code', format(vn.csv.errors.duplicateCode, { line: 2 })],
			[7, 'version', format(vn.csv.errors.staleVersion, { version: 7, current: 1 })],
			[8, '—', format(vn.csv.errors.fieldCount, { actual: 3, expected: 11 })],
		])
		// The good row and the rest: nothing written.
		expect(await getDb().selectFrom('stations').select('id').where('code', '=', good).execute()).toEqual([])
	})

	test('a row naming an older version than the record is refused (changed since the export)', async () => {
		const { id, code } = await seedStation({ name: 'Phiên bản 1' })
		const exported = await (await operator.client.get(`/danhmuc/tram/export.csv?q=${code}`)).text()
		await operator.client.post(`/danhmuc/tram/${id}`, stationFields({ code, name: 'Phiên bản 2', version: '1' }))
		const response = await upload(operator.client, '/danhmuc/tram/import', exported.replace('Phiên bản 1', 'Phiên bản 1 sửa'))
		expect(response.status).toBe(400)
		expect(reportRows(await response.text())).toEqual([[2, 'version', format(vn.csv.errors.staleVersion, { version: 1, current: 2 })]])
		expect((await getDb().selectFrom('stations').select('name').where('id', '=', id).executeTakeFirstOrThrow()).name).toBe('Phiên bản 2')
	})

	test('a row whose code exists but whose version is missing, zero or malformed is refused: it never overwrites the record', async () => {
		const { id, code } = await seedStation({ name: 'Phiên bản 1' })
		const exported = await (await operator.client.get(`/danhmuc/tram/export.csv?q=${code}`)).text()
		await operator.client.post(`/danhmuc/tram/${id}`, stationFields({ code, name: 'Phiên bản 2, sửa sau khi xuất', version: '1' }))
		const [head, row] = exported.split('\r\n')
		const stale = row!.replace('Phiên bản 1', 'Phiên bản 1 sửa')
		const withoutVersion = stale.slice(0, stale.lastIndexOf(','))
		const refusal = [[2, 'version', format(vn.csv.errors.versionRequired, { code })]]
		for (const version of ['', '0', 'abc', '-2', '1.5']) {
			const response = await upload(operator.client, '/danhmuc/tram/import', `${head}\r\n${withoutVersion},${version}\r\n`)
			expect(response.status, `version "${version}"`).toBe(400)
			expect(reportRows(await response.text()), `version "${version}"`).toEqual(refusal)
		}
		// A file without the version column creates records, but cannot change one.
		const columns = STATION_FIELDS.filter((field) => field !== 'version')
		const noColumn = await upload(operator.client, '/danhmuc/tram/import', `${columns.join(',')}\r\n${withoutVersion}\r\n`)
		expect(noColumn.status).toBe(400)
		expect(reportRows(await noColumn.text())).toEqual(refusal)
		expect(await getDb().selectFrom('stations').select(['name', 'version']).where('id', '=', id).executeTakeFirstOrThrow()).toEqual({
			name: 'Phiên bản 2, sửa sau khi xuất',
			version: 2,
		})
	})

	test('semicolon-separated files (Excel in many locales) and files without the version column import too', async () => {
		const code = uniqueCode('SC')
		const columns = STATION_FIELDS.filter((field) => field !== 'version')
		const file = `${columns.join(';')}\n${code};Trạm; chấm phẩy;pumping;hue;;;;inactive;;\n`
		// "Trạm; chấm phẩy" is not quoted: it splits into two cells, so this file must fail on its field count…
		expect((await upload(operator.client, '/danhmuc/tram/import', file)).status).toBe(400)
		// …and with the quotes it imports.
		const quoted = `${columns.join(';')}\n${code};"Trạm; chấm phẩy";pumping;hue;;;;inactive;;\n`
		expect((await upload(operator.client, '/danhmuc/tram/import', quoted)).status).toBe(302)
		expect(await getDb().selectFrom('stations').select(['name', 'province']).where('code', '=', code).executeTakeFirst()).toEqual({
			name: 'Trạm; chấm phẩy',
			province: 'hue',
		})
	})

	test.each([
		['an empty file', '', vn.csv.errors.noFile],
		['only a header', header(STATION_FIELDS) + '\r\n', vn.csv.errors.noRows],
		['a wrong header', 'ma,ten\r\nA,B\r\n', 'header'],
		['an unclosed quote', `${header(STATION_FIELDS)}\r\nA1,"Trạm\r\n`, format(vn.csv.errors.unterminatedQuote, { line: 2 })],
	])('%s is refused with a clear message', async (_name, content, expected) => {
		const response = await upload(operator.client, '/danhmuc/tram/import', content)
		expect(response.status).toBe(400)
		const message = fileError(await response.text())
		if (expected === 'header') {
			expect(message).toContain(
				format(vn.csv.errors.header, {
					expected: STATION_FIELDS.join(', '),
					missing: STATION_FIELDS.filter((f) => f !== 'version').join(', '),
					unknown: 'ma, ten',
				}),
			)
		} else {
			expect(message).toBe(expected)
		}
	})

	test('a file that is not UTF-8 is refused', async () => {
		const latin1 = new Uint8Array([...new TextEncoder().encode(`${header(STATION_FIELDS)}\r\nA1,Tr`), 0xe0, 0x6d, 0x0d, 0x0a])
		const response = await upload(operator.client, '/danhmuc/tram/import', latin1)
		expect(response.status).toBe(400)
		expect(fileError(await response.text())).toBe(vn.csv.errors.notUtf8)
	})

	test('a file of 25,000 rows is checked and written in steps, all or nothing', async () => {
		const rows = Array.from({ length: 25_000 }, (_, i) => `BULK-${i},Trạm ${i},bts,hue,,,,active,,,`)
		// One bad row at the very end: the steps written before it are rolled back.
		const refused = await upload(
			operator.client,
			'/danhmuc/tram/import',
			[header(STATION_FIELDS), ...rows.slice(0, -1), 'BULK-LAST,Trạm cuối,bts,hue,,,,unknown,,,'].join('\n'),
		)
		const report = parseHtml(await refused.text())
		expect(refused.status).toBe(400)
		expect(report.querySelector('table.import-report tbody th')?.text).toBe('25001')
		expect(await getDb().selectFrom('stations').select('id').where('code', 'in', ['BULK-0', 'BULK-24998']).execute()).toEqual([])

		const accepted = await upload(operator.client, '/danhmuc/tram/import', [header(STATION_FIELDS), ...rows].join('\n'))
		await accepted.text()
		expect(accepted.status).toBe(302)
		expect(await stationsCoded('BULK')).toBe(25_000)
	})

	test('an upload streamed in small chunks without Content-Length is read whole, letters split across chunks and all', async () => {
		const rows = Array.from({ length: 4_000 }, (_, i) => `STREAM-${i},Trạm phát sóng số ${i} ở Đà Nẵng,bts,da-nang,,,,active,,,`)
		const form = new FormData()
		form.set('csrf', await operator.client.csrfToken())
		form.set('file', new Blob([[header(STATION_FIELDS), ...rows].join('\r\n')], { type: 'text/csv' }), 'stream.csv')
		const encoded = new Request(server.url, { method: 'POST', body: form })
		const bytes = new Uint8Array(await encoded.arrayBuffer())
		expect(bytes.length).toBeGreaterThan(4 * 64 * 1024)
		// Chunks of 1,000 bytes: many multi-byte letters fall across two of them.
		const body = new ReadableStream<Uint8Array>({
			start(controller) {
				for (let start = 0; start < bytes.length; start += 1_000) controller.enqueue(bytes.slice(start, start + 1_000))
				controller.close()
			},
		})
		const response = await operator.client.request('/danhmuc/tram/import', {
			method: 'POST',
			body,
			headers: { 'Content-Type': encoded.headers.get('Content-Type')! },
			duplex: 'half',
		} as RequestInit)
		await response.text()
		expect(response.status).toBe(302)
		const written = await getDb()
			.selectFrom('stations')
			.select(['code', 'name'])
			.where('code', 'in', ['STREAM-0', 'STREAM-3999'])
			.orderBy('code')
			.execute()
		expect(written).toEqual([
			{ code: 'STREAM-0', name: 'Trạm phát sóng số 0 ở Đà Nẵng' },
			{ code: 'STREAM-3999', name: 'Trạm phát sóng số 3999 ở Đà Nẵng' },
		])
	})

	describe('a file over 2 MB is imported in the background', () => {
		/** Follows the progress page until it stops saying "importing"; returns the last answer and the progress seen. */
		async function followProgress(client: TestClient, progressPath: string) {
			const seen: string[] = []
			let last: { response: Response; html: string } | undefined
			await until(
				async () => {
					const response = await client.get(progressPath)
					const html = await response.text()
					// The progress panel: the status region that holds the progress bar (a flash message is a status too).
					const status = parseHtml(html).querySelector('progress')?.parentNode ?? null
					if (response.status !== 200 || !status) {
						last = { response, html }
						return true
					}
					seen.push(status.text)
					// Without JavaScript the page asks again by itself.
					expect(status.toString()).toContain('<noscript><meta http-equiv="refresh" content="1"/></noscript>')
					return false
				},
				`the import at ${progressPath} finishing`,
				{ timeoutMs: 60_000 },
			)
			return { ...last!, seen }
		}

		test('its progress page leads to the list once every row is written', async () => {
			const response = await upload(operator.client, '/danhmuc/tram/import', bulkStationsCsv('BG'))
			await response.text()
			expect(response.status).toBe(303)
			const progressPath = location(response)!
			expect(progressPath).toMatch(/^\/danhmuc\/tram\/import\?job=[\w-]{22}$/)
			const { response: done, seen } = await followProgress(operator.client, progressPath)
			expect(done.status).toBe(302)
			expect(location(done)).toBe('/danhmuc/tram')
			// PostgreSQL answers the progress page while the import writes. SQLite has one connection, held by the
			// import's transaction: its page answers once the import is over (docs/decisions/0011-background-imports.md).
			if (testDatabaseKind() === 'postgres') {
				expect(seen.length).toBeGreaterThan(0)
				expect(seen[0]).toContain(vn.csv.progressTitle)
			}
			expect(await stationsCoded('BG')).toBe(8_000)
			const list = await (await operator.client.get('/danhmuc/tram')).text()
			expect(unescapeHtml(list)).toContain(format(vn.csv.imported, { created: 8000, updated: 0, unchanged: 0 }))
		})

		test('a bad last row ends in the report, nothing written; nobody else can see the import', async () => {
			// Signed in first: on SQLite a write from another connection waits for the import's transaction.
			const other = await signedIn(server, ['operator'])
			const response = await upload(operator.client, '/danhmuc/tram/import', bulkStationsCsv('BGBAD', 'unknown'))
			await response.text()
			expect(response.status).toBe(303)
			const progressPath = location(response)!

			const foreign = await other.client.get(progressPath)
			expect(foreign.status).toBe(404)
			expect(await foreign.text()).toContain(vn.csv.unknownJob)

			const { response: done, html } = await followProgress(operator.client, progressPath)
			expect(done.status).toBe(400)
			expect(reportRows(html).map(([line, column]) => [line, column])).toEqual([[8_001, 'status']])
			expect(await getDb().selectFrom('stations').select('id').where('code', 'like', 'BGBAD-%').limit(1).execute()).toEqual([])
		})
	})

	test('a file just over MAX_UPLOAD_MB (5 MB here) is refused with 413 next to the file field', async () => {
		const big = header(STATION_FIELDS) + '\n' + 'x'.repeat(5 * 1024 * 1024 + 1024)
		const response = await upload(operator.client, '/danhmuc/tram/import', big)
		expect(response.status).toBe(413)
		expect(fileError(await response.text())).toBe(format(vn.csv.errors.tooLarge, { max: 5 }))
	})

	test('a request far over MAX_UPLOAD_MB is refused with 413 before it is read', async () => {
		const big = header(STATION_FIELDS) + '\n' + 'x'.repeat(7 * 1024 * 1024)
		const response = await upload(operator.client, '/danhmuc/tram/import', big)
		expect(response.status).toBe(413)
		expect(parseHtml(await response.text()).querySelector('h1')?.text).toBe(vn.errors.request.tooLarge)
	})
})

describe('tool CSV', () => {
	test('export and import with stations named by id or code; an unknown station is reported', async () => {
		const station = await seedStation()
		const marker = uniqueCode('TL')
		const first = uniqueCode('T1')
		const second = uniqueCode('T2')
		const file = [
			header(TOOL_FIELDS),
			`${first},Máy đo ${marker},measuring,SN-1,${station.id},in_use,2,cái,2022-01-31,12345678901.23,,`,
			`${second},Thang ${marker},hand_tool,,${station.code.toLowerCase()},in_use,1,chiếc,,,"Ghi chú ""trích dẫn""",`,
		].join('\r\n')
		const response = await upload(operator.client, '/congcu/list/import', file)
		expect(response.status).toBe(302)
		const rows = await getDb().selectFrom('tools').selectAll().where('code', 'in', [first, second]).orderBy('code').execute()
		expect(rows.map((row) => [row.code, row.station_id, row.value_minor === null ? null : Number(row.value_minor)])).toEqual([
			[first, station.id, 1_234_567_890_123],
			[second, station.id, null],
		])

		const exported = await (await operator.client.get(`/congcu/list/export.csv?q=${marker}&sort=value&dir=desc`)).text()
		// (Response.text() drops the byte-order mark, as UTF-8 decoders do.)
		const lines = exported.split('\r\n')
		expect(lines[0]).toBe('code,name,category,serialNumber,stationId,status,quantity,unit,purchaseDate,value,note,version')
		// Highest value first, the tool without a value last.
		expect(lines[1]).toBe(`${first},Máy đo ${marker},measuring,SN-1,${station.id},in_use,2,cái,2022-01-31,12345678901.23,,1`)
		expect(lines[2]).toBe(`${second},Thang ${marker},hand_tool,,${station.id},in_use,1,chiếc,,,"Ghi chú ""trích dẫn""",1`)

		const refused = await upload(
			operator.client,
			'/congcu/list/import',
			`${header(TOOL_FIELDS)}\r\n${uniqueCode('T3')},X,measuring,,NO-STATION,in_use,1,cái,,,,\r\n`,
		)
		expect(refused.status).toBe(400)
		expect(reportRows(await refused.text())).toEqual([[2, 'stationId', vn.tools.errors.stationNotFound]])
	})

	test('a tool row whose code exists needs its version too', async () => {
		const station = await seedStation()
		const code = uniqueCode('TV')
		const created = await upload(
			operator.client,
			'/congcu/list/import',
			`${header(TOOL_FIELDS)}\r\n${code},Kìm,hand_tool,,${station.id},in_use,1,cái,,,,\r\n`,
		)
		expect(created.status).toBe(302)
		const again = await upload(
			operator.client,
			'/congcu/list/import',
			`${header(TOOL_FIELDS)}\r\n${code},Kìm đã sửa,hand_tool,,${station.id},in_use,1,cái,,,,\r\n`,
		)
		expect(again.status).toBe(400)
		expect(reportRows(await again.text())).toEqual([[2, 'version', format(vn.csv.errors.versionRequired, { code })]])
		const updated = await upload(
			operator.client,
			'/congcu/list/import',
			`${header(TOOL_FIELDS)}\r\n${code},Kìm đã sửa,hand_tool,,${station.id},in_use,1,cái,,,,1\r\n`,
		)
		expect(updated.status).toBe(302)
		expect(await getDb().selectFrom('tools').select(['name', 'version']).where('code', '=', code).executeTakeFirstOrThrow()).toEqual({
			name: 'Kìm đã sửa',
			version: 2,
		})
	})
})
