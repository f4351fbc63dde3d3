import { data, redirect } from '@remix-run/node'
import { getDatabase } from '~/db/db.server'
import { getT } from '~/i18n/i18n.server'
import { listSearch, parseListState } from '~/lists/list-query'
import { flashWarning } from '~/utils/flash.server'
import { publicOrigin } from '~/utils/public-url.server'
import { qrCodeSvg } from '~/utils/qr-code.server'
import { formAction, formIntents } from '~/utils/form-action.server'
import type { Action } from '~/permissions/actions'
import { MAX_SELECTION, versionField, type BulkRefusal, type SelectionProblem } from './bulk'
import { bulkDelete, loadSelection, parseSelection, type BulkCatalog, type BulkRow, type Confirmed } from './bulk.server'
import type { Actor } from '~/audit/audit.server'
import { csvResponse } from './csv-export.server'
import { todayIso } from './fields.server'
import { EVERYWHERE, type ProvinceScope } from '~/permissions/scope'

// The catalog's own row type does not matter here.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type BulkSpec = BulkCatalog<any>

/** The selection could not be read (400) or names records that do not exist in this catalog (404, `missing`). */
interface SelectionError {
	problem: SelectionProblem | 'missing'
	missing: number[]
}

/** The list's state the selection came from, and the address of that view of the list. */
function bulkState(url: URL, spec: BulkSpec) {
	const state = parseListState(url.searchParams, spec.list)
	return { state, back: `${spec.listPath}${listSearch(state, spec.list)}` }
}

/** The records the address's `id`s name, in the list's order (its `sort`/`dir`), or why there are none. */
async function readSelection(
	url: URL,
	spec: BulkSpec,
	scope: ProvinceScope,
): Promise<{ rows: BulkRow[]; error?: undefined } | { error: SelectionError; status: 400 | 404 }> {
	const selection = parseSelection(url.searchParams.getAll('id'))
	if (!selection.ok) return { error: { problem: selection.problem, missing: [] }, status: 400 }
	const { db, dialect } = getDatabase()
	const { rows, missing } = await loadSelection<BulkRow>(db, dialect, spec, selection.ids, bulkState(url, spec).state, scope)
	if (missing.length > 0) return { error: { problem: 'missing', missing }, status: 404 }
	return { rows }
}

/**
 * A button pressed with no row ticked (possible only without JavaScript, which disables them): back to the
 * list it was pressed on, with the message there rather than on an error page.
 */
async function nothingTicked(request: Request, url: URL, spec: BulkSpec) {
	await flashWarning(request, 'bulk.problems.empty')
	return redirect(bulkState(url, spec).back)
}

function plainAnswer(text: string, status: number) {
	return new Response(`${text}\n`, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })
}

async function* once<Row>(rows: Row[]) {
	yield rows
}

/**
 * GET …/export-selected.csv?id=…&id=…(&sort, dir): the CSV of exactly those records, in the list's order;
 * a record outside the exporter's `scope` is missing, as one that does not exist.
 */
export async function bulkExportLoader(request: Request, spec: BulkSpec, scope: ProvinceScope = EVERYWHERE) {
	const url = new URL(request.url)
	const read = await readSelection(url, spec, scope)
	if (read.error?.problem === 'empty') return nothingTicked(request, url, spec)
	if (read.error) {
		const t = await getT(request)
		return plainAnswer(t(`bulk.problems.${read.error.problem}`, { max: MAX_SELECTION, ids: read.error.missing.join(', ') }), read.status)
	}
	return csvResponse(`${spec.fileName}-${todayIso()}.csv`, spec.columns, once(read.rows), spec.formValues)
}

export interface BulkDeleteRow {
	id: number
	code: string
	name: string
	version: number
}

/** The form's address: the selection and the list's query (to go back to the same view). */
function confirmationHref(spec: BulkSpec, ids: number[], url: URL) {
	const params = new URLSearchParams(listSearch(bulkState(url, spec).state, spec.list).slice(1))
	for (const id of ids) params.append('id', String(id))
	return `${spec.listPath}/bulk-delete?${params}`
}

/**
 * GET …/bulk-delete?id=…&id=…(&the list's query): the confirmation page, listing the selected records
 * with the version each had; a selection that cannot be read (400) or names no record (404) says so.
 */
export async function bulkDeleteLoader(request: Request, spec: BulkSpec, scope: ProvinceScope = EVERYWHERE) {
	const url = new URL(request.url)
	const t = await getT(request)
	const { back } = bulkState(url, spec)
	const read = await readSelection(url, spec, scope)
	// Not after a POST to this page (its loader runs with the POST's headers): that answer is the action's.
	if (read.error?.problem === 'empty' && !request.headers.has('Content-Type')) return nothingTicked(request, url, spec)
	const page = { title: t('bulk.deleteTitle', { catalog: t(spec.titleKey) }), back, max: MAX_SELECTION }
	if (read.error)
		return data({ ...page, rows: [] as BulkDeleteRow[], action: null, error: read.error as SelectionError | null }, { status: read.status })
	const rows: BulkDeleteRow[] = read.rows.map(({ id, code, name, version }) => ({ id, code, name, version }))
	const ids = rows.map((row) => row.id)
	return data({ ...page, rows, action: confirmationHref(spec, ids, url), error: null as SelectionError | null })
}

/** The confirmed records and the version each had, or why the form cannot be read (400, its message). */
async function confirmedItems(form: FormData) {
	const problem = (key: SelectionProblem) => ({ ok: false as const, formError: `bulk.problems.${key}` })
	const selection = parseSelection(form.getAll('id').map(String))
	if (!selection.ok) return problem(selection.problem)
	const items: Confirmed[] = []
	for (const id of selection.ids) {
		const version = String(form.get(versionField(id)) ?? '')
		if (!/^\d{1,9}$/.test(version)) return problem('malformed')
		items.push({ id, version: Number(version) })
	}
	return { ok: true as const, items }
}

/** What a bulk delete needs from its route's `permit`: who deletes, in which catalog, and where they may. */
export interface BulkDeleter {
	user: Actor
	spec: BulkSpec
	scope: ProvinceScope
}

/** Deleted all, or refused (409) with each refused record and why: none is deleted then. */
type BulkDeleted = { ok: true; deleted: { id: number; code: string }[] } | { ok: false; reason: 'refused'; refusals: BulkRefusal[] }

/**
 * POST ids and their versions (`formAction`, decision 0071): deletes them all (the list, with a message of
 * how many) or none (the confirmation page, 409 with why each refused record was refused); a selection that
 * cannot be read is 400 with its message. `permit` checks the `delete` grant and finds the catalog.
 */
export function bulkDeleteAction(request: Request, permit: (action: Action) => Promise<BulkDeleter>) {
	const form = formIntents<BulkDeleter>()
	return formAction(request, {
		permit,
		intents: {
			delete: form({
				permission: 'delete',
				check: confirmedItems,
				run: async ({ checked }, { user, spec, scope }): Promise<BulkDeleted> => {
					const result = await bulkDelete(getDatabase().db, spec, checked.items, user, scope)
					return result.ok ? result : { ok: false, reason: 'refused', refusals: result.refusals }
				},
				refusals: { refused: ({ refusals }) => ({ status: 409, extra: { refusals } }) },
				done: ({ deleted }, _form, { spec }) => ({
					redirect: bulkState(new URL(request.url), spec).back,
					toast: 'bulk.deleted',
					toastValues: { count: deleted.length },
				}),
			}),
		},
	})
}

export interface RecordLabel {
	id: number
	code: string
	name: string
	/** The record's absolute address, printed under its QR code. */
	url: string
	/** The QR code of `url`, as SVG markup made here. */
	qrSvg: string
}

/**
 * GET …/labels?id=…&id=…(&the list's query): a label to print for each ticked record, with a QR code of
 * its absolute address (PUBLIC_URL, or the request's origin on loopback: the rule of emailed links).
 * Without such an origin the page says so and makes no labels (`origin: false`), as a code pointing at a
 * Host header from anywhere could lead a phone to another site.
 */
export async function bulkLabelsLoader(request: Request, spec: BulkSpec, scope: ProvinceScope = EVERYWHERE) {
	const url = new URL(request.url)
	const t = await getT(request)
	const read = await readSelection(url, spec, scope)
	if (read.error?.problem === 'empty') return nothingTicked(request, url, spec)
	const page = { title: t('labels.title', { catalog: t(spec.titleKey) }), back: bulkState(url, spec).back, max: MAX_SELECTION }
	if (read.error)
		return data({ ...page, labels: [] as RecordLabel[], origin: true, error: read.error as SelectionError | null }, { status: read.status })
	const origin = publicOrigin(request)
	if (!origin) return data({ ...page, labels: [] as RecordLabel[], origin: false, error: null as SelectionError | null })
	const labels: RecordLabel[] = await Promise.all(
		read.rows.map(async ({ id, code, name }) => {
			const address = `${origin}${spec.listPath}/${id}`
			return { id, code, name, url: address, qrSvg: await qrCodeSvg(address) }
		}),
	)
	return data({ ...page, labels, origin: true, error: null as SelectionError | null })
}
