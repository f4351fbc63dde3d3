import { randomBytes } from 'node:crypto'
import { type HTMLElement, type Node, TextNode } from 'node-html-parser'
import { expect } from 'vitest'
import { STATION_FIELDS } from '~/catalogs/stations/stations'
import { getDb } from '~/db/db.server'
import { vn } from '~/i18n/messages'
import { STATION_ROW, TOOL_ROW } from './catalog-rows'
import { TestClient } from './client'
import { parseHtml, rowHeaderLinks } from './html'
import type { RunningServer } from './server'
import { createTestUser } from './users'

/** Helpers for the catalog tests: accounts by role, form fields, and reading the rendered HTML. */

import type { ProvinceCode } from '~/catalogs/provinces'

export { vn }

/** A signed-in client with the given roles (Vietnamese, the default language). */
export async function signedIn(server: RunningServer, roles: string[], scopes?: ReadonlyMap<string, ProvinceCode[]>) {
	const account = await createTestUser({ roles, scopes, prefix: roles.join('-') || 'none' })
	const client = new TestClient(server.url)
	expect((await client.signIn(account.email, account.password)).status).toBe(302)
	return { ...account, client, actor: { id: account.user.id, email: account.email } }
}

let sequence = 0

/** A code nobody else uses (upper-case letters, digits, hyphens). */
export function uniqueCode(prefix = 'T') {
	sequence += 1
	return `${prefix}-${randomBytes(3).toString('hex').toUpperCase()}${sequence}`
}

export function stationFields(overrides: Record<string, string> = {}): Record<string, string> {
	return { ...STATION_ROW, code: uniqueCode('ST'), ...overrides }
}

export function toolFields(overrides: Record<string, string> = {}): Record<string, string> {
	return { ...TOOL_ROW, code: uniqueCode('CC'), ...overrides }
}

let itemSequence = 0

/** A reference list item code nobody else uses (lower-case letters, digits, underscores). */
export function itemCode(prefix: string) {
	itemSequence += 1
	return `${prefix}_${Date.now().toString(36)}${itemSequence}`
}

/** A reference list item's form (station types, tool categories). */
export function itemFields(overrides: Record<string, string> = {}): Record<string, string> {
	return {
		code: itemCode('t'),
		labelVn: 'Trạm điện mặt trời',
		labelEn: 'Solar farm',
		labelEs: '',
		labelDe: '',
		labelIt: '',
		labelRu: '',
		sortOrder: '60',
		...overrides,
	}
}

/** Text as React writes it into HTML (text and attribute values). */
export function escapeHtml(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;')
}

export function unescapeHtml(text: string): string {
	return text
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&quot;/g, '"')
		.replace(/&#x27;/g, "'")
		.replace(/&#39;/g, "'")
		.replace(/&amp;/g, '&')
}

/** The first form control (input, select, textarea) named `name` on the page. */
function control(page: HTMLElement, name: string): HTMLElement {
	const found = page.querySelectorAll('input, select, textarea').find((element) => element.getAttribute('name') === name)
	if (!found) throw new Error(`no control named ${name}`)
	return found
}

/** The translated error shown for a field (by its aria-describedby error element), or null. */
export function fieldError(html: string, name: string): string | null {
	const page = parseHtml(html)
	const field = control(page, name)
	const id = field.getAttribute('id')
	if (!id) return null
	const error = page.querySelectorAll('[id]').find((element) => element.getAttribute('id') === `${id}-error`)
	if (!error) return null
	expect(field.getAttribute('aria-invalid')).toBe('true')
	expect(field.getAttribute('aria-describedby')?.split(' ')).toContain(`${id}-error`)
	return error.text
}

/** The value a rendered form shows for a field (input value, selected option, textarea text). */
export function fieldValue(html: string, name: string): string {
	const field = control(parseHtml(html), name)
	if (field.tagName === 'INPUT') return field.getAttribute('value') ?? ''
	if (field.tagName === 'TEXTAREA') return field.text
	return (
		field
			.querySelectorAll('option')
			.find((option) => option.hasAttribute('selected'))
			?.getAttribute('value') ?? ''
	)
}

/** The record codes a list page shows, in order (the row headers' links). */
export function listedCodes(html: string): string[] {
	return rowHeaderLinks(html)
}

/** The role="status" texts of a page (a success message), as a reader hears them. */
export function statuses(html: string): string {
	return parseHtml(html)
		.querySelectorAll('[role="status"]')
		.map((status) => spokenText(status))
		.join(' | ')
}

/** The role="alert" texts of a page (form-level errors, refusals), each with its words spaced as a reader hears them. */
export function alerts(html: string): string {
	return parseHtml(html)
		.querySelectorAll('[role="alert"]')
		.map((alert) => spokenText(alert))
		.join(' | ')
}

/** The text of an element, its pieces (text in different elements) separated by a space, runs of white space made one. */
function spokenText(element: HTMLElement): string {
	const pieces: string[] = []
	const walk = (node: Node) => {
		if (node instanceof TextNode) pieces.push(node.text)
		else node.childNodes.forEach(walk)
	}
	walk(element)
	return pieces.join(' ').replace(/\s+/g, ' ').trim()
}

/** i18next's `{{name}}` placeholders filled in. */
export function format(message: string, values: Record<string, string | number>): string {
	return message.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? ''))
}

/** GETs a page the way a browser does: following redirects (a list's address is made canonical by one). */
export async function getPage(client: TestClient, path: string): Promise<Response> {
	let response = await client.get(path)
	for (let hops = 0; hops < 5 && response.status >= 300 && response.status < 400; hops++) {
		const next = response.headers.get('Location')
		if (!next) break
		response = await client.get(next)
	}
	return response
}

/** POSTs a file as the import form does (multipart, field `file`, with the form's CSRF token). */
export async function uploadCsv(client: TestClient, path: string, content: string | Uint8Array<ArrayBuffer>, fileName = 'data.csv') {
	const form = new FormData()
	form.set('csrf', await client.csrfToken())
	form.set('file', new Blob([content], { type: 'text/csv' }), fileName)
	return client.request(path, { method: 'POST', body: form })
}

/** The rows of the import report: [line, column, problem]. */
/** A stations file over 2 MB (imported in the background): 8,000 rows `<prefix>-<n>`, the last with `lastStatus`. */
export function bulkStationsCsv(prefix: string, lastStatus = 'active') {
	// Long notes make the file big with few rows: what decides is its size, and rows cost time.
	const note = 'Ghi chú về trạm: lịch bảo dưỡng; đường vào; người liên hệ. '.repeat(5)
	const rows = Array.from({ length: 8_000 }, (_, i) => `${prefix}-${i},Trạm số ${i} ở Huế,bts,hue,,,,active,,${note},`)
	rows[rows.length - 1] = `${prefix}-LAST,Trạm cuối,bts,hue,,,,${lastStatus},,,`
	const text = [STATION_FIELDS.join(','), ...rows].join('\n')
	expect(text.length).toBeGreaterThan(2 * 1024 * 1024)
	return text
}

/** How many stations the database holds whose code starts with `<prefix>-`. */
export async function stationsCoded(prefix: string): Promise<number> {
	const row = await getDb()
		.selectFrom('stations')
		.select((eb) => eb.fn.countAll<number>().as('n'))
		.where('code', 'like', `${prefix}-%`)
		.executeTakeFirstOrThrow()
	return Number(row.n)
}

export function reportRows(html: string): [number, string, string][] {
	return parseHtml(html)
		.querySelectorAll('table.import-report > tbody > tr')
		.map((row): [number, string, string] => {
			const [column, problem] = row.querySelectorAll(':scope > td')
			return [
				Number(row.querySelector(':scope > th[scope="row"]')?.text),
				column?.querySelector(':scope > code')?.text ?? '',
				problem?.text ?? '',
			]
		})
}
