import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { seedDemo } from '~/catalogs/seed.server'
import { getDb } from '~/db/db.server'
import { startServer, type RunningServer } from '../support/server'
import { signedIn, vn } from '../support/catalogs'
import { parseHtml } from '../support/html'

let server: RunningServer

beforeAll(async () => {
	await seedDemo({ stations: 60, tools: 400, reset: true, password: 'Demo password 2026' })
	server = await startServer()
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

async function statusCounts(table: 'stations' | 'tools') {
	const rows = await getDb()
		.selectFrom(table)
		.select(['status', (eb) => eb.fn.countAll<number>().as('n')])
		.groupBy('status')
		.execute()
	return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]))
}

const format = (value: number) => new Intl.NumberFormat('vi').format(value)

/** The figures (`span.fw-semibold`) shown inside the links to `href`. */
function linkedFigures(html: string, href: string): string[] {
	return parseHtml(html)
		.querySelectorAll(`a[href="${href}"] span.fw-semibold`)
		.map((figure) => figure.text)
}

describe('the dashboard', () => {
	test('shows the real counts by status, each linking to the filtered list', async () => {
		const { client } = await signedIn(server, ['viewer'])
		const html = await (await client.get('/dashboard')).text()
		const stations = await statusCounts('stations')
		const tools = await statusCounts('tools')
		for (const [status, count] of Object.entries(stations)) {
			expect(linkedFigures(html, `/danhmuc/tram?status=${status}`), status).toEqual([format(count)])
		}
		for (const [status, count] of Object.entries(tools)) {
			expect(linkedFigures(html, `/congcu/list?status=${status}`), status).toEqual([format(count)])
		}
		const total = Object.values(stations).reduce((a, b) => a + b, 0)
		expect(parseHtml(html).querySelector('a.dashboard__total[href="/danhmuc/tram"]')?.text).toBe(format(total))
	})

	test('charts are SVG rendered on the server with text alternatives and links', async () => {
		const { client } = await signedIn(server, ['operator'])
		const html = await (await client.get('/dashboard')).text()
		const donut = parseHtml(html)
			.querySelectorAll('svg[role="img"]')
			.find((chart) => chart.getAttribute('aria-label')?.startsWith('Công cụ theo trạng thái: '))
		expect(donut?.getAttribute('aria-label')).toMatch(/%\)$/)
		const slices = donut?.querySelectorAll('path') ?? []
		expect(slices.length).toBeGreaterThan(0)
		for (const slice of slices) {
			expect(slice.getAttribute('d')).toMatch(/^M/)
			expect(slice.getAttribute('fill')).toMatch(/^#/)
		}
		const top = await getDb()
			.selectFrom('tools')
			.select(['station_id', (eb) => eb.fn.countAll<number>().as('n')])
			.where('station_id', 'is not', null)
			.groupBy('station_id')
			.orderBy('n', 'desc')
			.limit(1)
			.executeTakeFirstOrThrow()
		expect(html).toContain(`href="/congcu/list?stationId=${top.station_id}"`)
		expect(parseHtml(html).querySelectorAll('.bar-chart__bar')).toHaveLength(10)
	})

	test('recent changes come from the audit log', async () => {
		const { client, actor } = await signedIn(server, ['operator'])
		const station = await getDb().selectFrom('stations').select(['id', 'code']).orderBy('id').executeTakeFirstOrThrow()
		await getDb()
			.insertInto('audit_log')
			.values({
				at: Date.now() + 60_000,
				actor_user_id: actor.id,
				actor_email: actor.email,
				action: 'station.updated',
				entity: 'station',
				entity_id: String(station.id),
				ip: null,
				details: JSON.stringify({ code: station.code, changes: {} }),
			})
			.execute()
		const html = await (await client.get('/dashboard')).text()
		expect(html).toContain(`href="/danhmuc/tram/${station.id}">Sửa trạm ${station.code}</a>`)
	})

	test('a user who may see no catalog gets no figures, and is told why', async () => {
		const now = Date.now()
		const db = getDb()
		const role = await db
			.insertInto('roles')
			.values({
				code: `dash_${now}`,
				name: 'Dashboard only',
				description: '',
				is_builtin: 0,
				all_access: 0,
				created_at: now,
				updated_at: now,
			})
			.returning('id')
			.executeTakeFirstOrThrow()
		const dashboard = await db.selectFrom('functions').select('id').where('code', '=', 'DASHBOARD').executeTakeFirstOrThrow()
		await db.insertInto('role_grants').values({ role_id: role.id, function_id: dashboard.id, action: 'view' }).execute()
		const { client } = await signedIn(server, [`dash_${now}`])
		const html = await (await client.get('/dashboard')).text()
		expect(html).toContain('Bạn chưa được xem danh mục nào')
		expect(html).not.toContain('/danhmuc/tram?status=')
		expect(html).not.toContain('bar-chart__bar')
	})
	// Last: it empties the tools.
	test('with no tools yet, the chart says so instead of drawing an empty card', async () => {
		await getDb().deleteFrom('tools').execute()
		const { client } = await signedIn(server, ['operator'])
		const html = await (await client.get('/dashboard')).text()
		expect(html).toContain(vn.dashboard.noTools)
		const labels = parseHtml(html)
			.querySelectorAll('[aria-label]')
			.map((element) => element.getAttribute('aria-label') ?? '')
		expect(labels.filter((label) => label.startsWith('Công cụ theo trạng thái'))).toEqual([])
		expect(html).toContain(vn.dashboard.noAssignedTools)
	})
})
