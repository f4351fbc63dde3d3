import fs from 'node:fs'
import path from 'node:path'
import { ROOT_DIR } from './env.mjs'
import { dropdown, topBar } from './shell-support'
import { LANGUAGES, LANGUAGE_TAGS, createUser, currentUrl, escapeRegExp, expect, messages, open, signIn, test } from './support'

const vn = messages('vn')
const en = messages('en')
const de = messages('de')

test.describe('Without a language cookie', () => {
	test('the sign-in page is in Vietnamese', async ({ page }) => {
		await open(page, '/account/login')

		await expect(page.locator('html')).toHaveAttribute('lang', 'vi')
		await expect(page.getByRole('heading', { level: 1, name: 'Đăng nhập Cổng nhân viên' })).toBeVisible()
		await expect(page.getByRole('button', { name: vn.login.submit, exact: true })).toBeVisible()
		await expect(page.getByLabel(vn.language.label)).toHaveValue('vn')
	})

	test('choosing English and Apply shows the same page in English', async ({ page }) => {
		await open(page, '/account/login?redirectTo=%2Fdashboard')
		await expect(page.locator('html')).toHaveAttribute('lang', 'vi')

		await page.getByLabel(vn.language.label).selectOption('en')
		await page.getByRole('button', { name: vn.language.apply }).click()

		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
		await expect(page.getByRole('button', { name: en.login.submit, exact: true })).toBeVisible()
		await expect(page.getByLabel(en.language.label)).toHaveValue('en')
		expect(currentUrl(page).pathname).toBe('/account/login')
		expect(currentUrl(page).params.get('redirectTo')).toBe('/dashboard')

		// The choice is remembered for the next page.
		await open(page, '/no-such-page')
		await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	})
})

test.describe('A signed-in user', () => {
	test.use({ language: 'en' })

	test('who switches to German stays on the dashboard, now in German', async ({ page }) => {
		const user = await createUser({ prefix: 'lang' })
		await signIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()

		// The top bar's language dropdown: one submit button per language.
		const languages = dropdown(topBar(page), en.language.change)
		await languages.open()
		await languages.panel.getByRole('button', { name: /^Deutsch\b/ }).click()

		await expect(page.locator('html')).toHaveAttribute('lang', 'de')
		await expect(page.getByRole('heading', { level: 1, name: de.dashboard.title })).toBeVisible()
		await expect(page).toHaveURL('/dashboard')
		await expect(dropdown(topBar(page), de.language.change).toggle).toContainText('DE')
	})
})

test('the language menu offers the six languages that have a locale file', async ({ page }) => {
	const localeFiles = fs.readdirSync(path.join(ROOT_DIR, 'app', 'locales')).filter((file) => file.endsWith('.json'))
	expect(localeFiles.map((file) => file.replace(/\.json$/, '')).sort()).toEqual([...LANGUAGES].sort())

	await open(page, '/account/login')
	const options = page.getByLabel(vn.language.label).getByRole('option')
	await expect(options).toHaveCount(LANGUAGES.length)
	for (const [index, language] of LANGUAGES.entries()) await expect(options.nth(index)).toHaveAttribute('value', language)
})

for (const language of LANGUAGES) {
	test.describe(`With the language cookie set to ${language}`, () => {
		test.use({ language })

		test(`the sign-in page is in ${language} (<html lang="${LANGUAGE_TAGS[language]}">)`, async ({ page }) => {
			const t = messages(language)

			await open(page, '/account/login')

			await expect(page.locator('html')).toHaveAttribute('lang', LANGUAGE_TAGS[language])
			await expect(page.getByRole('heading', { level: 1, name: t.login.heading })).toBeVisible()
			await expect(page.getByLabel(t.login.email, { exact: true })).toBeVisible()
			await expect(page.getByLabel(t.login.password, { exact: true })).toBeVisible()
			await expect(page.getByRole('button', { name: t.login.submit, exact: true })).toBeVisible()
			await expect(page.getByLabel(t.language.label)).toHaveValue(language)
			await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(t.login.title)} · `))
		})
	})
}
