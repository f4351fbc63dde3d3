import type { Page } from '@playwright/test'
import {
	createUser,
	en,
	escapeRegExp,
	expect,
	expectErrorSummary,
	format,
	newPassword,
	open,
	resetPasswordPath,
	signIn,
	submitSignIn,
	test,
} from './support'

test.use({ language: 'en' })

const summaryItem = (label: string, message: string) => format(en.validation.summaryItem, { label, message })

async function setNewPassword(page: Page, password: string, confirmation = password) {
	await page.getByLabel(en.changePassword.newPassword, { exact: true }).fill(password)
	await page.getByLabel(en.changePassword.confirmPassword, { exact: true }).fill(confirmation)
	await page.getByRole('button', { name: en.resetPassword.submit, exact: true }).click()
}

test('a forgotten password: the same answer for any address, and the link sets a new password once', async ({ page, secondPage }) => {
	const user = await createUser({ prefix: 'reset' })

	await open(page, '/account/forgot-password')
	await page.getByRole('button', { name: en.forgotPassword.submit, exact: true }).click()
	await expectErrorSummary(page, [summaryItem(en.login.email, en.validation.required)])
	await page.getByLabel(en.login.email, { exact: true }).fill(`nobody-${test.info().project.name}@example.com`)
	await page.getByRole('button', { name: en.forgotPassword.submit, exact: true }).click()
	await expect(page.getByRole('status')).toHaveText(en.forgotPassword.sent)

	const link = await resetPasswordPath(user)
	await open(page, link)
	await setNewPassword(page, newPassword(), 'not the same')
	await expectErrorSummary(page, [summaryItem(en.changePassword.confirmPassword, en.changePassword.mismatch)])
	const chosen = newPassword()
	await setNewPassword(page, chosen)
	await expect(page).toHaveURL('/account/login?reason=password-reset')
	await expect(page.getByRole('status')).toHaveText(en.login.reasonPasswordReset)
	await signIn(page, user.email, chosen)
	await expect(page).toHaveURL('/dashboard')

	// A second link, opened in two tabs: the one used second is told the link is spent, and offered a new one.
	const again = await resetPasswordPath(user)
	await open(page, again)
	await open(secondPage, again)
	await setNewPassword(secondPage, newPassword())
	await expect(secondPage).toHaveURL('/account/login?reason=password-reset')
	await setNewPassword(page, newPassword())
	await expect(page.getByRole('alert')).toHaveText(en.resetPassword.invalidLink)
	await expect(page.getByRole('link', { name: en.resetPassword.askAgain })).toBeVisible()
})

test('a throttled sign-in says how long to wait, and keeps the address', async ({ page }) => {
	const user = await createUser({ prefix: 'throttled' })
	const throttled = en.login.throttled_one.replace('{{count, number}}', '1')

	await open(page, '/account/login')
	const summary = page.getByRole('alert')
	for (let attempt = 1; attempt <= 8; attempt++) {
		await submitSignIn(page, user.email.toUpperCase(), 'not the right password')
		await expect(summary).toHaveText(/./)
		if ((await summary.getByRole('listitem').textContent()) === throttled) break
	}
	await expectErrorSummary(page, [throttled])
	// As typed (with JavaScript the box keeps it), or as read (the page sent again without it).
	await expect(page.getByLabel(en.login.email, { exact: true })).toHaveValue(new RegExp(`^${escapeRegExp(user.email)}$`, 'i'))
})
