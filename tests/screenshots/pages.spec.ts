import { execFileSync } from 'node:child_process'
import type { Page } from '@playwright/test'
import fs from 'node:fs'
import path from 'node:path'
import { ROOT_DIR, serverEnv } from '../e2e/env.mjs'
import { cliArguments } from '../support/cli'
import { chooseLayout, openSettingsPanel } from '../e2e/shell-support'
import { catalogTexts, createUser, en, expect, open, signIn, test } from '../e2e/support'

test.use({ language: 'en', reducedMotion: 'reduce' })

const SET = process.env.SCREENSHOT_SET ?? 'current'
/** Where the pictures go: docs/screenshots/<set> unless SCREENSHOT_DIR says otherwise. */
const FOLDER = process.env.SCREENSHOT_DIR ?? path.join(ROOT_DIR, 'docs', 'screenshots', SET)
/** JPEG keeps the committed sets small; SCREENSHOT_TYPE=png for lossless pictures. */
const TYPE = process.env.SCREENSHOT_TYPE === 'png' ? 'png' : 'jpeg'
/** SCREENSHOT_WIDTHS=390 (comma-separated) photographs only those widths. */
const WIDTHS = process.env.SCREENSHOT_WIDTHS ? process.env.SCREENSHOT_WIDTHS.split(',').map(Number) : [320, 390, 768, 1280, 1920]
/** The phone of the field (issue 35): its own pages besides the four every width gets. */
const PHONE = 390

test('the pages a designer reviews, light and dark, at five widths (more pages at a phone’s)', async ({ page }) => {
	execFileSync(process.execPath, cliArguments('db:seed-demo', '--stations', '300', '--tools', '3000'), {
		cwd: ROOT_DIR,
		env: { ...process.env, ...serverEnv },
		stdio: 'inherit',
	})
	const user = await createUser({ prefix: 'screens', roles: ['admin'] })
	await signIn(page, user.email, user.password)
	fs.mkdirSync(FOLDER, { recursive: true })
	const shoot = (name: string) => photograph(page, name)

	for (const mode of ['light', 'dark'] as const) {
		await page.setViewportSize({ width: 1280, height: 800 })
		await open(page, '/dashboard')
		if ((await page.locator('body').getAttribute('data-layout-mode')) !== mode) await chooseLayout(page, en, 'mode', mode)
		for (const width of WIDTHS) {
			await page.setViewportSize({ width, height: 900 })
			await open(page, '/dashboard')
			await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
			await shoot(`dashboard-${mode}-${width}`)
			await open(page, '/congcu/list')
			await expect(page.getByRole('table')).toBeVisible()
			await shoot(`tools-${mode}-${width}`)
			await open(page, '/danhmuc/tram?q=zzzz-nothing')
			await shoot(`stations-empty-${mode}-${width}`)
			await open(page, '/danhmuc/tram/new')
			await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
			await expect(page.getByRole('alert')).toBeVisible()
			await shoot(`station-form-errors-${mode}-${width}`)
			if (width === PHONE) {
				await open(page, '/danhmuc/tram')
				await shoot(`stations-${mode}-${width}`)
				await page
					.getByRole('search', { name: catalogTexts('en', 'stations').searchForm })
					.locator('summary')
					.click()
				await shoot(`stations-filters-${mode}-${width}`)
				await page.getByRole('main').getByRole('rowheader').first().getByRole('link').click()
				await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
				await shoot(`station-${mode}-${width}`)
				await open(page, '/admin/roles')
				await page.getByRole('main').getByRole('rowheader').getByRole('link', { name: 'operator', exact: true }).click()
				await expect(page.getByRole('main').getByRole('table')).toBeVisible()
				await shoot(`role-${mode}-${width}`)
				await shootPhonePages(page, mode, shoot)
			}
		}
		await page.setViewportSize({ width: 1280, height: 900 })
		await open(page, '/dashboard')
		await openSettingsPanel(page, en)
		await shoot(`settings-panel-${mode}-1280`)
	}
})

/** The whole page, once its fonts have loaded, into FOLDER as `<name>.jpg` (or .png). */
async function photograph(page: Page, name: string) {
	await page.evaluate(() => document.fonts.ready)
	const file = path.join(FOLDER, `${name}.${TYPE === 'png' ? 'png' : 'jpg'}`)
	await page.screenshot({ path: file, type: TYPE, ...(TYPE === 'jpeg' ? { quality: 70 } : {}), fullPage: true, animations: 'disabled' })
}

/** The other pages a field user meets on a phone: lists, their own account, labels, the settings panel and the sign-in page. */
async function shootPhonePages(page: Page, mode: 'light' | 'dark', shoot: (name: string) => Promise<void>) {
	for (const [name, address] of [
		['users', '/admin/users'],
		['audit', '/admin/audit'],
		['notifications', '/notifications'],
		['profile', '/contacts/profile'],
		['security', '/account/security'],
	] as const) {
		await open(page, address)
		await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toBeVisible()
		await shoot(`${name}-${mode}-${PHONE}`)
	}
	await open(page, '/congcu/list')
	const rows = page.getByRole('main').locator('tbody tr')
	for (const index of [0, 1, 2]) await rows.nth(index).getByRole('checkbox').check()
	await page.getByRole('button', { name: en.labels.print }).click()
	await expect(page.getByRole('list', { name: en.labels.sheet }).getByRole('listitem')).toHaveCount(3)
	await shoot(`labels-${mode}-${PHONE}`)
	await open(page, '/dashboard')
	await openSettingsPanel(page, en)
	await shoot(`settings-panel-${mode}-${PHONE}`)
	// Signed out, with the same layout settings: a new context given every cookie but the session.
	const context = await page
		.context()
		.browser()!
		.newContext({ viewport: { width: PHONE, height: 900 }, reducedMotion: 'reduce' })
	await context.addCookies((await page.context().cookies()).filter((cookie) => !cookie.name.endsWith('sp_session')))
	const signedOut = await context.newPage()
	await open(signedOut, '/account/login')
	await expect(signedOut.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
	await photograph(signedOut, `sign-in-${mode}-${PHONE}`)
	await context.close()
}
