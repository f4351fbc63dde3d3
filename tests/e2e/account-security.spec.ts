import { DESKTOP, dropdown, javaScriptEnabled, topBar, userMenu } from './shell-support'
import type { Page } from '@playwright/test'
import { createUser, currentUrl, en, expect, open, signIn, test as base, translate } from './support'

const FIREFOX_ON_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'

/** A second browser that says it is Firefox on Linux, with JavaScript as the project has it. */
const test = base.extend<{ firefoxPage: Page }>({
	firefoxPage: async ({ browser }, provide) => {
		const context = await browser.newContext({ userAgent: FIREFOX_ON_LINUX, javaScriptEnabled: javaScriptEnabled() })
		await provide(await context.newPage())
		await context.close()
	},
})

test.use({ language: 'en', viewport: DESKTOP })

test('the security page lists both browsers; the other one is signed out by its own form, then by "everywhere else"', async ({
	page,
	firefoxPage: secondPage,
}) => {
	const user = await createUser({ prefix: 'security-sessions', roles: ['viewer'] })
	await signIn(page, user.email, user.password)
	await signIn(secondPage, user.email, user.password)

	// The profile leads there, and so does the user menu.
	await open(page, '/contacts/profile')
	await page.getByRole('link', { name: en.security.profile.link }).click()
	await expect(page).toHaveURL('/account/security')
	await userMenu(page, en).open()
	await userMenu(page, en).panel.getByRole('link', { name: en.security.title }).click()
	await expect(page).toHaveURL('/account/security')
	await expect(page.getByRole('heading', { level: 1, name: en.security.title })).toBeVisible()

	const sessions = page.getByRole('table', { name: en.security.sessions.heading })
	await expect(sessions.getByRole('row')).toHaveCount(3) // header + two sessions
	const mine = sessions.getByRole('row').filter({ hasText: en.security.sessions.thisBrowser })
	await expect(mine).toHaveCount(1)
	// Read from each browser's user agent: this one is Chrome on Windows (the project's device).
	expect(test.info().project.use.userAgent).toContain('Windows NT')
	await expect(mine.getByRole('cell').nth(0)).toContainText(/^Chrome \d+/)
	await expect(mine.getByRole('cell').nth(1)).toHaveText('Windows')
	await expect(mine.getByRole('button')).toHaveCount(0)
	const other = sessions.getByRole('row').filter({ has: page.getByRole('button', { name: en.security.sessions.signOut }) })
	await expect(other.getByRole('cell').nth(0)).toHaveText('Firefox 128')
	await expect(other.getByRole('cell').nth(1)).toHaveText('Linux')

	// The other browser's own form signs it out.
	await other.getByRole('button', { name: en.security.sessions.signOut }).click()
	await expect(page.getByRole('status').filter({ hasText: en.security.sessions.ended })).toBeVisible()
	await expect(sessions.getByRole('row')).toHaveCount(2)
	await expect(page.getByRole('button', { name: en.security.sessions.signOutOthers })).toBeDisabled()
	await open(secondPage, '/dashboard')
	expect(currentUrl(secondPage).pathname).toBe('/account/login')
	expect(currentUrl(secondPage).params.get('reason')).toBe('expired')

	// Signed in there again (a browser the account knows by now): "sign out everywhere else" ends it too, and
	// the user is told in the notifications, after the notice of that browser's first sign-in.
	await signIn(secondPage, user.email, user.password)
	await open(page, '/account/security')
	await expect(sessions.getByRole('row')).toHaveCount(3)
	await page.getByRole('button', { name: en.security.sessions.signOutOthers }).click()
	await expect(page.getByRole('status').filter({ hasText: translate('en', 'security.sessions.othersEnded', { count: 1 }) })).toBeVisible()
	await expect(sessions.getByRole('row')).toHaveCount(2)
	await open(secondPage, '/dashboard')
	expect(currentUrl(secondPage).pathname).toBe('/account/login')
	const bell = dropdown(topBar(page), en.notifications.title)
	await expect(bell.toggle).toHaveAccessibleName(translate('en', 'notifications.summary', { count: 2 }))
	await bell.open()
	await expect(bell.panel.getByRole('listitem')).toContainText([en.notifications.sessionsEnded.title, en.deviceNotice.title])
})
