import { userMenu } from './shell-support'
import { createUser, currentUrl, en, expect, signIn, submitPasswordChange, test } from './support'

test.use({ language: 'en' })

test('changing the password signs out the other browsers of the user, not this one', { tag: '@firebase' }, async ({ page, secondPage }) => {
	const user = await createUser({ prefix: 'sessions' })

	await signIn(page, user.email, user.password)
	await signIn(secondPage, user.email, user.password)
	await expect(secondPage.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()

	const menu = userMenu(page, en)
	await menu.open()
	await menu.panel.getByRole('link', { name: en.nav.changePassword }).click()
	await expect(page).toHaveURL('/account/change-password')
	await submitPasswordChange(page, user.password)
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('status')).toHaveText(en.changePassword.success)

	// The other browser's next navigation finds its session ended.
	const otherMenu = userMenu(secondPage, en)
	await otherMenu.open()
	await otherMenu.panel.getByRole('link', { name: en.nav.changePassword }).click()
	await expect(secondPage).toHaveURL(/\/account\/login\?/)
	expect(currentUrl(secondPage).params.get('reason')).toBe('expired')
	await expect(secondPage.getByRole('status')).toHaveText(en.login.reasonExpired)
	await expect(secondPage.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()

	// This browser is still signed in.
	await page.reload()
	await expect(page).toHaveURL('/dashboard')
	await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
})
