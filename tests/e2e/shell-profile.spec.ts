import { TOAST_DURATION_MS } from '../../app/components/shell/toast-rules'
import { DESKTOP, javaScriptEnabled, userMenu } from './shell-support'
import { createUser, en, expect, expectFieldError, format, messages, open, signIn, test, startSession } from './support'

test.use({ language: 'en', viewport: DESKTOP })

const de = messages('de')

test.describe('The profile page', () => {
	test('saves the display name, shown in the top bar, with a success message', async ({ page }) => {
		// With JavaScript the toast goes by itself: its clock is the page's, moved on by the test.
		if (javaScriptEnabled()) await page.clock.install()
		const user = await createUser({ prefix: 'profile-name', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/dashboard')
		await userMenu(page, en).open()
		await userMenu(page, en).panel.getByRole('link', { name: en.nav.profile }).click()
		await expect(page).toHaveURL('/contacts/profile')
		await expect(page.getByRole('heading', { level: 1, name: en.profile.title })).toBeVisible()

		const details = page.getByRole('region', { name: en.profile.details })
		const displayName = details.getByLabel(en.profile.displayName, { exact: true })
		await expect(displayName).toHaveValue(user.name)
		await expect(details).toContainText(user.email)
		await expect(details).toContainText(en.roles.viewer)

		// An empty name is refused next to the field.
		await displayName.fill('   ')
		await details.getByRole('button', { name: en.profile.save }).click()
		await expectFieldError(details.getByLabel(en.profile.displayName, { exact: true }), en.validation.required)

		const newName = `Trần Thị Hồng Nhung ${test.info().project.name}`
		await details.getByLabel(en.profile.displayName, { exact: true }).fill(newName)
		await details.getByRole('button', { name: en.profile.save }).click()
		await expect(page).toHaveURL('/contacts/profile')

		const saved = page.getByRole('status').filter({ hasText: en.profile.saved })
		await expect(saved).toBeVisible()
		if (javaScriptEnabled()) {
			// A toast that goes away by itself after a few seconds.
			await page.clock.runFor(TOAST_DURATION_MS + 500)
			await expect(saved).toBeHidden()
		} else {
			// A status region in the page, with a way to dismiss it.
			await expect(page.getByRole('main').getByRole('status')).toHaveText(en.profile.saved)
			await saved.getByRole('link', { name: en.toast.dismiss }).click()
			await expect(page).toHaveURL('/contacts/profile')
			await expect(saved).toHaveCount(0)
		}

		await expect(details.getByLabel(en.profile.displayName, { exact: true })).toHaveValue(newName)
		await expect(userMenu(page, en).toggle).toContainText(newName)
		await open(page, '/dashboard')
		await expect(page.getByText(format(en.dashboard.welcome, { name: newName }))).toBeVisible()
	})

	test('the preferred language applies at the next sign-in', async ({ page, secondPage }) => {
		const user = await createUser({ prefix: 'profile-language', roles: ['viewer'] })
		await startSession(page, user)
		await open(page, '/contacts/profile')

		const language = page.getByRole('region', { name: en.profile.preferredLanguage })
		await language.getByLabel(en.profile.preferredLanguageHint).selectOption('de')
		await language.getByRole('button', { name: en.profile.save }).click()
		await expect(page).toHaveURL('/contacts/profile')
		await expect(page.locator('html')).toHaveAttribute('lang', 'de')
		await expect(page.getByRole('status').filter({ hasText: de.profile.saved })).toBeVisible()

		// Another browser (another language cookie) signs in: the preferred language wins.
		await open(secondPage, '/account/login')
		expect(await secondPage.locator('html').getAttribute('lang')).not.toBe('de')
		await signIn(secondPage, user.email, user.password)
		await expect(secondPage).toHaveURL('/dashboard')
		await expect(secondPage.locator('html')).toHaveAttribute('lang', 'de')
		await expect(secondPage.getByRole('heading', { level: 1, name: de.dashboard.title })).toBeVisible()
	})

	test('a time zone of one’s own: the times on the page follow it, the same before and after the JavaScript starts', async ({ page }) => {
		const user = await createUser({ prefix: 'profile-zone', roles: ['viewer'] })
		// A hydration mismatch is reported as an error (uncaught, or on the console).
		const browserErrors: string[] = []
		page.on('console', (message) => {
			if (message.type() === 'error') browserErrors.push(message.text())
		})
		page.on('pageerror', (error) => browserErrors.push(error.message))
		await startSession(page, user)
		await open(page, '/contacts/profile')

		const zone = page.getByRole('region', { name: en.profile.timeZone })
		const select = zone.getByLabel(en.profile.timeZone, { exact: true })
		await expect(select).toHaveValue('')
		await expect(select.getByRole('option', { selected: true })).toHaveText(format(en.profile.portalTimeZone, { zone: 'Asia/Ho_Chi_Minh' }))
		await select.selectOption('America/Los_Angeles')
		await zone.getByRole('button', { name: en.profile.save }).click()
		await expect(page.getByRole('status').filter({ hasText: en.profile.saved })).toBeVisible()
		await expect(select).toHaveValue('America/Los_Angeles')

		// The session's sign-in time, written by the server and kept by the browser, in Los Angeles time.
		await open(page, '/account/security')
		const signedIn = page.getByRole('table', { name: en.security.sessions.heading }).getByRole('row').nth(1).locator('time').first()
		const instant = Date.parse((await signedIn.getAttribute('datetime')) ?? '')
		const expected = new Intl.DateTimeFormat('en', {
			year: 'numeric',
			month: '2-digit',
			day: '2-digit',
			hour: '2-digit',
			minute: '2-digit',
			timeZone: 'America/Los_Angeles',
		}).format(instant)
		await expect(signedIn).toHaveText(expected)
		expect(browserErrors).toEqual([])
	})
})
