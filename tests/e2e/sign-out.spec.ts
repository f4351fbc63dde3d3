import { userMenu } from './shell-support'
import { createUser, currentUrl, en, expect, open, signIn, test } from './support'

test.use({ language: 'en' })

test.describe('Signing out', { tag: '@firebase' }, () => {
	test('the button in the user menu of the top bar signs out and shows the signed-out notice', async ({ page }) => {
		const user = await createUser({ prefix: 'signout' })
		await signIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()

		// The sign-out button sits in the user menu (a dropdown of the top bar), hidden until it opens.
		const menu = userMenu(page, en)
		const signOut = menu.panel.getByRole('button', { name: en.nav.signOut })
		await expect(signOut).toBeHidden()
		await menu.open()
		await signOut.click()

		await expect(page).toHaveURL('/account/login?reason=signed-out')
		await expect(page.getByRole('status')).toHaveText(en.login.reasonSignedOut)
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()

		await open(page, '/dashboard')
		await expect(page).toHaveURL(/\/account\/login\?/)
		expect(currentUrl(page).pathname).toBe('/account/login')
		expect(currentUrl(page).params.get('redirectTo')).toBe('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
	})

	test('opening /account/logout only asks for confirmation and keeps the session', async ({ page }) => {
		const user = await createUser({ prefix: 'logoutget' })
		await signIn(page, user.email, user.password)

		await open(page, '/account/logout')
		await expect(page.getByRole('heading', { level: 1, name: en.logout.title })).toBeVisible()
		await expect(page.getByText(en.logout.question)).toBeVisible()
		await expect(page.getByRole('button', { name: en.logout.submit })).toBeVisible()

		await page.getByRole('link', { name: en.logout.cancel }).click()
		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()

		await open(page, '/dashboard')
		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
	})

	test('confirming on /account/logout signs out', async ({ page }) => {
		const user = await createUser({ prefix: 'logoutpost' })
		await signIn(page, user.email, user.password)

		await open(page, '/account/logout')
		await page.getByRole('button', { name: en.logout.submit }).click()

		await expect(page).toHaveURL('/account/login?reason=signed-out')
		await expect(page.getByRole('status')).toHaveText(en.login.reasonSignedOut)
		await open(page, '/dashboard')
		expect(currentUrl(page).pathname).toBe('/account/login')
	})
})
