import path from 'node:path'
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import type { Kysely } from 'kysely'
import { createElement as h, type ComponentType } from 'react'
import { renderToString } from 'react-dom/server'
import { I18nextProvider } from 'react-i18next'
// A data router rendered on the server, as Remix renders one (react-router-dom comes with @remix-run/react).
import type { RouteObject } from 'react-router-dom'
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom/server'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { functionSchema } from '~/admin/function-form.server'
import { createFunction } from '~/admin/functions.server'
import { saveRoleGrants } from '~/admin/roles-matrix.server'
import { createRole } from '~/admin/roles.server'
import { createSession, takeFlash } from '~/auth/session.server'
import { versionField as bulkVersionField } from '~/catalogs/bulk'
import { parseCsv } from '~/catalogs/csv'
import { todayIso } from '~/catalogs/fields.server'
import { catalogEntry, catalogRoutes, type CatalogEntry, type CatalogRouteKind } from '~/catalogs/registry'
import { registerCatalog } from '~/catalogs/routes/catalog-routes.server'
import { registerCatalogPages } from '~/catalogs/routes/pages'
import { getDatabase, getDb } from '~/db/db.server'
import { flashText } from '~/components/shell/toast-rules'
import { getI18nInstance } from '~/i18n/i18n.server'
import { ACTIONS } from '~/permissions/actions'
import { requireUserWithGrants } from '~/permissions/grants.server'
import { searchRecords } from '~/search/records.server'
import { createCsrfToken, csrfCookieName } from '~/security/csrf.server'
import { vn } from '~/i18n/messages'
import EXAMPLE_TEXTS from '../catalog-example/gauges/texts.json'
import GAUGE_FOLDER_ENTRY from '../catalog-example/gauges/catalog.js'
import { gaugeSchema } from '../catalog-example/gauges/gauge-schema.server'
import { GAUGE_FIELDS, GAUGE_FUNCTION, GAUGES_PATH, type GaugeListRow } from '../catalog-example/gauges/gauges'
import { GAUGE_CATALOG, gaugeDb, gaugeFormValues, gaugeStore } from '../catalog-example/gauges/gauges.server'
import { GAUGE_PAGE_COMPONENTS } from '../catalog-example/gauges/pages'
import { GAUGE_ROUTES } from '../catalog-example/gauges/routes.server'
import { gauges } from '../catalog-example/migration'
import { alerts, fieldError, fieldValue, listedCodes } from '../support/catalogs'
import { parseHtml, selectOptions } from '../support/html'
import { createTestUser } from '../support/users'

/**
 * Issue 15: a catalog gets every page kind, CSV and search from the catalog engine; issue 37: it needs no route
 * file either. "Gauges" (code, name, a kind, a capacity) are the example catalog of docs/development.md "Add a
 * catalog": one folder (tests/catalog-example/gauges) with their definition, schema, form, steps and pages, one
 * migration and their texts; tests/docs/add-a-catalog.test.ts installs them in a copy of the checkout as the
 * guide says. Here they are registered for this file alone, with a permission made through the administration's
 * own services, and every generated route (the app's generic route modules, app/catalogs/routes/*) is driven in
 * process with real requests (a session cookie, the CSRF cookie and field, form and multipart bodies), on SQLite
 * and PostgreSQL alike.
 */

// ---------------------------------------------------------------------------------------------------------
// The catalog: the example folder of docs/development.md "Add a catalog" (tests/catalog-example/gauges), whose
// texts this file gives the app's translations (Vietnamese) and whose table its migration makes.

const GAUGE_TEXTS = EXAMPLE_TEXTS.vn.gauges

// ---------------------------------------------------------------------------------------------------------
// Its routes: the generated ones (app/catalogs/routes/*, decision 0070), which check the grant the kind needs on
// the entry's function first. The catalog gives them its steps (what app/catalogs/<name>/routes.server.ts holds)
// and its pages, and is registered by this file alone, with its folder's entry: the registry's lists do not know it
// (its function is made through the administration instead of from the entry's menu place).

const GAUGE_ENTRY: CatalogEntry = catalogEntry(GAUGE_FOLDER_ENTRY)

/** A generated route module, as Remix imports it. */
interface RouteModule {
	loader: (args: LoaderFunctionArgs) => Promise<unknown>
	action?: (args: ActionFunctionArgs) => Promise<unknown>
	default?: ComponentType
}

/** The gauges' routes as the registry generates them, each with the module its file names. */
const GAUGE_GENERATED = await Promise.all(
	catalogRoutes([GAUGE_ENTRY]).map(async (route) => ({
		route,
		module: (await import(/* @vite-ignore */ path.resolve('app', route.file))) as RouteModule,
	})),
)

/** Calls the loader or action of the gauges' generated route of `kind` with a request, as Remix calls it. */
function callRoute(kind: CatalogRouteKind, method: 'loader' | 'action', request: Request, params: Record<string, string> = {}) {
	const found = GAUGE_GENERATED.find(({ route }) => route.kind === kind)
	const call = found?.module[method]
	if (!call) throw new Error(`no ${method} for the gauges' ${kind}`)
	return call({ request, params, context: {} })
}

const routes = {
	list: {
		loader: (request: Request) => callRoute('list', 'loader', request),
		action: (request: Request) => callRoute('list', 'action', request),
	},
	record: {
		loader: (request: Request, id: string) => callRoute('record', 'loader', request, { id }),
		action: (request: Request, id: string) => callRoute('record', 'action', request, { id }),
	},
	newRecord: {
		loader: (request: Request) => callRoute('new', 'loader', request),
		action: (request: Request) => callRoute('new', 'action', request),
	},
	import: {
		loader: (request: Request) => callRoute('import', 'loader', request),
		action: (request: Request) => callRoute('import', 'action', request),
	},
	export: { loader: (request: Request) => callRoute('export', 'loader', request) as Promise<Response> },
	exportSelected: { loader: (request: Request) => callRoute('exportSelected', 'loader', request) },
	importTemplate: { loader: (request: Request) => callRoute('importTemplate', 'loader', request) as Promise<Response> },
	bulkDelete: {
		loader: (request: Request) => callRoute('bulkDelete', 'loader', request),
		action: (request: Request) => callRoute('bulkDelete', 'action', request),
	},
}

// ---------------------------------------------------------------------------------------------------------
// Its pages, which the generated routes render (compare app/catalogs/stations/pages.tsx), and a server render
// of them through those routes (a data router on the server, as Remix's own).

/**
 * A page as the server renders it for `as`: the root's data (the CSRF token, the reader's time zone), the
 * page's loader (after its action, for a post) and its component, inside the app's translations.
 */
async function renderPage(request: Request, as: Visitor): Promise<{ status: number; html: string }> {
	const handler = createStaticHandler([
		{
			id: 'root',
			path: '/',
			loader: () => ({ csrfToken: as.csrf, timeZone: 'Asia/Ho_Chi_Minh' }),
			// The pages of the signed-in frame, as generated (the frame itself left out).
			children: GAUGE_GENERATED.filter(({ route }) => route.layout).map(({ route, module }) => ({
				id: route.id,
				path: route.path,
				index: route.index,
				loader: ({ request, params }: LoaderFunctionArgs) => module.loader({ request, params, context: {} }),
				action: module.action && (({ request, params }: ActionFunctionArgs) => module.action!({ request, params, context: {} })),
				Component: module.default,
			})) as RouteObject[],
		},
	])
	const context = await handler.query(request)
	if (context instanceof Response) throw new Error(`answered ${context.status} ${context.headers.get('Location')}: ${await context.text()}`)
	const router = createStaticRouter(handler.dataRoutes, context)
	const html = renderToString(
		h(I18nextProvider, { i18n: getI18nInstance('vn') }, h(StaticRouterProvider, { router, context, hydrate: false })),
	)
	return { status: context.statusCode, html }
}

// ---------------------------------------------------------------------------------------------------------
// The catalog's table, as its migration would create it: the catalog table helper (decision 0070).

async function createGaugeTable() {
	const { db, dialect } = getDatabase()
	await gauges(dialect).up(db as Kysely<unknown>)
}

// ---------------------------------------------------------------------------------------------------------
// Who uses it: a function and two roles made through the administration's own services, and sessions.

interface Visitor {
	actor: { id: number; email: string }
	displayName: string
	cookie: string
	csrf: string
}

/** A user with `roles`, signed in: a session made by the same code the sign-in form calls, and a CSRF cookie. */
async function visitor(roles: string[]): Promise<Visitor> {
	const { user, email } = await createTestUser({ roles, prefix: roles.join('-') || 'none' })
	const session = await createSession(new Request('http://portal.test/account/login', { method: 'POST' }), user)
	const { token, cookieValue } = createCsrfToken()
	return {
		actor: { id: user.id, email },
		displayName: user.display_name,
		cookie: `${session.split(';')[0]}; ${csrfCookieName()}=${cookieValue}`,
		csrf: token,
	}
}

let editor: Visitor
let reader: Visitor
let outsider: Visitor

async function grantGaugeRoles() {
	const admin = await createTestUser({ roles: ['admin'], prefix: 'admin' })
	const actor = { id: admin.user.id, email: admin.email }
	const created = await createFunction(
		functionSchema.parse({ code: GAUGE_FUNCTION, path: GAUGES_PATH, sortOrder: '900', enabled: 'on', label_vn: 'Đồng hồ đo' }),
		actor,
	)
	if (!created.ok) throw new Error(`function: ${created.reason}`)
	for (const [code, actions] of [
		['gauge_editor', ACTIONS],
		['gauge_reader', ['view']],
	] as const) {
		const role = await createRole({ code, name: code, description: null }, actor)
		if (!role.ok) throw new Error(`role: ${role.reason}`)
		// The function is top-level: a group of its own.
		const granted = await saveRoleGrants(
			role.id,
			created.id,
			actions.map((action) => ({ functionId: created.id, action })),
			actor,
		)
		if (!granted.ok) throw new Error(`grants: ${granted.reason}`)
	}
}

// ---------------------------------------------------------------------------------------------------------
// Requests and answers.

const ORIGIN = 'http://portal.test'

function get(path: string, as: Visitor) {
	return new Request(`${ORIGIN}${path}`, { headers: { Cookie: as.cookie } })
}

/** A form posted as a browser posts it (with its length: the record action reads the intent from a copy of a body it knows the size of). */
function post(path: string, as: Visitor, fields: Record<string, string> | [string, string][]) {
	const body = new URLSearchParams(fields)
	body.set('csrf', as.csrf)
	const text = body.toString()
	return new Request(`${ORIGIN}${path}`, {
		method: 'POST',
		headers: { Cookie: as.cookie, 'Content-Type': 'application/x-www-form-urlencoded', 'Content-Length': String(Buffer.byteLength(text)) },
		body: text,
	})
}

/** The import form: multipart, field `file`, with the form's CSRF token. */
function upload(as: Visitor, csv: string, fileName = 'dongho.csv') {
	const form = new FormData()
	form.set('csrf', as.csrf)
	form.set('file', new Blob([csv], { type: 'text/csv' }), fileName)
	return new Request(`${ORIGIN}${GAUGES_PATH}/import`, { method: 'POST', headers: { Cookie: as.cookie }, body: form })
}

interface Answer {
	status: number
	location: string | null
	/** The body, read: what a loader or action returned (a `data()` answer's data, a JSON or text body). */
	body: unknown
}

/** What a loader or action answered, returned or thrown (redirects, 403s and 404s are thrown), its body read. */
async function answer(call: Promise<unknown>): Promise<Answer> {
	let outcome: unknown
	try {
		outcome = await call
	} catch (thrown) {
		outcome = thrown
	}
	if (outcome instanceof Response) {
		const text = await outcome.text()
		const json = outcome.headers.get('Content-Type')?.includes('json')
		return { status: outcome.status, location: outcome.headers.get('Location'), body: json ? JSON.parse(text) : text }
	}
	const dataAnswer = outcome as { type?: unknown; data?: unknown; init?: ResponseInit | null }
	if (dataAnswer?.type === 'DataWithResponseInit') return { status: dataAnswer.init?.status ?? 200, location: null, body: dataAnswer.data }
	if (outcome instanceof Error) throw outcome
	return { status: 200, location: null, body: outcome }
}

/** The flash message the session holds for the next page (taken, as the layout takes it). */
/** The message left for the visitor's next page. */
async function flashOf(as: Visitor) {
	return takeFlash(get('/', as))
}

/** The message left for the visitor's next page, as the visitor reads it (in Vietnamese). */
async function flashTextOf(as: Visitor) {
	const flash = await flashOf(as)
	return flash && { type: flash.type, text: flashText(getI18nInstance('vn').t, flash) }
}

async function gaugeByCode(code: string) {
	return gaugeDb().selectFrom('gauges').selectAll().where('code', '=', code).executeTakeFirst()
}

async function gaugeCount() {
	const row = await gaugeDb()
		.selectFrom('gauges')
		.select((eb) => eb.fn.countAll<number | string>().as('n'))
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

/** The audit entries about gauges, oldest first (all of them, or one gauge's). */
async function gaugeAudit(entityId?: number) {
	let query = getDb().selectFrom('audit_log').select(['action', 'entity_id', 'actor_user_id', 'details']).where('entity', '=', 'gauge')
	if (entityId !== undefined) query = query.where('entity_id', '=', String(entityId))
	const rows = await query.orderBy('id').execute()
	return rows.map((row) => ({
		action: row.action,
		entityId: row.entity_id,
		actor: row.actor_user_id,
		details: JSON.parse(row.details ?? '{}') as Record<string, unknown>,
	}))
}

/** The codes of a list page, in order. */
function codesOf(page: Answer) {
	return (page.body as { result: { rows: GaugeListRow[] } }).result.rows.map((row) => row.code)
}

/** A CSV download as rows of cells (header first), the byte-order mark dropped. */
function csvRows(text: string) {
	const parsed = parseCsv(text)
	if (!parsed.ok) throw new Error(`unreadable CSV at line ${parsed.line}`)
	return parsed.records.map((record) => record.fields)
}

// ---------------------------------------------------------------------------------------------------------

const SEEDED = [
	{ code: 'G-01', name: 'Áp kế trạm bơm Yên Phụ', kind: 'pressure', capacity: '16' },
	{ code: 'G-02', name: 'Lưu lượng kế đường ống số 2', kind: 'flow', capacity: '250' },
	{ code: 'G-03', name: 'Đồng hồ mực nước hồ Tây', kind: 'level', capacity: '8' },
	{ code: 'G-04', name: 'Áp kế lò hơi', kind: 'pressure', capacity: '40' },
	{ code: 'G-05', name: 'Lưu lượng kế nhà máy nước', kind: 'flow', capacity: '1200' },
	{ code: 'G-06', name: 'Đồng hồ mực nước bể ngầm', kind: 'level', capacity: '3' },
	{ code: 'G-07', name: 'Áp kế khí nén', kind: 'pressure', capacity: '10' },
	{ code: 'G-08', name: 'Lưu lượng kế trạm xử lý', kind: 'flow', capacity: '600' },
	{ code: 'G-09', name: 'Đồng hồ mực nước tháp', kind: 'level', capacity: '12' },
	{ code: 'G-10', name: 'Áp kế đường ống chính', kind: 'pressure', capacity: '40' },
	{ code: 'G-11', name: 'Lưu lượng kế nước sạch', kind: 'flow', capacity: '90' },
	{ code: 'G-12', name: 'Đồng hồ mực nước giếng', kind: 'level', capacity: '25' },
]

const unregister: (() => void)[] = []

beforeAll(async () => {
	unregister.push(registerCatalog(GAUGE_ENTRY, GAUGE_ROUTES), registerCatalogPages(GAUGE_ENTRY.key, GAUGE_PAGE_COMPONENTS))
	// Not merged deep: that would write into the locale file's module, which the next test file in this worker reads too.
	getI18nInstance('vn').addResourceBundle('vn', 'translation', { gauges: GAUGE_TEXTS }, false, false)
	await createGaugeTable()
	await grantGaugeRoles()
	editor = await visitor(['gauge_editor'])
	reader = await visitor(['gauge_reader'])
	outsider = await visitor(['viewer'])
	for (const fields of SEEDED) {
		const created = await gaugeStore.create(gaugeSchema.parse(fields), editor.actor)
		if (!created.ok) throw new Error(`seed ${fields.code}: ${created.reason}`)
	}
})

afterAll(() => {
	for (const undo of unregister) undo()
})

describe('the list page', () => {
	test('pages of ten in code order, the second the last; a page past the end is sent to the last page', async () => {
		const first = await answer(routes.list.loader(get(`${GAUGES_PATH}?size=10`, editor)))
		expect(first.status).toBe(200)
		expect(codesOf(first)).toEqual(['G-01', 'G-02', 'G-03', 'G-04', 'G-05', 'G-06', 'G-07', 'G-08', 'G-09', 'G-10'])
		expect(first.body).toMatchObject({ title: 'Đồng hồ đo', result: { page: 1, size: 10, total: 12, exact: true, hasNext: true } })

		const second = await answer(routes.list.loader(get(`${GAUGES_PATH}?page=2&size=10`, editor)))
		expect(codesOf(second)).toEqual(['G-11', 'G-12'])
		expect(second.body).toMatchObject({ result: { page: 2, total: 12, exact: true, hasNext: false } })

		const beyond = await answer(routes.list.loader(get(`${GAUGES_PATH}?page=3&size=10`, editor)))
		expect([beyond.status, beyond.location]).toEqual([302, `${GAUGES_PATH}?page=2&size=10`])
	})

	test('another spelling of a view is sent to its one canonical address', async () => {
		const sent = await answer(routes.list.loader(get(`${GAUGES_PATH}?q=&kind=&sort=code&page=1`, editor)))
		expect([sent.status, sent.location]).toEqual([302, GAUGES_PATH])
	})

	test('a filter with a sort: one kind, by capacity as numbers, largest first, ties by id', async () => {
		const flow = await answer(routes.list.loader(get(`${GAUGES_PATH}?kind=flow&sort=capacity`, editor)))
		expect(codesOf(flow)).toEqual(['G-11', 'G-02', 'G-08', 'G-05'])
		const pressure = await answer(routes.list.loader(get(`${GAUGES_PATH}?kind=pressure&sort=capacity&dir=desc`, editor)))
		expect(codesOf(pressure)).toEqual(['G-10', 'G-04', 'G-01', 'G-07'])
		expect(pressure.body).toMatchObject({
			state: { filters: { kind: 'pressure' }, sort: 'capacity', dir: 'desc' },
			result: { total: 4, exact: true },
		})
	})

	test('the search matches words of the code and the name, accents and case aside; a search that matches nothing lists nothing', async () => {
		const shortWords = await answer(routes.list.loader(get(`${GAUGES_PATH}?q=${encodeURIComponent('AP KE')}`, editor)))
		expect(codesOf(shortWords)).toEqual(['G-01', 'G-04', 'G-07', 'G-10'])
		const longWords = await answer(routes.list.loader(get(`${GAUGES_PATH}?q=${encodeURIComponent('mực nuoc')}&sort=name`, editor)))
		expect(codesOf(longWords)).toEqual(['G-06', 'G-12', 'G-03', 'G-09'])
		const withFilter = await answer(routes.list.loader(get(`${GAUGES_PATH}?q=nuoc&kind=flow`, editor)))
		expect(codesOf(withFilter)).toEqual(['G-05', 'G-11'])
		const nothing = await answer(routes.list.loader(get(`${GAUGES_PATH}?q=barometer`, editor)))
		expect(nothing.body).toMatchObject({ result: { rows: [], total: 0, exact: true } })
	})

	test('a searched page shows a record written since it was last read (the catalog version moves)', async () => {
		const search = `${GAUGES_PATH}?q=${encodeURIComponent('nhiệt kế')}`
		expect(
			(await gaugeStore.create(gaugeSchema.parse({ code: 'G-NK-1', name: 'Nhiệt kế lò sấy', kind: 'level', capacity: '5' }), editor.actor))
				.ok,
		).toBe(true)
		expect(codesOf(await answer(routes.list.loader(get(search, editor))))).toEqual(['G-NK-1'])
		expect(
			(
				await gaugeStore.create(
					gaugeSchema.parse({ code: 'G-NK-2', name: 'Nhiệt kế kho lạnh', kind: 'level', capacity: '5' }),
					editor.actor,
				)
			).ok,
		).toBe(true)
		expect(codesOf(await answer(routes.list.loader(get(search, editor))))).toEqual(['G-NK-1', 'G-NK-2'])
		const removed = await gaugeByCode('G-NK-1')
		expect(await gaugeStore.remove(removed!.id, removed!.version, editor.actor)).toEqual({ ok: true, code: 'G-NK-1' })
		expect(codesOf(await answer(routes.list.loader(get(search, editor))))).toEqual(['G-NK-2'])
		const kept = await gaugeByCode('G-NK-2')
		expect((await gaugeStore.remove(kept!.id, kept!.version, editor.actor)).ok).toBe(true)
	})

	test('what the user may do from the list follows their grants; without the view grant the list is refused', async () => {
		const ofEditor = await answer(routes.list.loader(get(GAUGES_PATH, editor)))
		expect(ofEditor.body).toMatchObject({ allowed: { create: true, export: true, import: true, delete: true } })
		const ofReader = await answer(routes.list.loader(get(GAUGES_PATH, reader)))
		expect(codesOf(ofReader)).toHaveLength(12)
		expect(ofReader.body).toMatchObject({ allowed: { create: false, export: false, import: false, delete: false } })
		const ofOutsider = await answer(routes.list.loader(get(GAUGES_PATH, outsider)))
		expect([ofOutsider.status, ofOutsider.body]).toEqual([403, { reason: 'forbidden' }])
		const anonymous = await answer(routes.list.loader(new Request(`${ORIGIN}${GAUGES_PATH}?kind=flow`)))
		expect([anonymous.status, anonymous.location]).toEqual([
			302,
			`/account/login?redirectTo=${encodeURIComponent(`${GAUGES_PATH}?kind=flow`)}`,
		])
	})

	test('a view of the list is saved under the catalog\u2019s own key and offered on the list', async () => {
		const view = '?kind=pressure&sort=capacity&dir=desc'
		const saved = await answer(routes.list.action(post(`${GAUGES_PATH}${view}`, reader, { intent: 'saveView', viewName: 'Áp kế' })))
		expect([saved.status, saved.location, saved.body]).toEqual([302, `${GAUGES_PATH}${view}`, ''])
		expect(await flashOf(reader)).toEqual({ type: 'success', message: 'listViews.viewSaved', values: { name: 'Áp kế' } })
		const views = await getDb()
			.selectFrom('list_views')
			.select(['list_key', 'name', 'query'])
			.where('user_id', '=', reader.actor.id)
			.execute()
		expect(views).toEqual([{ list_key: 'gauges', name: 'Áp kế', query: view }])
		const list = await answer(routes.list.loader(get(`${GAUGES_PATH}${view}`, reader)))
		expect(list.body).toMatchObject({
			views: { saved: [{ name: 'Áp kế', href: `${GAUGES_PATH}${view}`, current: true }], columns: { kind: true, capacity: true } },
		})
	})
})

describe('the top bar\u2019s search', () => {
	test('finds the catalog\u2019s records, in its list\u2019s order, for those who may view it, with its list narrowed to the same search', async () => {
		const accessOf = (as: Visitor) => requireUserWithGrants(get('/search', as))
		const stored = await getDb()
			.selectFrom('gauges' as 'stations')
			.select(['id', 'code', 'name'])
			.where('code', 'in', ['G-03', 'G-06', 'G-09', 'G-12'])
			.orderBy('code')
			.execute()
		expect(await searchRecords(await accessOf(reader), 'mực nuoc', [GAUGE_CATALOG])).toEqual([
			{
				catalog: 'gauges',
				matches: stored.map((gauge) => ({ href: `${GAUGES_PATH}/${gauge.id}`, code: gauge.code, name: gauge.name })),
				more: false,
				listHref: `${GAUGES_PATH}?q=${encodeURIComponent('mực nuoc').replace(/%20/g, '+')}`,
			},
		])
		expect(await searchRecords(await accessOf(outsider), 'mực nuoc', [GAUGE_CATALOG])).toEqual([])
	})
})

describe('the new-record page', () => {
	test('its loader answers the editor with the page title; the reader may not create', async () => {
		expect(await answer(routes.newRecord.loader(get(`${GAUGES_PATH}/new`, editor)))).toEqual({
			status: 200,
			location: null,
			body: { title: 'Thêm đồng hồ' },
		})
		expect((await answer(routes.newRecord.loader(get(`${GAUGES_PATH}/new`, reader)))).status).toBe(403)
	})

	test('a valid form creates the record, audited with its fields, and opens it with a message', async () => {
		const sent = await answer(
			routes.newRecord.action(
				post(`${GAUGES_PATH}/new`, editor, { code: 'G-20', name: ' Áp kế phòng thí nghiệm ', kind: 'pressure', capacity: '60' }),
			),
		)
		const created = await gaugeByCode('G-20')
		expect([sent.status, sent.location, sent.body]).toEqual([302, `${GAUGES_PATH}/${created!.id}`, ''])
		expect(created).toMatchObject({
			name: 'Áp kế phòng thí nghiệm',
			kind: 'pressure',
			capacity: 60,
			version: 1,
			created_by: editor.actor.id,
			updated_by: editor.actor.id,
		})
		expect(await flashTextOf(editor)).toEqual({ type: 'success', text: 'Đã tạo đồng hồ G-20.' })
		expect(await gaugeAudit(created!.id)).toEqual([
			{
				action: 'gauge.created',
				entityId: String(created!.id),
				actor: editor.actor.id,
				details: {
					code: 'G-20',
					changes: {
						code: { from: '', to: 'G-20' },
						name: { from: '', to: 'Áp kế phòng thí nghiệm' },
						kind: { from: '', to: 'pressure' },
						capacity: { from: '', to: '60' },
					},
				},
			},
		])
	})

	test('an invalid form is answered 400 with each field\u2019s error and the values as typed; nothing is written', async () => {
		const [count, audited] = [await gaugeCount(), (await gaugeAudit()).length]
		const sent = await answer(
			routes.newRecord.action(post(`${GAUGES_PATH}/new`, editor, { code: 'g 21', name: '', kind: 'steam', capacity: '-3' })),
		)
		expect(sent.status).toBe(400)
		expect(sent.body).toEqual({
			ok: false,
			intent: 'create',
			errors: {
				code: { key: 'catalog.errors.codeFormat' },
				name: { key: 'validation.required' },
				kind: { key: 'catalog.errors.invalidChoice' },
				capacity: { key: 'catalog.errors.integerRange', values: { min: 0, max: 1_000_000 } },
			},
			values: { code: 'g 21', name: '', kind: 'steam', capacity: '-3' },
			formError: null,
		})
		expect([await gaugeCount(), (await gaugeAudit()).length]).toEqual([count, audited])
	})

	test('a code another record has is refused (409) with the values kept; the other record is untouched', async () => {
		const before = await gaugeByCode('G-01')
		const [count, audited] = [await gaugeCount(), (await gaugeAudit()).length]
		const sent = await answer(
			routes.newRecord.action(post(`${GAUGES_PATH}/new`, editor, { code: 'G-01', name: 'Bản sao', kind: 'flow', capacity: '1' })),
		)
		expect(sent.status).toBe(409)
		expect(sent.body).toEqual({
			ok: false,
			intent: 'create',
			errors: { code: { key: 'catalog.errors.codeTaken' } },
			values: { code: 'G-01', name: 'Bản sao', kind: 'flow', capacity: '1' },
			formError: null,
		})
		expect([await gaugeByCode('G-01'), await gaugeCount(), (await gaugeAudit()).length]).toEqual([before, count, audited])
	})

	test('a post without the form\u2019s CSRF token is refused and writes nothing', async () => {
		const request = post(
			`${GAUGES_PATH}/new`,
			{ ...editor, csrf: createCsrfToken().token },
			{ code: 'G-23', name: 'Giả mạo', kind: 'flow', capacity: '1' },
		)
		expect(await answer(routes.newRecord.action(request))).toEqual({ status: 403, location: null, body: { reason: 'csrf' } })
		expect(await gaugeByCode('G-23')).toBeUndefined()
	})

	test('the reader\u2019s post is refused and writes nothing', async () => {
		const sent = await answer(
			routes.newRecord.action(post(`${GAUGES_PATH}/new`, reader, { code: 'G-22', name: 'Không được', kind: 'flow', capacity: '1' })),
		)
		expect([sent.status, sent.body]).toEqual([403, { reason: 'forbidden' }])
		expect(await gaugeByCode('G-22')).toBeUndefined()
	})
})

describe('the record page', () => {
	async function freshGauge(code: string) {
		const created = await gaugeStore.create(
			gaugeSchema.parse({ code, name: `Đồng hồ ${code}`, kind: 'level', capacity: '100' }),
			editor.actor,
		)
		if (!created.ok) throw new Error(created.reason)
		return created.id
	}

	test('its loader answers the record, its form values, its history and what the user may do', async () => {
		const id = await freshGauge('G-30')
		const page = await answer(routes.record.loader(get(`${GAUGES_PATH}/${id}`, reader), String(id)))
		expect(page.status).toBe(200)
		expect(page.body).toMatchObject({
			title: 'G-30 · Đồng hồ G-30',
			record: { id, code: 'G-30', created_by_name: editor.displayName, updated_by_name: editor.displayName },
			values: { code: 'G-30', name: 'Đồng hồ G-30', kind: 'level', capacity: '100', version: '1' },
			confirmDelete: false,
			allowed: { update: false, delete: false },
		})
		expect((page.body as { history: { action: string; actor: string }[] }).history.map(({ action, actor }) => ({ action, actor }))).toEqual(
			[{ action: 'gauge.created', actor: editor.displayName }],
		)
	})

	test('a record that does not exist, or an id that is none, is not found', async () => {
		for (const id of ['999999', 'abc', '0']) {
			expect(await answer(routes.record.loader(get(`${GAUGES_PATH}/${id}`, editor), id))).toEqual({
				status: 404,
				location: null,
				body: { reason: 'notFound' },
			})
			const posted = await answer(
				routes.record.action(
					post(`${GAUGES_PATH}/${id}`, editor, { code: 'G-31', name: 'X', kind: 'level', capacity: '1', version: '1' }),
					id,
				),
			)
			expect([posted.status, posted.body]).toEqual([404, { reason: 'notFound' }])
		}
	})

	test('a save at the current version is written, audited with what changed, and reopens the record with a message', async () => {
		const id = await freshGauge('G-32')
		const sent = await answer(
			routes.record.action(
				post(`${GAUGES_PATH}/${id}`, editor, { code: 'G-32', name: 'Đồng hồ mực nước mới', kind: 'level', capacity: '150', version: '1' }),
				String(id),
			),
		)
		expect([sent.status, sent.location, sent.body]).toEqual([302, `${GAUGES_PATH}/${id}`, ''])
		expect(await gaugeByCode('G-32')).toMatchObject({ name: 'Đồng hồ mực nước mới', capacity: 150, version: 2 })
		expect(await flashTextOf(editor)).toEqual({ type: 'success', text: 'Đã lưu đồng hồ G-32.' })
		expect((await gaugeAudit(id)).map(({ action, details }) => ({ action, details }))).toEqual([
			{ action: 'gauge.created', details: expect.objectContaining({ code: 'G-32' }) },
			{
				action: 'gauge.updated',
				details: {
					code: 'G-32',
					changes: { name: { from: 'Đồng hồ G-32', to: 'Đồng hồ mực nước mới' }, capacity: { from: '100', to: '150' } },
				},
			},
		])
	})

	test('a save from a stale version is a conflict (409) naming who saved what; nothing is written', async () => {
		const id = await freshGauge('G-33')
		expect(
			(
				await gaugeStore.update(
					id,
					gaugeSchema.parse({ code: 'G-33', name: 'Đã sửa trước', kind: 'level', capacity: '100', version: '1' }),
					editor.actor,
				)
			).ok,
		).toBe(true)
		const before = await gaugeByCode('G-33')
		const audited = (await gaugeAudit(id)).length
		const sent = await answer(
			routes.record.action(
				post(`${GAUGES_PATH}/${id}`, editor, { code: 'G-33', name: 'Sửa sau', kind: 'flow', capacity: '100', version: '1' }),
				String(id),
			),
		)
		expect(sent.status).toBe(409)
		expect(sent.body).toMatchObject({
			ok: false,
			values: { code: 'G-33', name: 'Sửa sau', kind: 'flow', capacity: '100', version: '1' },
			conflict: {
				by: editor.displayName,
				version: 2,
				differences: [
					{ field: 'name', saved: 'Đã sửa trước' },
					{ field: 'kind', saved: 'level' },
				],
			},
		})
		expect([await gaugeByCode('G-33'), (await gaugeAudit(id)).length]).toEqual([before, audited])
	})

	test('a save without a version is refused; a save that changes nothing writes nothing', async () => {
		const id = await freshGauge('G-34')
		const unversioned = await answer(
			routes.record.action(
				post(`${GAUGES_PATH}/${id}`, editor, { code: 'G-34', name: 'Không phiên bản', kind: 'level', capacity: '100' }),
				String(id),
			),
		)
		expect([unversioned.status, unversioned.body]).toEqual([409, expect.objectContaining({ formError: 'catalog.errors.versionMissing' })])
		const unchanged = await answer(
			routes.record.action(
				post(`${GAUGES_PATH}/${id}`, editor, { code: 'G-34', name: 'Đồng hồ G-34', kind: 'level', capacity: '100', version: '1' }),
				String(id),
			),
		)
		expect([unchanged.status, unchanged.location]).toEqual([302, `${GAUGES_PATH}/${id}`])
		expect(await flashOf(editor)).toEqual({ type: 'success', message: 'catalog.noChanges', values: { code: 'G-34' } })
		expect(await gaugeByCode('G-34')).toMatchObject({ name: 'Đồng hồ G-34', version: 1 })
		expect((await gaugeAudit(id)).map((entry) => entry.action)).toEqual(['gauge.created'])
	})

	test('the reader may not save: refused before the form is read', async () => {
		const id = await freshGauge('G-35')
		const sent = await answer(
			routes.record.action(
				post(`${GAUGES_PATH}/${id}`, reader, { code: 'G-35', name: 'Không được', kind: 'level', capacity: '100', version: '1' }),
				String(id),
			),
		)
		expect([sent.status, sent.body]).toEqual([403, { reason: 'forbidden' }])
		expect(await gaugeByCode('G-35')).toMatchObject({ name: 'Đồng hồ G-35', version: 1 })
	})

	test('a delete is confirmed on its own page, refused at a stale version, then done and audited', async () => {
		const id = await freshGauge('G-36')
		const confirmation = await answer(routes.record.loader(get(`${GAUGES_PATH}/${id}?intent=delete`, editor), String(id)))
		expect(confirmation.body).toMatchObject({
			title: 'Xóa đồng hồ G-36?',
			confirmDelete: true,
			allowed: { delete: true },
			values: { version: '1' },
		})
		const readerConfirmation = await answer(routes.record.loader(get(`${GAUGES_PATH}/${id}?intent=delete`, reader), String(id)))
		expect([readerConfirmation.status, readerConfirmation.body]).toEqual([403, { reason: 'forbidden' }])
		const readerDelete = await answer(
			routes.record.action(post(`${GAUGES_PATH}/${id}`, reader, { intent: 'delete', version: '1' }), String(id)),
		)
		expect(readerDelete.status).toBe(403)

		expect(
			(
				await gaugeStore.update(
					id,
					gaugeSchema.parse({ code: 'G-36', name: 'Sửa giữa chừng', kind: 'level', capacity: '100', version: '1' }),
					editor.actor,
				)
			).ok,
		).toBe(true)
		const stale = await answer(routes.record.action(post(`${GAUGES_PATH}/${id}`, editor, { intent: 'delete', version: '1' }), String(id)))
		expect(stale.status).toBe(409)
		expect(stale.body).toMatchObject({ ok: false, conflict: { version: 2, by: editor.displayName } })
		expect(await gaugeByCode('G-36')).toMatchObject({ id, version: 2 })

		const deleted = await answer(routes.record.action(post(`${GAUGES_PATH}/${id}`, editor, { intent: 'delete', version: '2' }), String(id)))
		expect([deleted.status, deleted.location, deleted.body]).toEqual([302, GAUGES_PATH, ''])
		expect(await gaugeByCode('G-36')).toBeUndefined()
		expect(await flashTextOf(editor)).toEqual({ type: 'success', text: 'Đã xóa đồng hồ G-36.' })
		expect((await gaugeAudit(id)).at(-1)).toEqual({
			action: 'gauge.deleted',
			entityId: String(id),
			actor: editor.actor.id,
			details: {
				code: 'G-36',
				changes: {
					code: { from: 'G-36', to: '' },
					name: { from: 'Sửa giữa chừng', to: '' },
					kind: { from: 'level', to: '' },
					capacity: { from: '100', to: '' },
				},
			},
		})
		const again = await answer(routes.record.action(post(`${GAUGES_PATH}/${id}`, editor, { intent: 'delete', version: '2' }), String(id)))
		expect([again.status, again.body]).toEqual([404, { reason: 'notFound' }])
	})
})

describe('the import page', () => {
	test('its loader answers the form, with no reference list to offer', async () => {
		const page = await answer(routes.import.loader(get(`${GAUGES_PATH}/import`, editor)))
		expect(page).toMatchObject({ status: 200, body: { title: 'Nhập đồng hồ từ tệp CSV', choices: [], job: null, report: null } })
		expect((await answer(routes.import.loader(get(`${GAUGES_PATH}/import`, reader)))).status).toBe(403)
	})

	test('rows with an existing code and a missing or wrong version are row errors, and then nothing at all is written', async () => {
		const [g02, g05] = [await gaugeByCode('G-02'), await gaugeByCode('G-05')]
		const [count, audited] = [await gaugeCount(), (await gaugeAudit()).length]
		const file = [
			'code,name,kind,capacity,version',
			'G-40,Áp kế mới một,pressure,5,',
			'G-41,Áp kế mới hai,pressure,6,',
			'G-02,Ghi đè không phiên bản,flow,1,',
			'G-05,Ghi đè phiên bản cũ,flow,1,7',
			'G-42,Sai loại,steam,1,',
		].join('\r\n')
		const sent = await answer(routes.import.action(upload(editor, file)))
		expect(sent.status).toBe(400)
		expect(sent.body).toEqual({
			report: {
				ok: false,
				rows: 5,
				fileError: null,
				rowErrors: [
					{ line: 4, column: 'version', error: { key: 'csv.errors.versionRequired', values: { code: 'G-02' } } },
					{ line: 5, column: 'version', error: { key: 'csv.errors.staleVersion', values: { version: 7, current: 1 } } },
					{ line: 6, column: 'kind', error: { key: 'catalog.errors.invalidChoice' } },
				],
				moreErrors: 0,
			},
		})
		expect([await gaugeByCode('G-40'), await gaugeByCode('G-02'), await gaugeByCode('G-05')]).toEqual([undefined, g02, g05])
		expect([await gaugeCount(), (await gaugeAudit()).length]).toEqual([count, audited])
	})

	test('new codes are created and a row at its record\u2019s version updates it, each audited, and the import once more', async () => {
		const g02 = await gaugeByCode('G-02')
		const file = [
			'code,name,kind,capacity,version',
			'G-40,Áp kế mới một,pressure,5,',
			'G-41,Áp kế mới hai,pressure,6,',
			`G-02,Lưu lượng kế đã nhập,flow,250,${g02!.version}`,
			'G-03,Đồng hồ mực nước hồ Tây,level,8,1',
		].join('\n')
		const sent = await answer(routes.import.action(upload(editor, file, 'dong-ho.csv')))
		expect([sent.status, sent.location, sent.body]).toEqual([302, GAUGES_PATH, ''])
		expect(await flashOf(editor)).toEqual({ type: 'success', message: 'csv.imported', values: { created: 2, updated: 1, unchanged: 1 } })
		expect(await gaugeByCode('G-40')).toMatchObject({
			name: 'Áp kế mới một',
			kind: 'pressure',
			capacity: 5,
			version: 1,
			created_by: editor.actor.id,
		})
		expect(await gaugeByCode('G-02')).toMatchObject({ name: 'Lưu lượng kế đã nhập', version: g02!.version + 1 })
		const g40 = await gaugeByCode('G-40')
		expect(await gaugeAudit(g40!.id)).toEqual([
			{
				action: 'gauge.created',
				entityId: String(g40!.id),
				actor: editor.actor.id,
				details: {
					code: 'G-40',
					changes: {
						code: { from: '', to: 'G-40' },
						name: { from: '', to: 'Áp kế mới một' },
						kind: { from: '', to: 'pressure' },
						capacity: { from: '', to: '5' },
					},
					source: 'import',
				},
			},
		])
		expect((await gaugeAudit(g02!.id)).at(-1)).toEqual({
			action: 'gauge.updated',
			entityId: String(g02!.id),
			actor: editor.actor.id,
			details: { code: 'G-02', changes: { name: { from: 'Lưu lượng kế đường ống số 2', to: 'Lưu lượng kế đã nhập' } }, source: 'import' },
		})
		expect((await gaugeAudit()).filter((entry) => entry.action === 'gauge.imported').map((entry) => entry.details)).toEqual([
			{ file: 'dong-ho.csv', rows: 4, created: 2, updated: 1, unchanged: 1 },
		])
	})
})

describe('the CSV export', () => {
	test('streams the rows of the list\u2019s filter and sort, in its order, with the version to import back', async () => {
		const download = await routes.export.loader(get(`${GAUGES_PATH}/export.csv?kind=flow&sort=capacity&dir=desc`, editor))
		expect(download.headers.get('Content-Disposition')).toBe(`attachment; filename="dongho-${todayIso()}.csv"`)
		const rows = csvRows(await download.text())
		// G-02 as it is now (the import above may have renamed it).
		const g02 = gaugeFormValues((await gaugeByCode('G-02'))!)
		expect(rows).toEqual([
			['code', 'name', 'kind', 'capacity', 'version'],
			['G-05', 'Lưu lượng kế nhà máy nước', 'flow', '1200', '1'],
			['G-08', 'Lưu lượng kế trạm xử lý', 'flow', '600', '1'],
			GAUGE_FIELDS.map((field) => g02[field]),
			['G-11', 'Lưu lượng kế nước sạch', 'flow', '90', '1'],
		])
	})

	test('the reader may not export', async () => {
		// A download's refusal is plain text, as for every catalog (requireDownloadPermission).
		expect(await answer(routes.export.loader(get(`${GAUGES_PATH}/export.csv`, reader)))).toEqual({
			status: 403,
			location: null,
			body: `${vn.errors.forbiddenTitle}\n\n${vn.errors.forbiddenBody}\n`,
		})
	})

	test('the import template is the header row, for those who may import', async () => {
		const template = await routes.importTemplate.loader(get(`${GAUGES_PATH}/import/template.csv`, editor))
		expect(template.headers.get('Content-Disposition')).toBe('attachment; filename="dongho-mau-nhap.csv"')
		expect(csvRows(await template.text())).toEqual([[...GAUGE_FIELDS]])
		expect((await answer(routes.importTemplate.loader(get(`${GAUGES_PATH}/import/template.csv`, reader)))).status).toBe(403)
	})

	test('a thousand and more rows come out whole, each once, in the list\u2019s order (batches continue where the last ended)', async () => {
		const lines = ['code,name,kind,capacity']
		for (let n = 1; n <= 1_005; n++) lines.push(`B-${String(n).padStart(4, '0')},Đồng hồ mực nước lô ${n},level,${n % 7}`)
		const imported = await answer(routes.import.action(upload(editor, lines.join('\n'), 'lo.csv')))
		expect([imported.status, imported.location]).toEqual([302, GAUGES_PATH])
		expect(await flashOf(editor)).toMatchObject({ message: 'csv.imported', values: { created: 1_005 } })

		const listed: string[] = []
		for (let page = 1; ; page++) {
			const result = await answer(
				routes.list.loader(get(`${GAUGES_PATH}?sort=capacity&dir=desc${page > 1 ? `&page=${page}` : ''}&size=100`, editor)),
			)
			listed.push(...codesOf(result))
			if (!(result.body as { result: { hasNext: boolean } }).result.hasNext) break
		}
		expect(listed).toHaveLength(await gaugeCount())
		expect(new Set(listed).size).toBe(listed.length)

		const download = await routes.export.loader(get(`${GAUGES_PATH}/export.csv?sort=capacity&dir=desc`, editor))
		const rows = csvRows(await download.text())
		expect(rows[0]).toEqual([...GAUGE_FIELDS])
		expect(rows.slice(1).map((row) => row[0])).toEqual(listed)
	})
})

describe('the bulk actions', () => {
	async function ids(...codes: string[]) {
		return Promise.all(codes.map(async (code) => (await gaugeByCode(code))!.id))
	}

	test('the export of ticked rows gives exactly those, in the list\u2019s order; an id that names nothing is a 404', async () => {
		const [g09, g01, g03] = await ids('G-09', 'G-01', 'G-03')
		const download = await answer(
			routes.exportSelected.loader(get(`${GAUGES_PATH}/export-selected.csv?id=${g09}&id=${g01}&id=${g03}&sort=capacity&dir=desc`, editor)),
		)
		expect(download.status).toBe(200)
		expect(csvRows(download.body as string).map((row) => row[0])).toEqual(['code', 'G-01', 'G-09', 'G-03'])
		const missing = await answer(routes.exportSelected.loader(get(`${GAUGES_PATH}/export-selected.csv?id=${g01}&id=999999`, editor)))
		expect(missing.status).toBe(404)
		expect(missing.body).toContain('999999')
		expect((await answer(routes.exportSelected.loader(get(`${GAUGES_PATH}/export-selected.csv?id=${g01}`, reader)))).status).toBe(403)
	})

	test('a bulk delete is confirmed with each record\u2019s version; a stale one refuses the whole batch, nothing deleted', async () => {
		const [g06, g07] = await ids('G-06', 'G-07')
		const confirmation = await answer(routes.bulkDelete.loader(get(`${GAUGES_PATH}/bulk-delete?id=${g07}&id=${g06}&kind=level`, editor)))
		expect(confirmation.body).toMatchObject({
			rows: [
				{ id: g06, code: 'G-06', version: 1 },
				{ id: g07, code: 'G-07', version: 1 },
			],
			action: `${GAUGES_PATH}/bulk-delete?kind=level&id=${g06}&id=${g07}`,
			error: null,
		})
		expect(
			(
				await gaugeStore.update(
					g07!,
					gaugeSchema.parse({ code: 'G-07', name: 'Áp kế khí nén (sửa)', kind: 'pressure', capacity: '10', version: '1' }),
					editor.actor,
				)
			).ok,
		).toBe(true)
		const audited = (await gaugeAudit()).length
		const stale = await answer(
			routes.bulkDelete.action(
				post(`${GAUGES_PATH}/bulk-delete?kind=level`, editor, [
					['id', String(g06)],
					['id', String(g07)],
					[bulkVersionField(g06!), '1'],
					[bulkVersionField(g07!), '1'],
				]),
			),
		)
		expect([stale.status, stale.body]).toEqual([
			409,
			{
				ok: false,
				intent: 'delete',
				errors: {},
				values: {},
				formError: null,
				refusals: [{ id: g07, reason: 'stale', code: 'G-07', name: 'Áp kế khí nén (sửa)', version: 2 }],
			},
		])
		expect([await gaugeByCode('G-06'), (await gaugeAudit()).length]).toEqual([expect.objectContaining({ id: g06 }), audited])
	})

	test('a confirmed bulk delete deletes every ticked record, each audited as a bulk delete, and returns to the list\u2019s view', async () => {
		const [g06, g07] = [(await gaugeByCode('G-06'))!, (await gaugeByCode('G-07'))!]
		const confirmed: [string, string][] = [
			['id', String(g06.id)],
			['id', String(g07.id)],
			[bulkVersionField(g06.id), String(g06.version)],
			[bulkVersionField(g07.id), String(g07.version)],
		]
		const sent = await answer(routes.bulkDelete.action(post(`${GAUGES_PATH}/bulk-delete?kind=level`, editor, confirmed)))
		expect([sent.status, sent.location, sent.body]).toEqual([302, `${GAUGES_PATH}?kind=level`, ''])
		expect(await flashOf(editor)).toEqual({ type: 'success', message: 'bulk.deleted', values: { count: 2 } })
		expect([await gaugeByCode('G-06'), await gaugeByCode('G-07')]).toEqual([undefined, undefined])
		const deletions = (await gaugeAudit()).filter(
			(entry) => entry.action === 'gauge.deleted' && [String(g06.id), String(g07.id)].includes(entry.entityId!),
		)
		expect(deletions.map(({ entityId, actor, details }) => ({ entityId, actor, code: details.code, source: details.source }))).toEqual([
			{ entityId: String(g06.id), actor: editor.actor.id, code: 'G-06', source: 'bulk' },
			{ entityId: String(g07.id), actor: editor.actor.id, code: 'G-07', source: 'bulk' },
		])
		expect((await answer(routes.bulkDelete.loader(get(`${GAUGES_PATH}/bulk-delete?id=${g06.id}`, reader)))).status).toBe(403)
	})
})

describe('the pages, rendered', () => {
	test('the list shows the page\u2019s records in its order, its filter with the kinds by name, and what the user may do', async () => {
		const query = '?kind=flow&sort=capacity&dir=desc'
		const { status, html } = await renderPage(get(`${GAUGES_PATH}${query}`, editor), editor)
		expect(status).toBe(200)
		const page = parseHtml(html)
		expect(page.querySelector('#gauges-heading')?.text).toBe('Đồng hồ đo')
		expect(listedCodes(html)).toEqual(['G-05', 'G-08', 'G-02', 'G-11'])
		const g05 = await gaugeByCode('G-05')
		expect(page.querySelector('th[scope="row"] a')?.getAttribute('href')).toBe(`${GAUGES_PATH}/${g05!.id}`)
		expect(selectOptions(html, 'kind')).toEqual([
			{ value: '', label: 'Tất cả' },
			{ value: 'pressure', label: 'Áp suất' },
			{ value: 'flow', label: 'Lưu lượng' },
			{ value: 'level', label: 'Mực nước' },
		])
		expect(page.querySelectorAll('a').map((link) => link.getAttribute('href'))).toEqual(
			expect.arrayContaining([`${GAUGES_PATH}/new`, `${GAUGES_PATH}/export.csv${query}`, `${GAUGES_PATH}/import`]),
		)

		const ofReader = await renderPage(get(`${GAUGES_PATH}${query}`, reader), reader)
		expect(listedCodes(ofReader.html)).toEqual(['G-05', 'G-08', 'G-02', 'G-11'])
		const readerLinks = parseHtml(ofReader.html)
			.querySelectorAll('a')
			.map((link) => link.getAttribute('href'))
		expect(
			readerLinks.filter(
				(href) => href === `${GAUGES_PATH}/new` || href?.startsWith(`${GAUGES_PATH}/export.csv`) || href === `${GAUGES_PATH}/import`,
			),
		).toEqual([])
	})

	test('the record page holds its form with the saved values, the version and the CSRF token; the reader gets a read-only view', async () => {
		const g08 = await gaugeByCode('G-08')
		const { status, html } = await renderPage(get(`${GAUGES_PATH}/${g08!.id}`, editor), editor)
		expect(status).toBe(200)
		expect(parseHtml(html).querySelector('#gauge-heading')?.text).toBe('G-08 · Lưu lượng kế trạm xử lý')
		expect(GAUGE_FIELDS.map((field) => fieldValue(html, field))).toEqual(['G-08', 'Lưu lượng kế trạm xử lý', 'flow', '600', '1'])
		expect(fieldValue(html, 'csrf')).toBe(editor.csrf)
		expect(parseHtml(html).querySelector('form[aria-label="Thông tin đồng hồ"]')?.getAttribute('action')).toBe(`${GAUGES_PATH}/${g08!.id}`)

		const ofReader = await renderPage(get(`${GAUGES_PATH}/${g08!.id}`, reader), reader)
		const view = parseHtml(ofReader.html).querySelector('.record-view')
		expect(view?.querySelectorAll('dt').map((term) => term.text)).toEqual(['Mã', 'Tên', 'Loại', 'Thang đo'])
		expect(view?.querySelectorAll('dd').map((value) => value.text)).toEqual(['G-08', 'Lưu lượng kế trạm xử lý', 'Lưu lượng', '600'])
		expect(parseHtml(ofReader.html).querySelector('form[aria-label="Thông tin đồng hồ"]')).toBeNull()
	})

	test('a stale save renders the conflict, with what the user typed still in the form', async () => {
		const g11 = await gaugeByCode('G-11')
		expect(
			(
				await gaugeStore.update(
					g11!.id,
					gaugeSchema.parse({ code: 'G-11', name: 'Lưu lượng kế nước sạch', kind: 'flow', capacity: '95', version: '1' }),
					editor.actor,
				)
			).ok,
		).toBe(true)
		const { status, html } = await renderPage(
			post(`${GAUGES_PATH}/${g11!.id}`, editor, { code: 'G-11', name: 'Tên tôi gõ', kind: 'flow', capacity: '90', version: '1' }),
			editor,
		)
		expect(status).toBe(409)
		expect(alerts(html)).toContain('Chưa lưu: người khác đã sửa bản ghi này sau khi bạn mở nó.')
		expect(alerts(html)).toContain('Thang đo')
		expect([fieldValue(html, 'name'), fieldValue(html, 'capacity')]).toEqual(['Tên tôi gõ', '90'])
	})

	test('a refused new record renders each field\u2019s error next to it, with the values as typed', async () => {
		const { status, html } = await renderPage(
			post(`${GAUGES_PATH}/new`, editor, { code: 'g 50', name: 'Đồng hồ mới', kind: 'pressure', capacity: 'nhiều' }),
			editor,
		)
		expect(status).toBe(400)
		expect(fieldError(html, 'code')).toBe('Chỉ dùng chữ in hoa A–Z, chữ số và dấu gạch ngang (-).')
		expect(fieldError(html, 'capacity')).not.toBeNull()
		expect(fieldError(html, 'name')).toBeNull()
		expect([fieldValue(html, 'code'), fieldValue(html, 'name'), fieldValue(html, 'kind'), fieldValue(html, 'capacity')]).toEqual([
			'g 50',
			'Đồng hồ mới',
			'pressure',
			'nhiều',
		])
		expect(await gaugeByCode('G 50')).toBeUndefined()
	})

	test('the delete link without JavaScript opens a confirmation page that posts the delete with the version', async () => {
		const g09 = await gaugeByCode('G-09')
		const { html } = await renderPage(get(`${GAUGES_PATH}/${g09!.id}?intent=delete`, editor), editor)
		const page = parseHtml(html)
		expect(page.querySelector('#gauge-heading')?.text).toBe('Xóa đồng hồ G-09?')
		const form = page
			.querySelectorAll('form')
			.find((candidate) => candidate.querySelector('[name="intent"]')?.getAttribute('value') === 'delete')
		expect(form?.getAttribute('action')).toBe(`${GAUGES_PATH}/${g09!.id}`)
		expect(form?.querySelector('[name="version"]')?.getAttribute('value')).toBe(String(g09!.version))
	})
})
