import { startOidcProvider, type TestOidcProvider } from '../support/oidc-provider'
import { secondServerPort, startSecondServer, type SecondServer } from './second-server'
import { en, expect, open, test, waitForApp } from './support'

test.use({ language: 'en' })

/** Company sign-in against a real OpenID provider (tests/support/oidc-provider.ts), with JavaScript off and on. */
test.describe('single sign-on', () => {
	// One worker per project: the second server's port and the provider are the file's.
	test.describe.configure({ mode: 'serial' })
	let server: SecondServer
	let idp: TestOidcProvider

	test.beforeAll(async ({}, testInfo) => {
		const portalUrl = `http://127.0.0.1:${secondServerPort(testInfo.project.name)}`
		idp = await startOidcProvider(portalUrl)
		server = await startSecondServer(testInfo.project.name, {
			PUBLIC_URL: portalUrl,
			OIDC_ISSUER: idp.issuer,
			OIDC_CLIENT_ID: idp.clientId,
			OIDC_CLIENT_SECRET: idp.clientSecret,
			OIDC_CREATE_ACCOUNTS: 'true',
			OIDC_ROLE_MAP: '{"staff":"viewer"}',
		})
	})

	test.afterAll(async () => {
		await server?.stop()
		await idp?.close()
	})

	test('the company account signs in, lands where it was going, and signs out through the provider', async ({ page }, testInfo) => {
		const subject = `e2e-${testInfo.project.name}-${Date.now().toString(36)}`
		idp.people.set(subject, {
			email: `${subject}@example.com`,
			email_verified: true,
			given_name: 'Lan',
			family_name: 'Nguyễn',
			name: 'Nguyễn Lan',
			groups: ['staff'],
		})
		idp.next = { subject }
		const at = (path: string) => `${server.baseUrl}${path}`

		await open(page, at('/account/login?redirectTo=/contacts/profile'))
		await page.getByRole('button', { name: en.sso.button }).click()
		await expect(page).toHaveURL(at('/contacts/profile'))
		await waitForApp(page)
		await open(page, at('/account/security'))
		await expect(page.getByRole('heading', { name: en.sso.identity.heading })).toBeVisible()
		await expect(page.getByText(subject, { exact: true })).toBeVisible()

		await open(page, at('/account/logout'))
		await page.getByRole('button', { name: en.logout.submit }).click()
		// The provider's own page asks to confirm; then it sends the browser back to the sign-in page.
		await expect(page).toHaveURL(new RegExp(`^${idp.issuer}/`))
		await page.getByRole('button', { name: /sign me out/i }).click()
		await expect(page).toHaveURL(at('/account/login'))
		await open(page, at('/account/security'))
		await expect(page).toHaveURL(/\/account\/login/)
	})

	test('a refusal at the provider is a translated page with a way to try again', async ({ page }) => {
		idp.next = { deny: true }
		await open(page, `${server.baseUrl}/account/login`)
		await page.getByRole('button', { name: en.sso.button }).click()
		await expect(page.getByRole('heading', { name: en.sso.failedTitle })).toBeVisible()
		await expect(page.getByRole('alert')).toHaveText(en.sso.reasons.denied)
		await expect(page.getByRole('button', { name: en.sso.tryAgain })).toBeVisible()
	})
})
