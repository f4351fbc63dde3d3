import { endSessionsByIdleTimeout } from './database'
import { createUser, en, expect, open, signIn, submitSignIn, test } from './support'

test.use({ language: 'en' })

test('a form sent after the session ended is kept: after signing in it is offered again, filled in, and saved when sent', async ({
	page,
}) => {
	const user = await createUser({ prefix: 'kept-form', roles: ['viewer'] })
	await signIn(page, user.email, user.password)
	await open(page, '/contacts/profile')
	await page.getByLabel(en.profile.displayName).fill('Written during a long call')
	await endSessionsByIdleTimeout(user.email)
	await page.getByRole('region', { name: en.profile.details }).getByRole('button', { name: en.profile.save }).click()

	// Signed out by the idle timeout: sign in again, and the form is there.
	await expect(page).toHaveURL(/\/account\/login\?redirectTo=%2Faccount%2Fkept-form&reason=expired$/)
	await submitSignIn(page, user.email, user.password)
	await expect(page).toHaveURL('/account/kept-form')
	await expect(page.getByRole('heading', { level: 1, name: en.keptForm.title })).toBeVisible()
	// The form's fields as they were sent: the display name typed, the given and family names left empty.
	await expect(page.getByRole('definition')).toHaveText(['Written during a long call', en.admin.audit.empty, en.admin.audit.empty])
	await page.getByRole('button', { name: en.keptForm.send }).click()

	await expect(page).toHaveURL('/contacts/profile')
	await expect(page.getByRole('status').filter({ hasText: en.profile.saved })).toBeVisible()
	await expect(page.getByLabel(en.profile.displayName)).toHaveValue('Written during a long call')
})
