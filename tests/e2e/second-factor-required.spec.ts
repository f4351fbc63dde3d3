import { Secret, TOTP } from 'otpauth'
import { startSecondServer, type SecondServer } from './second-server'
import { createUser, en, expect, open, submitSignIn, test } from './support'

test.use({ language: 'en' })

test.describe('REQUIRE_MFA_FOR=admin', { tag: '@firebase' }, () => {
	let server: SecondServer

	test.beforeAll(async ({}, testInfo) => {
		server = await startSecondServer(testInfo.project.name, { REQUIRE_MFA_FOR: 'admin' })
	})

	test.afterAll(async () => {
		await server?.stop()
	})

	test('an administrator without a second factor is sent to set it up, and can go on only then', async ({ page }) => {
		const user = await createUser({ prefix: 'mfa-forced', roles: ['admin'] })
		const at = (path: string) => `${server.baseUrl}${path}`

		await open(page, at('/account/login?redirectTo=/admin/users'))
		await submitSignIn(page, user.email, user.password)
		await expect(page).toHaveURL(at('/account/security'))
		await expect(page.getByText(en.mfa.requiredNotice)).toBeVisible()

		await open(page, at('/admin/users'))
		await expect(page).toHaveURL(at('/account/security'))

		await page.getByRole('button', { name: en.mfa.setup.start }).click()
		const key = ((await page.getByLabel(en.mfa.setup.keyLabel, { exact: true }).textContent()) ?? '').trim()
		const code = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate()
		await page.getByLabel(en.mfa.setup.password, { exact: true }).fill(user.password)
		await page.getByLabel(en.mfa.setup.code, { exact: true }).fill(code)
		await page.getByRole('button', { name: en.mfa.setup.confirm }).click()
		await expect(page.getByRole('list', { name: en.mfa.recovery.listLabel }).getByRole('listitem')).toHaveCount(10)
		// Once set up, it cannot be turned off while the rule covers the account.
		await page.getByRole('link', { name: en.mfa.recovery.done }).click()
		await expect(page.getByText(en.mfa.disable.required)).toBeVisible()
		await expect(page.getByRole('button', { name: en.mfa.disable.submit })).toHaveCount(0)

		await open(page, at('/admin/users'))
		await expect(page).toHaveURL(at('/admin/users'))
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
	})
})
