import fs from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { expectDropdownsOnPhones, expectFitsPhones, expectLabelsOfTickedRecords, expectRoleMatrixOnPhone } from './phone-checks'
import { endSessionsByIdleTimeout } from './database'
import { javaScriptEnabled, signOutFromMenu } from './shell-support'
import { ROOT_DIR } from './env.mjs'
import { CATALOGS, catalogRoutes } from '../../app/catalogs/registry.js'
import { createUser, expect, open, resetPasswordPath, submitSignIn, test, type Messages, type TestUser } from './support'

/**
 * The sweep over every page of the portal, walked by one user allowed everything, signed in once: axe, and
 * the phone checks at 390 and 360 px (phone-checks.ts). The first page of each frame (the app shell, the
 * account pages, the error page) is checked whole by axe; after that only `#main`, as the frame around it is
 * the same.
 */

/**
 * What the sweep checks on each page it arrives at: axe in `include` (the whole page when absent), and the
 * phones. Without JavaScript axe checks the page at the desktop's size, with it at the first phone size: each
 * size once, for the cost of one axe run a page.
 */
async function checkPage(page: Page, include?: string, { list = false }: { list?: boolean } = {}) {
	swept.add(new URL(page.url()).pathname)
	if (!javaScriptEnabled()) await expectNoAxeViolations(page, include)
	await expectFitsPhones(page, { list, axe: javaScriptEnabled() ? { include } : undefined })
}

/** The paths the sweep has checked (expectEveryPageSwept compares them with the route files). */
const swept = new Set<string>()

/** A user allowed every page. */
export async function sweepUser(): Promise<TestUser> {
	return createUser({ prefix: 'axe-sweep', roles: ['admin', 'operator'] })
}

/** Opens a page of the signed-in user and checks its main content (its level-1 heading shows it arrived). */
async function scanMain(page: Page, path: string, { list = false } = {}) {
	await test.step(path, async () => {
		const response = await open(page, path)
		expect(response?.status(), `GET ${path}`).toBe(200)
		await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
		await checkPage(page, '#main', { list })
	})
}

/** A list, then the record its first row leads to; the record's id. */
async function scanListAndFirstRecord(page: Page, path: string): Promise<string> {
	await scanMain(page, path, { list: true })
	return test.step(`${path}: the first record`, async () => {
		await page.getByRole('main').getByRole('rowheader').first().getByRole('link').first().click()
		await expect(page).toHaveURL(new RegExp(`^[^?]*${path}/\\d+$`))
		await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
		await checkPage(page, '#main')
		return new URL(page.url()).pathname.split('/').at(-1)!
	})
}

/** Every page that needs a session, the dashboard first (checked whole: the shell with it). */
export async function scanSignedInPages(page: Page, t: Messages) {
	await test.step('/dashboard, with the shell', async () => {
		await open(page, '/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: t.dashboard.title })).toBeVisible()
		await checkPage(page)
		await expectDropdownsOnPhones(page)
	})
	for (const catalog of ['/danhmuc/tram', '/congcu/list']) {
		const id = await scanListAndFirstRecord(page, catalog)
		await scanMain(page, `${catalog}?q=nothing-matches-this`)
		await scanMain(page, `${catalog}/new`)
		await scanMain(page, `${catalog}/import`)
		await scanMain(page, `${catalog}/bulk-delete?id=${id}`)
		await test.step(`${catalog}: the labels of two ticked records, on a phone`, async () => {
			await expectLabelsOfTickedRecords(page, t, catalog)
			await checkPage(page, '#main')
		})
	}
	for (const list of ['/danhmuc/loaitram', '/congcu/nhom']) {
		const id = await scanListAndFirstRecord(page, list)
		await scanMain(page, `${list}/new`)
		await scanMain(page, `${list}/import`)
		await scanMain(page, `${list}/bulk-delete?id=${id}`)
	}
	for (const admin of ['/admin/users', '/admin/roles', '/admin/functions']) {
		const id = await scanListAndFirstRecord(page, admin)
		await scanMain(page, `${admin}/new`)
		if (admin === '/admin/roles') await scanMain(page, `${admin}/${id}/menu`)
	}
	await test.step('the permission matrix of a role, on a phone', async () => {
		await expectRoleMatrixOnPhone(page, t)
	})
	// Lists without a record page of their own: their first record in the first screen too. The
	// announcements page is not one: its first screen is the form that sends one, what was sent under it.
	for (const path of ['/admin/audit', '/notifications']) {
		await scanMain(page, path, { list: true })
	}
	for (const path of [
		'/admin/notifications',
		'/contacts/profile',
		'/account/security',
		'/search?q=tram',
		'/account/change-password',
		'/account/logout',
	]) {
		await scanMain(page, path)
	}
}

/** The form kept when the session had ended, offered after signing in again. */
export async function scanKeptForm(page: Page, t: Messages, user: TestUser) {
	await test.step('/account/kept-form', async () => {
		await open(page, '/contacts/profile')
		await endSessionsByIdleTimeout(user.email)
		await page.getByRole('region', { name: t.profile.details }).getByRole('button', { name: t.profile.save }).click()
		await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Faccount%2Fkept-form/)
		await submitSignIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: t.keptForm.title })).toBeVisible()
		await checkPage(page, '#main')
	})
}

/** Signs out, then the account pages (the sign-in page checked whole) and the not-found page. */
export async function scanSignedOutPages(page: Page, t: Messages, user: TestUser) {
	await test.step('/account/login, signed out', async () => {
		await signOutFromMenu(page, t)
		await expect(page.getByRole('heading', { level: 1, name: t.login.heading })).toBeVisible()
		await checkPage(page)
	})
	await test.step('/account/forgot-password', async () => {
		await open(page, '/account/forgot-password')
		await expect(page.getByRole('heading', { level: 1, name: t.forgotPassword.title })).toBeVisible()
		await checkPage(page, '#main')
	})
	await test.step('/account/reset-password', async () => {
		await open(page, await resetPasswordPath(user))
		await expect(page.getByLabel(t.changePassword.newPassword, { exact: true })).toBeVisible()
		await checkPage(page, '#main')
	})
	await test.step('a page that does not exist', async () => {
		const response = await open(page, '/no-such-page')
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { level: 1, name: t.errors.notFoundTitle })).toBeVisible()
		await checkPage(page)
	})
}

/**
 * The route files that render a page and the sweep does not reach, each with where it is checked instead.
 * Any other page route the sweep has not checked fails expectEveryPageSwept: a new page joins the sweep.
 */
const NOT_SWEPT: Record<string, string> = {
	'_app.tsx': 'the frame of every signed-in page, checked with each of them',
	'_app._index.tsx': '`/` sends a user to the first page of their menu; it renders only for a user granted nothing (route-guards.test.ts)',
	'account.login_.verify.tsx': 'the second-factor step, for a user with a second factor: axe and the phone checks in second-factor.spec.ts',
	'account.oidc.start.tsx': 'single sign-on, with an OpenID provider (single-sign-on.spec.ts)',
	'account.oidc.callback.tsx': 'single sign-on, with an OpenID provider (single-sign-on.spec.ts, sso.test.ts)',
	'settings.language.tsx': 'renders only when a language posted without JavaScript is refused (shell.test.ts)',
	'settings.layout.tsx': 'renders only when a layout setting posted without JavaScript is refused (shell-settings.spec.ts)',
}

/** The path a route file answers, as a pattern: `$id` any segment, `$` anything, `_x` pathless, `x_` not nested. */
function routePattern(file: string): RegExp {
	const segments = file
		.replace(/\.tsx$/, '')
		.split(/\.(?![^[]*\])/)
		.filter((segment) => !segment.startsWith('_'))
		.map((segment) => segment.replace(/_$/, '').replace(/\[([^\]]*)\]/g, '$1'))
		.map((segment) => (segment === '$' ? '.*' : segment.startsWith('$') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
	return new RegExp(`^/${segments.join('/')}$`)
}

/** Every route file that renders a page (a default export; the API's are JSON) is swept or listed in NOT_SWEPT. */
export function expectEveryPageSwept() {
	const folder = path.join(ROOT_DIR, 'app/routes')
	const pages = fs
		.readdirSync(folder)
		.filter(
			(file) =>
				file.endsWith('.tsx') && !file.startsWith('api.') && /^export default /m.test(fs.readFileSync(path.join(folder, file), 'utf8')),
		)
	const missed = pages.filter((file) => !(file in NOT_SWEPT) && ![...swept].some((visited) => routePattern(file).test(visited)))
	// The catalogs' pages come from their registry (decision 0070), each generated route a page of its own.
	const generated = catalogRoutes(Object.values(CATALOGS)).filter((route) => route.layout)
	for (const route of generated) {
		const pattern = new RegExp(`^/${route.path.replace(':id', '[^/]+')}$`)
		if (![...swept].some((visited) => pattern.test(visited))) missed.push(`${route.file} (${route.catalog})`)
	}
	expect(missed, `pages the sweep did not check (of ${[...swept].length} paths checked)`).toEqual([])
	expect(
		Object.keys(NOT_SWEPT).filter((file) => !pages.includes(file)),
		'NOT_SWEPT names files that render no page',
	).toEqual([])
}
