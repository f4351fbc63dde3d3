import { randomBytes } from 'node:crypto'
import path from 'node:path'
import { test as base, expect, type BrowserContext, type Locator, type Page, type WebError } from '@playwright/test'
import type { Messages } from '../../app/i18n/messages'
import { readMessages } from '../support/locale-files'
import type * as Accounts from './accounts.server'
import { BASE_URL, ROOT_DIR, serverEnv } from './env.mjs'

/** The interface languages: the cookie value (and locale file name) and the `<html lang>` tag it renders. */
export const LANGUAGE_TAGS = { vn: 'vi', en: 'en', es: 'es', de: 'de', it: 'it', ru: 'ru' } as const
export type Language = keyof typeof LANGUAGE_TAGS
export const LANGUAGES = Object.keys(LANGUAGE_TAGS) as Language[]

export type { Messages }

/** The UI strings of a language, as the app has them (its locale file and the catalogs' own texts). */
export function messages(language: Language): Messages {
	return readMessages(language) as unknown as Messages
}

/** Fills in i18next's `{{name}}` placeholders. */
export function format(message: string, values: Record<string, string | number>): string {
	return message.replace(/\{\{(\w+)\}\}/g, (_all, name: string) => String(values[name] ?? `{{${name}}}`))
}

export const en = messages('en')

/** Uncaught errors of each browser context's pages, as `message (url)`. */
const browserErrors = new WeakMap<BrowserContext, string[]>()

/**
 * The abort of a request the router no longer needs, when a navigation (signing out from the menu, say)
 * interrupts a revalidation: React Router's single fetch lets that rejection go uncaught (upstream
 * remix-run/react-router#14203), though nothing failed. Our own code aborts nothing.
 */
function isInterruptedRequest(error: Error) {
	return error.name === 'AbortError' || error.message === 'signal is aborted without reason'
}

function recordBrowserErrors(context: BrowserContext): string[] {
	const errors: string[] = []
	browserErrors.set(context, errors)
	context.on('weberror', (webError) => {
		if (isInterruptedRequest(webError.error())) return
		errors.push(`${webError.error().message} (${webError.page()?.url() ?? 'no page'})`)
	})
	return errors
}

/** Browser contexts a helper opened for the running test (a worker runs one test at a time). */
const openedForTest = new Set<BrowserContext>()

/**
 * Closes a browser context a helper opened (axe's scriptless copy, say) when the test ends, before its own
 * context, and waits for it: a close left running would race the worker's teardown closing the browser.
 */
export function closeWhenTestEnds(context: BrowserContext) {
	openedForTest.add(context)
}

export const test = base.extend<{
	/**
	 * The `lang` cookie every browser context of the test starts with (also contexts made with
	 * browser.newContext()); null sends none, as on a first visit. Choose with `test.use({ language: 'en' })`.
	 */
	language: Language | null
	/** A page in a second, separate browser context: another browser of the same person, with its own cookies. */
	secondPage: Page
	/** Every test also checks that no page threw an uncaught error in the browser. */
	noBrowserErrors: void
}>({
	language: [null, { option: true }],
	storageState: async ({ language }, provide) => {
		const { hostname } = new URL(BASE_URL)
		await provide({
			cookies: language
				? [{ name: 'lang', value: language, domain: hostname, path: '/', expires: -1, httpOnly: false, secure: false, sameSite: 'Lax' }]
				: [],
			origins: [],
		})
	},
	secondPage: async ({ browser }, provide) => {
		const context = await browser.newContext()
		const errors = recordBrowserErrors(context)
		await provide(await context.newPage())
		await context.close()
		expect(errors, 'uncaught errors in the second browser').toEqual([])
	},
	noBrowserErrors: [
		async ({ context }, provide) => {
			const errors = recordBrowserErrors(context)
			await provide()
			await Promise.all([...openedForTest].map((opened) => opened.close()))
			openedForTest.clear()
			expect(errors, 'uncaught errors in the browser').toEqual([])
		},
		{ auto: true },
	],
})

export { expect }
/** A text as the app renders it in `language` (plural forms, number format). */
export { catalogTexts, translate } from '../support/translate'

function javaScriptEnabled(): boolean {
	return test.info().project.use.javaScriptEnabled !== false
}

/**
 * Waits until the page's JavaScript has taken over (Remix has hydrated it and every start-up effect has run:
 * `<html data-hydrated>`), so that in the `js` project the
 * test drives the client-side app rather than the plain HTML that is there before. Fails at once when a page
 * throws instead. Nothing to wait for without JavaScript.
 */
export async function waitForApp(page: Page) {
	if (!javaScriptEnabled()) return
	const isHydrated = () => document.documentElement.hasAttribute('data-hydrated')
	if (await page.evaluate(isHydrated)) return
	const context = page.context()
	const errors = browserErrors.get(context) ?? []
	let onError: ((webError: WebError) => void) | undefined
	const threw = new Promise<string>((resolve) => {
		const fail = () => resolve(`not hydrated; uncaught errors: ${errors.join('; ')}`)
		onError = (webError) => {
			if (!isInterruptedRequest(webError.error())) fail()
		}
		if (errors.length > 0) fail()
		else context.on('weberror', onError)
	})
	const hydrated = page
		.waitForFunction(isHydrated, undefined, { timeout: 10_000 })
		.then(() => 'hydrated')
		.catch((error: Error) => `not hydrated: ${error.message.split('\n')[0]}`)
	const outcome = await Promise.race([hydrated, threw])
	if (onError) context.off('weberror', onError)
	expect(outcome, `the JavaScript of ${page.url()} should start`).toBe('hydrated')
}

/** Opens `url` like a visitor typing it, and waits until the page is ready to use (see waitForApp). */
export async function open(page: Page, url: string) {
	const response = await page.goto(url)
	await waitForApp(page)
	return response
}

export interface TestUser {
	email: string
	password: string
	name: string
}

/** A policy-valid password nobody else uses. */
export function newPassword(): string {
	return `e2e ${randomBytes(6).toString('hex')} Passwort!`
}

/** Fills and sends the change-password form (already open) in English; returns the new password. */
export async function submitPasswordChange(page: Page, currentPassword: string): Promise<string> {
	const chosen = newPassword()
	await page.getByLabel(en.changePassword.currentPassword, { exact: true }).fill(currentPassword)
	await page.getByLabel(en.changePassword.newPassword, { exact: true }).fill(chosen)
	await page.getByLabel(en.changePassword.confirmPassword, { exact: true }).fill(chosen)
	await page.getByRole('button', { name: en.changePassword.submit, exact: true }).click()
	return chosen
}

/**
 * The app's account module, loaded once per worker with the server's environment, so that users are created
 * as the CLI creates them without spawning a process per user (a second each). tsx loads it as it loads the
 * CLI (JSON imports, the `~` alias), which Playwright's own loader does not.
 */
let accountModule: Promise<typeof Accounts> | null = null
function accounts() {
	accountModule ??= (async () => {
		Object.assign(process.env, serverEnv)
		const { tsImport } = await import('tsx/esm/api')
		return (await tsImport(path.join(ROOT_DIR, 'tests', 'e2e', 'accounts.server.ts'), import.meta.url)) as typeof Accounts
	})()
	return accountModule
}

/**
 * Creates a user as an administrator would: a unique email made of `prefix`, the project (nojs/js) and a
 * random suffix, a fresh password, and a display name. `mustChange` makes the user choose a new password at
 * the first sign-in. The user gets `roles` (by default `viewer`, which is allowed the dashboard).
 */
export async function createUser({
	prefix,
	mustChange = false,
	roles = ['viewer'],
}: {
	prefix: string
	mustChange?: boolean
	roles?: string[]
}): Promise<TestUser> {
	const project = test.info().project.name
	const suffix = randomBytes(4).toString('hex')
	const user = {
		email: `${prefix}-${project}-${suffix}@example.com`,
		password: newPassword(),
		name: `Nguyễn ${prefix} ${suffix}`,
	}
	const { createAccountWithRoles } = await accounts()
	await createAccountWithRoles(
		{ email: user.email, password: user.password, displayName: user.name, mustChangePassword: mustChange },
		roles,
	)
	return user
}

/** The address of a password-reset link for the user, as the email would bring it. */
export async function resetPasswordPath(user: TestUser): Promise<string> {
	const { resetPasswordPath: pathFor } = await accounts()
	return pathFor(user.email)
}

/** The strings of the language the page is shown in, from its `<html lang>`. */
export async function pageMessages(page: Page): Promise<Messages> {
	const tag = await page.locator('html').getAttribute('lang')
	const language = LANGUAGES.find((code) => LANGUAGE_TAGS[code] === tag)
	if (!language) throw new Error(`the page has an unexpected <html lang="${tag}">`)
	return messages(language)
}

/** Fills in and sends the sign-in form of the page (already on /account/login), in whatever language it is shown. */
export async function submitSignIn(page: Page, email: string, password: string) {
	const t = await pageMessages(page)
	await page.getByLabel(t.login.email, { exact: true }).fill(email)
	await page.getByLabel(t.login.password, { exact: true }).fill(password)
	await page.getByRole('button', { name: t.login.submit, exact: true }).click()
}

/** Opens the sign-in page and signs in; waits until the browser has left the sign-in page. */
export async function signIn(page: Page, email: string, password: string) {
	await open(page, '/account/login')
	await submitSignIn(page, email, password)
	await expect(page).not.toHaveURL(/\/account\/login/)
}

/**
 * Signs the user in without the sign-in pages: the session, cookies, audit entry and remembered browser of
 * the form's last step (`completeSignIn`), planted in the page's browser, which stays where it is. For the
 * tests of what a signed-in user does; the specs about signing in itself (sign-in, sign-out, second factor,
 * password changes, new-browser notices, kept forms, expiry) use the form (`signIn`).
 */
export async function startSession(page: Page, user: Pick<TestUser, 'email'>) {
	const context = page.context()
	const cookie = (await context.cookies(BASE_URL)).map(({ name, value }) => `${name}=${value}`).join('; ')
	const userAgent = test.info().project.use.userAgent
	if (!userAgent) throw new Error('the project names no user agent (devices[…] does)')
	const { signInCookies } = await accounts()
	const setCookies = await signInCookies(user.email, { cookie, userAgent, origin: BASE_URL })
	await context.addCookies(setCookies.map(browserCookie))
}

/** A Set-Cookie header as Playwright's addCookies takes it (for this site's own cookies). */
function browserCookie(setCookie: string) {
	const [pair = '', ...attributes] = setCookie.split(';').map((part) => part.trim())
	const separator = pair.indexOf('=')
	const flags = new Map(
		attributes.map((attribute) => {
			const [name = '', ...value] = attribute.split('=')
			return [name.toLowerCase(), value.join('=')] as const
		}),
	)
	const maxAge = flags.get('max-age')
	const sameSite = flags.get('samesite')?.toLowerCase()
	return {
		name: pair.slice(0, separator),
		value: pair.slice(separator + 1),
		url: `${BASE_URL}/`,
		httpOnly: flags.has('httponly'),
		secure: flags.has('secure'),
		sameSite: sameSite === 'strict' ? ('Strict' as const) : sameSite === 'none' ? ('None' as const) : ('Lax' as const),
		expires: maxAge ? Math.floor(Date.now() / 1000) + Number(maxAge) : -1,
	}
}

/** The path and query of the page's address, e.g. `/account/login` and `redirectTo=/dashboard`. */
export function currentUrl(page: Page) {
	const url = new URL(page.url())
	return { pathname: url.pathname, params: url.searchParams }
}

/** A field shows `message` as its error: marked invalid, and the message is part of its accessible description. */
export async function expectFieldError(field: Locator, message: string) {
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	await expect(field).toHaveAccessibleDescription(new RegExp(escapeRegExp(message)))
}

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/**
 * A refused form as the GOV.UK pattern shows it: the error summary has focus (moved there with
 * JavaScript, `autofocus` without), lists `entries` in order, and the page title starts with "Error:".
 */
export async function expectErrorSummary(page: Page, entries: string[], { title = en.validation.summaryTitle } = {}) {
	const summary = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
	await expect(summary).toBeFocused()
	await expect(summary.getByRole('listitem')).toHaveText(entries)
	await expect(page).toHaveTitle(new RegExp(`^${escapeRegExp(en.validation.errorTitlePrefix)}`))
	return summary
}
