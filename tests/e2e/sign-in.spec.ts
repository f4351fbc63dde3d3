import { createUser, currentUrl, en, expect, format, signIn, submitSignIn, test } from './support'

test.use({ language: 'en' })

test.describe('Signing in', () => {
	test('with the right email and password lands on the dashboard', async ({ page }) => {
		const user = createUser({ prefix: 'signin' })

		await page.goto('/account/login')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
		await submitSignIn(page, user.email, user.password)

		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
		await expect(page.getByText(format(en.dashboard.welcome, { name: user.name }))).toBeVisible()
	})

	test('with a wrong password shows the generic error and keeps the email', async ({ page }) => {
		const user = createUser({ prefix: 'wrongpw' })

		await page.goto('/account/login')
		await submitSignIn(page, user.email, 'not the right password')

		await expect(page.getByRole('alert')).toHaveText(en.login.invalidCredentials)
		await expect(page).toHaveURL(/\/account\/login/)
		await expect(page.getByLabel(en.login.email, { exact: true })).toHaveValue(user.email)
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
	})

	test('with an unknown email shows the same generic error', async ({ page }) => {
		const email = `nobody-${test.info().project.name}-${Date.now()}@example.com`

		await page.goto('/account/login')
		await submitSignIn(page, email, 'whatever password 123')

		await expect(page.getByRole('alert')).toHaveText(en.login.invalidCredentials)
		await expect(page.getByLabel(en.login.email, { exact: true })).toHaveValue(email)
	})

	test('an anonymous visit to the dashboard goes to sign-in, then back to the dashboard', async ({ page }) => {
		const user = createUser({ prefix: 'roundtrip' })

		await page.goto('/dashboard')
		await expect(page).toHaveURL(/\/account\/login\?/)
		expect(currentUrl(page).pathname).toBe('/account/login')
		expect(currentUrl(page).params.get('redirectTo')).toBe('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()

		await submitSignIn(page, user.email, user.password)

		await expect(page).toHaveURL('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
	})

	test('the old /login address redirects to /account/login with its query', async ({ page }) => {
		const response = await page.request.get('/login?redirectTo=/dashboard', { maxRedirects: 0 })
		expect(response.status()).toBe(301)
		expect(response.headers()['location']).toBe('/account/login?redirectTo=/dashboard')

		await page.goto('/login?redirectTo=/dashboard')
		expect(currentUrl(page).pathname).toBe('/account/login')
		expect(currentUrl(page).params.get('redirectTo')).toBe('/dashboard')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
	})

	test('a signed-in user who opens the sign-in page is sent on to the dashboard', async ({ page }) => {
		const user = createUser({ prefix: 'already' })
		await signIn(page, user.email, user.password)

		await page.goto('/account/login')

		await expect(page).toHaveURL('/dashboard')
	})
})
