import { randomUUID } from 'node:crypto'
import { createUser, currentUrl, en, expect, expectErrorSummary, format, open, signIn, submitSignIn, test } from './support'

test.use({ language: 'en' })

test.describe('Signing in', { tag: '@firebase' }, () => {
	test('with the right email and password lands on the dashboard', async ({ page }) => {
		const user = await createUser({ prefix: 'signin' })

		await open(page, '/account/login')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
		await submitSignIn(page, user.email, user.password)

		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
		await expect(page.getByText(format(en.dashboard.welcome, { name: user.name }))).toBeVisible()
	})

	test('with a wrong password shows the generic error and keeps the email', async ({ page }) => {
		const user = await createUser({ prefix: 'wrongpw' })

		await open(page, '/account/login')
		await submitSignIn(page, user.email, 'not the right password')

		await expectErrorSummary(page, [en.login.invalidCredentials])
		await expect(page).toHaveURL(/\/account\/login/)
		await expect(page.getByLabel(en.login.email, { exact: true })).toHaveValue(user.email)
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
	})

	test('with an unknown email shows the same generic error', async ({ page }) => {
		const email = `nobody-${test.info().project.name}-${randomUUID().slice(0, 8)}@example.com`

		await open(page, '/account/login')
		await submitSignIn(page, email, 'whatever password 123')

		await expectErrorSummary(page, [en.login.invalidCredentials])
		await expect(page.getByLabel(en.login.email, { exact: true })).toHaveValue(email)
	})

	test('an anonymous visit to the dashboard goes to sign-in, then back to the dashboard', async ({ page }) => {
		const user = await createUser({ prefix: 'roundtrip' })

		await open(page, '/dashboard')
		await expect(page).toHaveURL(/\/account\/login\?/)
		expect(currentUrl(page).pathname).toBe('/account/login')
		expect(currentUrl(page).params.get('redirectTo')).toBe('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()

		await submitSignIn(page, user.email, user.password)

		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
	})

	test('the old /login address redirects to /account/login with its query', async ({ page, baseURL }) => {
		const response = await page.request.get('/login?redirectTo=/dashboard', { maxRedirects: 0 })
		expect(response.status()).toBe(301)
		const location = new URL(response.headers()['location'] ?? '', baseURL)
		expect(location.pathname).toBe('/account/login')
		expect(location.searchParams.get('redirectTo')).toBe('/dashboard')

		await open(page, '/login?redirectTo=/dashboard')
		expect(currentUrl(page).pathname).toBe('/account/login')
		expect(currentUrl(page).params.get('redirectTo')).toBe('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
	})

	test('a signed-in user who opens the sign-in page is sent on to the dashboard', async ({ page }) => {
		const user = await createUser({ prefix: 'already' })
		await signIn(page, user.email, user.password)

		await open(page, '/account/login')

		await expect(page).toHaveURL('/dashboard')
	})
})
