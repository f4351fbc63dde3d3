import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { stationSchema } from '~/catalogs/stations/station-schema.server'
import { STATION_FIELDS } from '~/catalogs/stations/stations'
import { createStation } from '~/catalogs/stations/stations.server'
import { toolSchema } from '~/catalogs/tools/tool-schema.server'
import { createTool } from '~/catalogs/tools/tools.server'
import { getDb } from '~/db/db.server'
import { formatNumber } from '~/i18n/format'
import { toEmail } from '~/users/email.server'
import {
	alerts,
	fieldError,
	fieldValue,
	format,
	listedCodes,
	reportRows,
	signedIn,
	stationFields,
	toolFields,
	uniqueCode,
	uploadCsv,
	vn,
} from '../support/catalogs'
import { runCli } from '../support/cli'
import { parseHtml, selectOptions, tableRows } from '../support/html'
import { startServer, type RunningServer } from '../support/server'

/**
 * Regional scope (issue 33, decision 0052): a role given in some provinces reads and writes catalog data
 * there only, on every path.
 */

let server: RunningServer
/** Operator in An Giang only. */
let scoped: Awaited<ReturnType<typeof signedIn>>
/** Viewer everywhere, operator in An Giang. */
let mixed: Awaited<ReturnType<typeof signedIn>>
const marker = uniqueCode('SC').toLowerCase()
const stations = {} as Record<'angiang' | 'angiangFree' | 'hanoi' | 'cantho', { id: number; code: string }>
const tools = {} as Record<'angiang' | 'hanoi' | 'loose', { id: number; code: string }>

async function seedStation(province: string) {
	const parsed = stationSchema.parse(stationFields({ province, name: `Trạm ${marker} ${province}` }))
	const result = await createStation(parsed, { id: scoped.user.id, email: scoped.email })
	if (!result.ok) throw new Error(result.reason)
	return { id: result.id, code: parsed.code }
}

async function seedTool(stationId: number | null) {
	const parsed = toolSchema.parse(toolFields({ name: `Công cụ ${marker}`, stationId: '' }))
	const result = await createTool({ ...parsed, stationId }, { id: scoped.user.id, email: scoped.email })
	if (!result.ok) throw new Error(result.reason)
	return { id: result.id, code: parsed.code }
}

const stationRow = (id: number) => getDb().selectFrom('stations').selectAll().where('id', '=', id).executeTakeFirstOrThrow()
const toolRow = (id: number) => getDb().selectFrom('tools').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

beforeAll(async () => {
	server = await startServer()
	scoped = await signedIn(server, ['operator'], new Map([['operator', ['an-giang']]]))
	mixed = await signedIn(server, ['viewer', 'operator'], new Map([['operator', ['an-giang']]]))
	stations.angiang = await seedStation('an-giang')
	stations.angiangFree = await seedStation('an-giang')
	stations.hanoi = await seedStation('ha-noi')
	stations.cantho = await seedStation('can-tho')
	tools.angiang = await seedTool(stations.angiang.id)
	tools.hanoi = await seedTool(stations.hanoi.id)
	tools.loose = await seedTool(null)
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

describe('reading within the scope', () => {
	test('lists, their province filter and the search show only the provinces of the scope', async () => {
		const stationList = await (await scoped.client.get(`/danhmuc/tram?q=${marker}`)).text()
		expect(listedCodes(stationList).sort()).toEqual([stations.angiang.code, stations.angiangFree.code].sort())
		expect(selectOptions(stationList, 'province').map((option) => option.value)).toEqual(['', 'an-giang'])
		// A filter naming a province outside the scope finds nothing there.
		expect(listedCodes(await (await scoped.client.get(`/danhmuc/tram?q=${marker}&province=ha-noi`)).text())).toEqual([])
		expect(listedCodes(await (await scoped.client.get(`/congcu/list?q=${marker}`)).text())).toEqual([tools.angiang.code])
		// The station filter naming a station outside the scope names none.
		expect(listedCodes(await (await scoped.client.get(`/congcu/list?stationId=${stations.hanoi.id}`)).text())).toEqual([])

		const search = parseHtml(await (await scoped.client.get(`/search?q=${marker}`)).text())
		const found = search.querySelectorAll('ul.search-results a').map((link) => link.getAttribute('href'))
		expect(found.sort()).toEqual(
			[`/congcu/list/${tools.angiang.id}`, `/danhmuc/tram/${stations.angiang.id}`, `/danhmuc/tram/${stations.angiangFree.id}`].sort(),
		)

		// A viewer everywhere sees them all.
		expect(listedCodes(await (await mixed.client.get(`/danhmuc/tram?q=${marker}`)).text())).toHaveLength(4)
	})

	test('a record outside the scope answers 404, as an unknown id does; a tool without a station only everywhere', async () => {
		for (const path of [`/danhmuc/tram/${stations.hanoi.id}`, `/congcu/list/${tools.hanoi.id}`, `/congcu/list/${tools.loose.id}`]) {
			const response = await scoped.client.get(path)
			await response.text()
			expect(response.status, path).toBe(404)
		}
		const own = await scoped.client.get(`/danhmuc/tram/${stations.angiang.id}`)
		expect(fieldValue(await own.text(), 'province')).toBe('an-giang')
		const everywhere = await mixed.client.get(`/congcu/list/${tools.loose.id}`)
		await everywhere.text()
		expect(everywhere.status).toBe(200)
	})

	test('the CSV export, of the list and of ticked rows, holds only rows in the scope', async () => {
		const list = await scoped.client.get(`/danhmuc/tram/export.csv?q=${marker}`)
		const csv = await list.text()
		expect(list.status).toBe(200)
		const codes = csv
			.trim()
			.split('\n')
			.slice(1)
			.map((line) => line.split(',')[0])
		expect(codes.sort()).toEqual([stations.angiang.code, stations.angiangFree.code].sort())
		const ticked = await scoped.client.get(`/danhmuc/tram/export-selected.csv?id=${stations.angiang.id}&id=${stations.hanoi.id}`)
		expect(await ticked.text()).toContain(String(stations.hanoi.id))
		expect(ticked.status).toBe(404)
		const labels = await scoped.client.get(`/congcu/list/labels?id=${tools.hanoi.id}`)
		await labels.text()
		expect(labels.status).toBe(404)
	})

	test('the dashboard counts the scope only', async () => {
		const html = await (await scoped.client.get('/dashboard')).text()
		const rows = await getDb().selectFrom('stations').select('id').where('province', '=', 'an-giang').execute()
		expect(parseHtml(html).querySelector('a.dashboard__total[href="/danhmuc/tram"]')?.text).toBe(formatNumber(rows.length, 'vn'))
		const everywhere = await getDb().selectFrom('stations').select('id').execute()
		const unscoped = parseHtml(await (await mixed.client.get('/dashboard')).text())
		expect(unscoped.querySelector('a.dashboard__total[href="/danhmuc/tram"]')?.text).toBe(formatNumber(everywhere.length, 'vn'))
	})
})

describe('writing within the scope', () => {
	test('a station is created only in the scope: elsewhere 400 on the province, values kept, nothing written', async () => {
		const fields = stationFields({ province: 'ha-noi', name: `Mới ${marker}` })
		const refused = await scoped.client.post('/danhmuc/tram/new', fields)
		const html = await refused.text()
		expect(refused.status).toBe(400)
		expect(fieldError(html, 'province')).toBe(vn.scope.errors.province)
		expect(fieldValue(html, 'name')).toBe(`Mới ${marker}`)
		expect(await getDb().selectFrom('stations').select('id').where('code', '=', fields.code!).executeTakeFirst()).toBeUndefined()
		const created = await scoped.client.post('/danhmuc/tram/new', { ...fields, province: 'an-giang' })
		await created.text()
		expect(created.status).toBe(302)
	})

	test('the station form offers the provinces where the user writes, and a record’s own province', async () => {
		const provinces = (html: string) => selectOptions(html, 'province').map((option) => option.value)
		expect(provinces(await (await scoped.client.get('/danhmuc/tram/new')).text())).toEqual(['', 'an-giang'])
		expect(provinces(await (await scoped.client.get(`/danhmuc/tram/${stations.angiang.id}`)).text())).toEqual(['', 'an-giang'])
		// Viewed everywhere, written in An Giang: a station of Hà Nội keeps its province on the form.
		expect(provinces(await (await mixed.client.get(`/danhmuc/tram/${stations.hanoi.id}`)).text())).toEqual(['', 'an-giang', 'ha-noi'])
	})

	test('the tool form offers the stations where the user writes, by code; past 500 of them the station is typed', async () => {
		const stationField = async () => {
			const page = parseHtml(await (await scoped.client.get('/congcu/list/new')).text())
			const field = page.querySelector('[name="stationId"]')
			return { tag: field?.tagName.toLowerCase(), options: field?.querySelectorAll('option').map((option) => option.getAttribute('value')) }
		}
		// Every station of An Giang (earlier tests add some), by code.
		const inScope = await getDb().selectFrom('stations').select('id').where('province', '=', 'an-giang').orderBy('code').execute()
		expect(inScope.length).toBeGreaterThanOrEqual(2)
		expect(await stationField()).toEqual({ tag: 'select', options: ['', ...inScope.map((station) => String(station.id))] })

		// Codes are at most 20 characters: a short prefix of its own, not the file's marker.
		const many = uniqueCode('M')
		const now = Date.now()
		const rows = Array.from({ length: 500 }, (_, index) => ({
			code: `${many}-${index}`,
			name: `Trạm ${many} ${index}`,
			name_key: `tram ${many} ${index}`.toLowerCase(),
			search_text: `${many} tram ${index}`.toLowerCase(),
			type: 'bts',
			province: 'an-giang',
			status: 'active',
			created_at: now,
			updated_at: now,
			version: 1,
		}))
		try {
			for (let start = 0; start < rows.length; start += 100)
				await getDb()
					.insertInto('stations')
					.values(rows.slice(start, start + 100))
					.execute()
			expect(await stationField()).toEqual({ tag: 'input', options: [] })
		} finally {
			await getDb().deleteFrom('stations').where('code', 'like', `${many}-%`).execute()
		}
	})

	test('a station moved out of the scope, or changed where only viewed, is refused with the province marked', async () => {
		const before = await stationRow(stations.angiang.id)
		const moved = await scoped.client.post(
			`/danhmuc/tram/${stations.angiang.id}`,
			stationFields({ code: before.code, province: 'ha-noi', version: String(before.version) }),
		)
		const html = await moved.text()
		expect(moved.status).toBe(400)
		expect(fieldError(html, 'province')).toBe(vn.scope.errors.province)
		expect(fieldValue(html, 'province')).toBe('ha-noi')
		expect(await stationRow(stations.angiang.id)).toEqual(before)

		const elsewhere = await stationRow(stations.hanoi.id)
		const viewedOnly = await mixed.client.post(
			`/danhmuc/tram/${stations.hanoi.id}`,
			stationFields({ code: elsewhere.code, province: 'an-giang', version: String(elsewhere.version) }),
		)
		expect(fieldError(await viewedOnly.text(), 'province')).toBe(vn.scope.errors.province)
		expect(viewedOnly.status).toBe(400)
		expect(await stationRow(stations.hanoi.id)).toEqual(elsewhere)
		// Outside the view scope, the same post is a 404.
		const unseen = await scoped.client.post(
			`/danhmuc/tram/${stations.hanoi.id}`,
			stationFields({ code: elsewhere.code, version: String(elsewhere.version) }),
		)
		await unseen.text()
		expect(unseen.status).toBe(404)
	})

	test('a tool moved to a station across the edge of the scope is refused, either way', async () => {
		const before = await toolRow(tools.angiang.id)
		const moved = await scoped.client.post(
			`/congcu/list/${tools.angiang.id}`,
			toolFields({ code: before.code, stationId: String(stations.hanoi.id), version: String(before.version) }),
		)
		const html = await moved.text()
		expect(moved.status).toBe(400)
		expect(fieldError(html, 'stationId')).toBe(vn.scope.errors.station)
		expect(await toolRow(tools.angiang.id)).toEqual(before)

		const elsewhere = await toolRow(tools.hanoi.id)
		const brought = await mixed.client.post(
			`/congcu/list/${tools.hanoi.id}`,
			toolFields({ code: elsewhere.code, stationId: String(stations.angiang.id), version: String(elsewhere.version) }),
		)
		expect(fieldError(await brought.text(), 'stationId')).toBe(vn.scope.errors.station)
		expect(brought.status).toBe(400)
		expect(await toolRow(tools.hanoi.id)).toEqual(elsewhere)

		const within = await scoped.client.post(
			`/congcu/list/${tools.angiang.id}`,
			toolFields({ code: before.code, stationId: String(stations.angiangFree.id), version: String(before.version) }),
		)
		await within.text()
		expect(within.status).toBe(302)
	})

	test('delete and bulk delete are refused for any record outside the scope, nothing deleted', async () => {
		const single = await mixed.client.post(`/danhmuc/tram/${stations.cantho.id}`, { intent: 'delete', version: '1' })
		expect(alerts(await single.text())).toContain(vn.scope.errors.delete)
		expect(single.status).toBe(403)
		const unseen = await scoped.client.post(`/danhmuc/tram/${stations.cantho.id}`, { intent: 'delete', version: '1' })
		await unseen.text()
		expect(unseen.status).toBe(404)

		const ids = [String(stations.angiangFree.id), String(stations.cantho.id)]
		const page = await mixed.client.get(`/danhmuc/tram/bulk-delete?id=${ids.join('&id=')}`)
		await page.text()
		expect(page.status).toBe(404)
		const bulk = await mixed.client.post('/danhmuc/tram/bulk-delete', {
			id: ids,
			...Object.fromEntries(ids.map((id) => [`version-${id}`, '1'])),
		})
		await bulk.text()
		expect(bulk.status).toBe(409)
		expect(await getDb().selectFrom('stations').select('id').where('id', 'in', ids.map(Number)).execute()).toHaveLength(2)
	})

	test('an import with a row outside the scope reports that row and writes nothing', async () => {
		const inside = stationFields({ province: 'an-giang' })
		const outside = stationFields({ province: 'can-tho' })
		const csv = [
			STATION_FIELDS.join(','),
			...[inside, outside].map((row) => STATION_FIELDS.map((field) => row[field] ?? '').join(',')),
		].join('\n')
		const response = await uploadCsv(scoped.client, '/danhmuc/tram/import', csv)
		const html = await response.text()
		expect(response.status).toBe(400)
		expect(reportRows(html)).toEqual([[3, 'province', vn.scope.errors.importRow]])
		expect(await getDb().selectFrom('stations').select('id').where('code', 'in', [inside.code!, outside.code!]).execute()).toEqual([])
	})
})

describe('the administration shows and edits scopes', () => {
	test('the user page has a province picker per role that works without JavaScript; the list and the grants export show the scope', async () => {
		const admin = await signedIn(server, ['admin'])
		const page = parseHtml(await (await admin.client.get(`/admin/users/${scoped.user.id}`)).text())
		expect(page.querySelector('input[type="radio"][name="scope-operator"][value="some"]')?.hasAttribute('checked')).toBe(true)
		expect(page.querySelector('input[type="checkbox"][name="provinces-operator"][value="an-giang"]')?.hasAttribute('checked')).toBe(true)
		expect(page.querySelector('input[type="checkbox"][name="provinces-operator"][value="ha-noi"]')?.hasAttribute('checked')).toBe(false)
		// Without JavaScript there is no filter field (it needs it).
		expect(page.querySelector('input[type="search"][id^="scope-"]')).toBeNull()

		// "Only these provinces" with none ticked: 400, the reason, values kept, nothing changed.
		const none = await admin.client.post(`/admin/users/${scoped.user.id}`, {
			intent: 'update',
			roles: 'operator',
			'scope-operator': 'some',
		})
		expect(await none.text()).toContain(format(vn.scope.errors.noProvince, { role: 'operator' }))
		expect(none.status).toBe(400)
		const saved = await admin.client.post(`/admin/users/${scoped.user.id}`, {
			intent: 'update',
			roles: 'operator',
			'scope-operator': 'some',
			'provinces-operator': ['an-giang', 'hue'],
		})
		await saved.text()
		expect(saved.status).toBe(302)
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'user.updated')
			.where('entity_id', '=', String(scoped.user.id))
			.execute()
		expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({
			changes: { roles: { from: 'operator (an-giang)', to: 'operator (an-giang, hue)' } },
		})

		const list = await (await admin.client.get(`/admin/users?q=${encodeURIComponent(scoped.email)}`)).text()
		expect(tableRows(list)[0]).toContain(format(vn.scope.roleIn, { role: vn.roles.operator, provinces: 'An Giang, Huế' }))
		const csv = await (await admin.client.get('/admin/users/grants.csv')).text()
		const line = csv.split('\n').find((row) => row.startsWith(scoped.email))
		expect(line?.split(',')[5]).toBe('an-giang hue')
	})
})

describe('the command line', () => {
	test('users:set-roles --scope stores the provinces and audits before → after', async () => {
		const set = await runCli(
			'users:set-roles',
			'--email',
			mixed.email,
			'--roles',
			'viewer,operator',
			'--scope',
			'operator=an-giang,can-tho',
		)
		expect(set.code, set.stderr).toBe(0)
		const rows = await getDb()
			.selectFrom('user_role_scopes')
			.select('province')
			.where('user_id', '=', mixed.user.id)
			.orderBy('province')
			.execute()
		expect(rows.map((row) => row.province)).toEqual(['an-giang', 'can-tho'])
		const audit = await getDb()
			.selectFrom('audit_log')
			.select('details')
			.where('action', '=', 'user.roles_changed')
			.where('entity_id', '=', String(mixed.user.id))
			.execute()
		expect(JSON.parse(audit.at(-1)!.details!)).toMatchObject({
			changes: { roles: { from: 'operator (an-giang), viewer', to: 'operator (an-giang, can-tho), viewer' } },
		})
	})

	test('users:create --scope creates the user with the role in those provinces; an unknown code exits 2 and creates nothing', async () => {
		const email = toEmail(`scoped-${marker}@example.com`)
		const password = `Scoped pass ${marker}`
		const unknown = await runCli(
			'users:create',
			'--email',
			email,
			'--password',
			password,
			'--roles',
			'operator',
			'--scope',
			'operator=hue,atlantis',
		)
		expect(unknown.code).toBe(2)
		expect(unknown.stderr).toContain('atlantis')
		expect(await getDb().selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()

		const created = await runCli(
			'users:create',
			'--email',
			email,
			'--password',
			password,
			'--roles',
			'viewer,operator',
			'--scope',
			'operator=hue,an-giang',
		)
		expect(created.code, created.stderr).toBe(0)
		expect(created.stdout).toContain('with roles: viewer, operator (hue, an-giang).')
		const user = await getDb().selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()
		const assignments = await getDb()
			.selectFrom('user_roles')
			.innerJoin('roles', 'roles.id', 'user_roles.role_id')
			.leftJoin('user_role_scopes', (join) =>
				join.onRef('user_role_scopes.user_id', '=', 'user_roles.user_id').onRef('user_role_scopes.role_id', '=', 'user_roles.role_id'),
			)
			.select(['roles.code', 'user_role_scopes.province'])
			.where('user_roles.user_id', '=', user.id)
			.orderBy('roles.code')
			.orderBy('user_role_scopes.province')
			.execute()
		expect(assignments).toEqual([
			{ code: 'operator', province: 'an-giang' },
			{ code: 'operator', province: 'hue' },
			{ code: 'viewer', province: null },
		])
	})

	test('users:set-roles --scope with an unknown province code exits 2 naming it, nothing changed', async () => {
		const unknown = await runCli('users:set-roles', '--email', mixed.email, '--roles', 'operator', '--scope', 'operator=an-giang,atlantis')
		expect(unknown.code).toBe(2)
		expect(unknown.stderr).toContain('atlantis')
		expect((await getDb().selectFrom('user_role_scopes').select('province').where('user_id', '=', mixed.user.id).execute()).length).toBe(2)
	})
})
