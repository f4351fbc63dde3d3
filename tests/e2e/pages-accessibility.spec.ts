import { LANGUAGES as APP_LANGUAGES } from '../../app/i18n/languages'
import { expectNoAxeViolations } from './axe'
import { ensureDemoData } from './catalogs-support'
import { addNotifications } from './database'
import { expectEveryPageSwept, scanKeptForm, scanSignedInPages, scanSignedOutPages, sweepUser } from './every-page'
import { chooseLayout, dropdown, topBar } from './shell-support'
import { LANGUAGES, catalogTexts, escapeRegExp, expect, messages, open, test, type Language, startSession } from './support'

// Runs in the `js` project only (the config's accessibility pattern); pages-accessibility.nojs-only.spec.ts
// walks the same pages once without JavaScript.
// Reduced motion: a toast still fading in would be measured at half its contrast.
test.use({ reducedMotion: 'reduce' })
// One test walks some thirty pages, each checked by axe: minutes on a busy two-core machine.
test.describe.configure({ timeout: 300_000 })

test.beforeAll(() => ensureDemoData())

// Hydrated, in English and dark mode, axe at 390 px wide; pages-accessibility.nojs-only.spec.ts walks the
// same pages without JavaScript in Vietnamese and light mode at the desktop's size, so each language, each
// colour mode (contrast follows the mode, wording and its length the language), each way of serving and each
// size is checked once. Both also check every page at the two phone sizes (tests/e2e/phone-checks.ts). The four hydrated pairings
// cost two minutes of the suite's time (its 20-minute budget); the dashboard is also checked hydrated in
// every other language below.
const SWEEPS = [['en', 'dark']] as const

for (const [language, mode] of SWEEPS) {
	test.describe(`In ${language}, ${mode} mode`, () => {
		test.use({ language })

		test('every page (at 390 px), the forms with their errors, the delete dialog and the import report have no WCAG 2.2 AA violation; every page fits phones', async ({
			page,
		}) => {
			const t = messages(language)
			const user = await sweepUser()
			await addNotifications(user.email, 3)
			await startSession(page, user)
			await open(page, '/dashboard')
			if (mode === 'dark') await chooseLayout(page, t, 'mode', 'dark')
			await expect(page.locator('body')).toHaveAttribute('data-layout-mode', mode)

			await scanSignedInPages(page, t)

			await test.step('a form showing its errors', async () => {
				await open(page, '/danhmuc/tram/new')
				await page.getByRole('button', { name: t.catalog.create, exact: true }).click()
				await expect(page.getByRole('alert')).toContainText(t.validation.summaryTitle)
				await expectNoAxeViolations(page, '#main')
			})
			await test.step('the delete dialog of a record', async () => {
				await open(page, '/danhmuc/tram')
				await page.getByRole('main').getByRole('rowheader').first().getByRole('link').click()
				await page.getByRole('button', { name: catalogTexts(language, 'stations').delete }).click()
				await expect(page.getByRole('dialog')).toBeVisible()
				await expectNoAxeViolations(page, '#main')
			})
			await test.step('the report of a refused import', async () => {
				await open(page, '/congcu/list/import')
				await page
					.getByLabel(t.csv.file, { exact: true })
					.setInputFiles({ name: 'du-lieu.csv', mimeType: 'text/csv', buffer: Buffer.from('code,name\r\nA,B\r\n') })
				await page.getByRole('button', { name: t.csv.submit, exact: true }).click()
				await expect(page.getByRole('alert')).toContainText(t.csv.refusedTitle)
				await expectNoAxeViolations(page, '#main')
			})

			await test.step('the notification form after a user search, showing its errors', async () => {
				await open(page, '/admin/notifications')
				const form = page.getByRole('form', { name: t.admin.notifications.compose })
				await form.getByRole('radio', { name: t.admin.notifications.audience.users }).check()
				await form.getByLabel(t.admin.notifications.findUsers).fill(user.email)
				await form.getByRole('button', { name: t.admin.notifications.find }).click()
				await form.getByRole('checkbox', { name: new RegExp(escapeRegExp(user.email)) }).check()
				await form.getByRole('button', { name: t.admin.notifications.send }).click()
				await expect(form.getByLabel(t.admin.notifications.fields.title)).toHaveAttribute('aria-invalid', 'true')
				await expectNoAxeViolations(page, '#main')
			})

			await scanKeptForm(page, t, user)
			await scanSignedOutPages(page, t, user)

			await test.step('the sign-in page showing an error', async () => {
				await open(page, '/account/login')
				await page.getByRole('button', { name: t.login.submit, exact: true }).click()
				await expect(page.getByLabel(t.login.email, { exact: true })).toHaveAttribute('aria-invalid', 'true')
				await expectNoAxeViolations(page, '#main')
			})
			expectEveryPageSwept()
		})
	})
}

test.describe('The dashboard', () => {
	test.use({ language: 'en' })

	test('in every other language, chosen in the top bar, has no WCAG 2.2 AA violation', async ({ page }) => {
		const user = await sweepUser()
		await startSession(page, user)
		await open(page, '/dashboard')
		let current: Language = 'en'
		for (const language of LANGUAGES.filter((code) => code !== 'vn' && code !== 'en')) {
			await test.step(language, async () => {
				const name = APP_LANGUAGES.find((entry) => entry.code === language)!.name
				const languages = dropdown(topBar(page), messages(current).language.change)
				await languages.open()
				await languages.panel.getByRole('button', { name: new RegExp(`^${name}`) }).click()
				await expect(page.getByRole('heading', { level: 1, name: messages(language).dashboard.title })).toBeVisible()
				await expect(page.getByRole('progressbar')).toHaveCount(0)
				current = language
				await expectNoAxeViolations(page)
			})
		}
	})
})
