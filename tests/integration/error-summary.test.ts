import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { HTMLElement } from 'node-html-parser'
import { TestClient } from '../support/client'
import { signedIn, stationFields, toolFields, vn } from '../support/catalogs'
import { parseHtml } from '../support/html'
import { startServer, type RunningServer } from '../support/server'

/**
 * A refused form follows the GOV.UK error pattern, here as a browser without JavaScript gets it: the
 * page title starts with "Lỗi:", an error summary comes first in the form, is focused on load
 * (`autofocus`), and links each field's error to that field.
 */

let server: RunningServer
let admin: Awaited<ReturnType<typeof signedIn>>

beforeAll(async () => {
	server = await startServer()
	admin = await signedIn(server, ['admin'])
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

interface Summary {
	title: string
	summary: HTMLElement
	links: Array<{ text: string; target: string }>
	page: HTMLElement
}

/** The refused page: its status must be a 4xx, and it must carry exactly one error summary. */
async function refused(response: Response): Promise<Summary> {
	const html = await response.text()
	expect(response.status, html.slice(0, 300)).toBeGreaterThanOrEqual(400)
	expect(response.status).toBeLessThan(500)
	const page = parseHtml(html)
	const summaries = page.querySelectorAll('.error-summary')
	expect(summaries).toHaveLength(1)
	const summary = summaries[0]!
	return {
		title: page.querySelector('title')?.text ?? '',
		summary,
		links: summary.querySelectorAll('a').map((link) => ({ text: link.text, target: link.getAttribute('href') ?? '' })),
		page,
	}
}

/** Every link of the summary leads to one control (or group of controls) of the page, and ids are unique. */
function expectLinkedFields(refusal: Summary) {
	const ids = refusal.page.querySelectorAll('[id]').map((element) => element.id)
	expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([])
	for (const link of refusal.links) {
		expect(link.target).toMatch(/^#field-/)
		const target = refusal.page.getElementById(link.target.slice(1))
		expect(target, link.target).not.toBeNull()
		expect(['INPUT', 'SELECT', 'TEXTAREA', 'FIELDSET']).toContain(target!.tagName)
	}
}

function expectSummaryRole(refusal: Summary) {
	expect(refusal.title.startsWith(vn.validation.errorTitlePrefix)).toBe(true)
	expect(refusal.summary.getAttribute('role')).toBe('alert')
	expect(refusal.summary.hasAttribute('autofocus')).toBe(true)
	expect(refusal.summary.getAttribute('tabindex')).toBe('-1')
	// Nothing else on the page asks for focus first.
	expect(refusal.page.querySelectorAll('[autofocus]')[0]).toBe(refusal.summary)
}

const item = (label: string, message: string) => `${label}: ${message}`

describe('a refused form, without JavaScript', () => {
	test('sign-in with empty fields: both fields listed and linked, title "Lỗi:"', async () => {
		const client = new TestClient(server.url)
		const refusal = await refused(await client.post('/account/login', { email: '', password: '' }))
		expectSummaryRole(refusal)
		expectLinkedFields(refusal)
		expect(refusal.summary.querySelector('h2')?.text).toBe(vn.validation.summaryTitle)
		expect(refusal.links.map((link) => link.target)).toEqual(['#field-email', '#field-password'])
		expect(refusal.links[0]!.text).toBe(item(vn.login.email, vn.validation.required))
		const email = refusal.page.getElementById('field-email')!
		expect(email.getAttribute('aria-invalid')).toBe('true')
	})

	test('wrong credentials: the form-level message is listed, without a link', async () => {
		const client = new TestClient(server.url)
		const refusal = await refused(await client.post('/account/login', { email: 'nobody@example.com', password: 'not the password' }))
		expectSummaryRole(refusal)
		expect(refusal.links).toEqual([])
		expect(refusal.summary.querySelectorAll('li').map((entry) => entry.text)).toEqual([vn.login.invalidCredentials])
	})

	test('a station with a bad code and no name: the catalog form lists both, in form order', async () => {
		const refusal = await refused(await admin.client.post('/danhmuc/tram/new', stationFields({ code: 'bad code', name: '' })))
		expectSummaryRole(refusal)
		expectLinkedFields(refusal)
		expect(refusal.links.map((link) => link.target)).toEqual(['#field-code', '#field-name'])
		expect(refusal.links[0]!.text).toBe(item(vn.stations.fields.code, vn.catalog.errors.codeFormat))
		// The values typed are kept.
		expect(refusal.page.getElementById('field-code')?.getAttribute('value')).toBe('bad code')
	})

	test('a tool with a station that does not exist links to the station field', async () => {
		const refusal = await refused(await admin.client.post('/congcu/list/new', toolFields({ stationId: 'NO-SUCH-STATION' })))
		expectSummaryRole(refusal)
		expectLinkedFields(refusal)
		expect(refusal.links.map((link) => link.target)).toEqual(['#field-stationId'])
		expect(refusal.links[0]!.text.startsWith(`${vn.tools.fields.stationId}: `)).toBe(true)
	})

	test('a user with an invalid email and no role, and a notification without a title: groups of checkboxes are linked too', async () => {
		const user = await refused(
			await admin.client.post('/admin/users/new', { intent: 'create', email: 'not-an-email', displayName: 'X', roles: 'no-such-role' }),
		)
		expectSummaryRole(user)
		expectLinkedFields(user)
		expect(user.links.map((link) => link.target)).toContain('#field-email')
		expect(user.links.map((link) => link.target)).toContain('#field-roles')

		const untitled = await refused(
			await admin.client.post('/admin/notifications', { intent: 'send', title: '', body: 'Nội dung', audience: 'everyone' }),
		)
		expectSummaryRole(untitled)
		expectLinkedFields(untitled)
		expect(untitled.links.map((link) => link.target)).toEqual(['#field-title'])
		const toNoRole = await refused(
			await admin.client.post('/admin/notifications', { intent: 'send', title: 'Tiêu đề', body: 'Nội dung', audience: 'roles' }),
		)
		expectSummaryRole(toNoRole)
		expectLinkedFields(toNoRole)
		expect(toNoRole.links.map((link) => link.target)).toEqual(['#field-roles'])
	})

	test('a role and a menu function with empty codes', async () => {
		const role = await refused(await admin.client.post('/admin/roles/new', { code: '', name: '' }))
		expectSummaryRole(role)
		expectLinkedFields(role)
		expect(role.links.map((link) => link.target)).toEqual(['#field-code', '#field-name'])

		const fn = await refused(await admin.client.post('/admin/functions/new', { intent: 'update', code: '', sortOrder: 'ten' }))
		expectSummaryRole(fn)
		expectLinkedFields(fn)
		expect(fn.links.map((link) => link.target)).toEqual(expect.arrayContaining(['#field-code', '#field-sortOrder']))
	})

	test('a wrong current password on the change-password page', async () => {
		const refusal = await refused(
			await admin.client.post('/account/change-password', {
				currentPassword: 'not my password',
				newPassword: 'A long new passphrase 2026!',
				confirmPassword: 'A long new passphrase 2026!',
			}),
		)
		expectSummaryRole(refusal)
		expectLinkedFields(refusal)
		expect(refusal.links.map((link) => link.target)).toEqual(['#field-currentPassword'])
	})

	test('the profile page: each of its forms reports into the one summary at the top', async () => {
		const language = await refused(await admin.client.post('/contacts/profile', { intent: 'language', preferredLanguage: 'klingon' }))
		expectSummaryRole(language)
		expectLinkedFields(language)
		expect(language.links.map((link) => link.target)).toEqual(['#field-preferredLanguage'])
		expect(language.links[0]!.text.startsWith(`${vn.profile.preferredLanguage}: `)).toBe(true)

		const zone = await refused(await admin.client.post('/contacts/profile', { intent: 'time-zone', timeZone: 'Mars/Base' }))
		expectSummaryRole(zone)
		expectLinkedFields(zone)
		expect(zone.links.map((link) => link.target)).toEqual(['#field-timeZone'])
	})

	test('a CSV file that cannot be imported: the report is the summary, with its own heading', async () => {
		const form = new FormData()
		form.set('csrf', await admin.client.csrfToken())
		form.set('file', new Blob(['not,a,station,file\r\n1,2,3,4\r\n'], { type: 'text/csv' }), 'wrong.csv')
		const refusal = await refused(await admin.client.request('/danhmuc/tram/import', { method: 'POST', body: form }))
		expectSummaryRole(refusal)
		expect(refusal.summary.querySelector('h2')?.text).toBe(vn.csv.refusedTitle)
	})

	test('the same pages, read or sent successfully, have neither the summary nor "Lỗi:"', async () => {
		for (const path of ['/danhmuc/tram/new', '/admin/users/new', '/admin/notifications']) {
			const response = await admin.client.get(path)
			const page = parseHtml(await response.text())
			expect(response.status).toBe(200)
			expect(page.querySelector('title')?.text.startsWith(vn.validation.errorTitlePrefix)).toBe(false)
			expect(page.querySelectorAll('.error-summary')).toEqual([])
		}
		const signIn = await new TestClient(server.url).get('/account/login')
		expect(signIn.status).toBe(200)
		expect(parseHtml(await signIn.text()).querySelectorAll('.error-summary')).toEqual([])
	})
})
