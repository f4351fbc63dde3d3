import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { test as base, expect, type Locator, type Page } from '@playwright/test'
import { BASE_URL, ROOT_DIR, serverEnv } from './env.mjs'

/** The interface languages: the cookie value (and locale file name) and the `<html lang>` tag it renders. */
export const LANGUAGE_TAGS = { vn: 'vi', en: 'en', es: 'es', de: 'de', it: 'it', ru: 'ru' } as const
export type Language = keyof typeof LANGUAGE_TAGS
export const LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[]

export type Messages = typeof import('../../app/locales/en.json')

/** The UI strings of a language, read from the app's own locale file. */
export function messages(language: Language): Messages {
	return JSON.parse(fs.readFileSync(path.join(ROOT_DIR, 'app', 'locales', `${language}.json`), 'utf8')) as Messages
}

/** Fills in i18next's `{{name}}` placeholders. */
export function format(message: string, values: Record<string, string | number>): string {
	return message.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? `{{${name}}}`))
}

export const en = messages('en')

export const test = base.extend<{
	/**
	 * The `lang` cookie every browser context of the test starts with (also contexts made with
	 * browser.newContext()); null sends none, as on a first visit. Choose with `test.use({ language: 'en' })`.
	 */
	language: Language | null
}>({
	language: [null, { option: true }],
	storageState: async ({ language }, use) => {
		const { hostname } = new URL(BASE_URL)
		await use({
			cookies: language
				? [{ name: 'lang', value: language, domain: hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }]
				: [],
			origins: [],
		})
	},
})

export { expect }

export interface TestUser {
	email: string
	password: string
	name: string
}

/** A policy-valid password nobody else uses. */
export function newPassword(): string {
	return `e2e ${randomBytes(6).toString('hex')} Passwort!`
}

function cli(args: string[]): string {
	try {
		return execFileSync(path.join(ROOT_DIR, 'node_modules', '.bin', 'tsx'), ['app/cli/main.ts', ...args], {
			cwd: ROOT_DIR,
			env: { ...process.env, ...serverEnv },
			encoding: 'utf8',
			stdio: 'pipe',
			timeout: 30_000,
		})
	} catch (error) {
		const { stdout, stderr, message } = error as { stdout?: string; stderr?: string; message: string }
		throw new Error(`CLI ${args[0]} failed: ${message}\n${stdout ?? ''}${stderr ?? ''}`)
	}
}

/**
 * Creates a user with the CLI, as an administrator would: a unique email made of `prefix`, the project
 * (nojs/js) and a random suffix, a fresh password, and a display name. `mustChange` makes the user choose a
 * new password at the first sign-in.
 */
export function createUser({ prefix, mustChange = false }: { prefix: string; mustChange?: boolean }): TestUser {
	const project = test.info().project.name
	const suffix = randomBytes(4).toString('hex')
	const user = {
		email: `${prefix}-${project}-${suffix}@example.com`,
		password: newPassword(),
		name: `Nguyễn ${prefix} ${suffix}`,
	}
	cli([
		'users:create',
		'--email',
		user.email,
		'--password',
		user.password,
		'--name',
		user.name,
		...(mustChange ? ['--must-change'] : []),
	])
	return user
}

/** The strings of the language the page is shown in, from its `<html lang>`. */
export async function pageMessages(page: Page): Promise<Messages> {
	const tag = await page.locator('html').getAttribute('lang')
	const language = LANGUAGES.find((code) => LANGUAGE_TAGS[code] === tag)
	if (!language) throw new Error(`the page has an unexpected <html lang="${tag}">`)
	return messages(language)
}

/** Fills in and sends the sign-in form on the current page (already /account/login). */
export async function submitSignIn(page: Page, email: string, password: string) {
	const t = await pageMessages(page)
	await page.getByLabel(t.login.email, { exact: true }).fill(email)
	await page.getByLabel(t.login.password, { exact: true }).fill(password)
	await page.getByRole('button', { name: t.login.submit, exact: true }).click()
}

/** Opens the sign-in page and signs in; waits until the browser has left the sign-in page. */
export async function signIn(page: Page, email: string, password: string) {
	await page.goto('/account/login')
	await submitSignIn(page, email, password)
	await expect(page).not.toHaveURL(/\/account\/login/)
}

/** The path and query of the page, e.g. `/account/login?redirectTo=%2Fdashboard`. */
export function currentUrl(page: Page) {
	const url = new URL(page.url())
	return { pathname: url.pathname, params: url.searchParams }
}

/** A field shows `message` as its error: marked invalid, and the message is part of its accessible description. */
export async function expectFieldError(field: Locator, message: string) {
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
}
