import {
	createUser,
	en,
	expect,
	expectErrorSummary,
	expectFieldError,
	format,
	newPassword,
	open,
	signIn,
	submitSignIn,
	test,
} from './support'
import { signOutFromMenu } from './shell-support'

test.use({ language: 'en' })

test('a user whose password was set by an administrator must change it before anything else', { tag: '@firebase' }, async ({ page }) => {
	const user = await createUser({ prefix: 'forced', mustChange: true })
	const forcedNotice = page.getByRole('status').filter({ hasText: en.changePassword.forced })
	const currentPassword = page.getByLabel(en.changePassword.currentPassword, { exact: true })
	const newPasswordField = page.getByLabel(en.changePassword.newPassword, { exact: true })
	const confirmPassword = page.getByLabel(en.changePassword.confirmPassword, { exact: true })
	const submit = page.getByRole('button', { name: en.changePassword.submit, exact: true })

	await test.step('signing in leads to the change-password page with the forced notice', async () => {
		await open(page, '/account/login')
		await submitSignIn(page, user.email, user.password)
		await expect(page).toHaveURL('/account/change-password')
		await expect(page.getByRole('heading', { level: 1, name: en.changePassword.title })).toBeVisible()
		await expect(forcedNotice).toBeVisible()
	})

	await test.step('the dashboard is out of reach until the password is changed', async () => {
		await open(page, '/dashboard')
		await expect(page).toHaveURL('/account/change-password')
		await expect(forcedNotice).toBeVisible()
	})

	await test.step('a confirmation that does not match is refused next to the field', async () => {
		await currentPassword.fill(user.password)
		await newPasswordField.fill(newPassword())
		await confirmPassword.fill(newPassword())
		await submit.click()

		await expectFieldError(confirmPassword, en.changePassword.mismatch)
		await expectErrorSummary(page, [`${en.changePassword.confirmPassword}: ${en.changePassword.mismatch}`])
		await expect(page).toHaveURL('/account/change-password')
		await expect(forcedNotice).toBeVisible()
	})

	await test.step('a new password that is too short is refused', async () => {
		await currentPassword.fill(user.password)
		await newPasswordField.fill('short')
		await confirmPassword.fill('short')
		await submit.click()

		await expectFieldError(newPasswordField, format(en.password.tooShort, { min: 8 }))
		await expect(page).toHaveURL('/account/change-password')
		await expect(forcedNotice).toBeVisible()
	})

	const chosen = newPassword()
	await test.step('a valid new password lands on the dashboard with a success message', async () => {
		await currentPassword.fill(user.password)
		await newPasswordField.fill(chosen)
		await confirmPassword.fill(chosen)
		await submit.click()

		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
		await expect(page.getByRole('status')).toHaveText(en.changePassword.success)
	})

	await test.step('the new password signs in; the old one no longer does', async () => {
		await signOutFromMenu(page, en)
		await expect(page).toHaveURL('/account/login?reason=signed-out')

		await submitSignIn(page, user.email, user.password)
		await expectErrorSummary(page, [en.login.invalidCredentials])

		await signIn(page, user.email, chosen)
		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByText(format(en.dashboard.welcome, { name: user.name }))).toBeVisible()
	})
})
