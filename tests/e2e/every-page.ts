import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { expectDropdownsOnPhones, expectFitsPhones, expectLabelsOfTickedRecords, expectRoleMatrixOnPhone } from './phone-checks'
import { endSessionsByIdleTimeout } from './database'
import { javaScriptEnabled, signOutFromMenu } from './shell-support'
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
	if (!javaScriptEnabled()) await expectNoAxeViolations(page, include)
	await expectFitsPhones(page, { list, axe: javaScriptEnabled() ? { include } : undefined })
}

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

/** A list, then the record its first row leads to. */
async function scanListAndFirstRecord(page: Page, path: string) {
	await scanMain(page, path, { list: true })
	await test.step(`${path}: the first record`, async () => {
		await page.getByRole('main').getByRole('rowheader').first().getByRole('link').first().click()
		await expect(page).toHaveURL(new RegExp(`^[^?]*${path}/\\d+$`))
		await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
		await checkPage(page, '#main')
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
		await scanListAndFirstRecord(page, catalog)
		await scanMain(page, `${catalog}?q=nothing-matches-this`)
		await scanMain(page, `${catalog}/new`)
		await scanMain(page, `${catalog}/import`)
	}
	await test.step('the labels of two ticked stations, on a phone', async () => {
		await expectLabelsOfTickedRecords(page, t, '/danhmuc/tram')
		await checkPage(page, '#main')
	})
	for (const list of ['/danhmuc/loaitram', '/congcu/nhom']) {
		await scanListAndFirstRecord(page, list)
		await scanMain(page, `${list}/new`)
		await scanMain(page, `${list}/import`)
	}
	for (const admin of ['/admin/users', '/admin/roles', '/admin/functions']) {
		await scanListAndFirstRecord(page, admin)
		await scanMain(page, `${admin}/new`)
	}
	await test.step('the permission matrix of a role, on a phone', async () => {
		await expectRoleMatrixOnPhone(page, t)
	})
	for (const path of ['/admin/notifications', '/admin/audit', '/notifications', '/contacts/profile', '/account/security', '/search?q=tram', '/account/change-password', '/account/logout']) {
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
