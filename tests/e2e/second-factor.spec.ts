import { Secret, TOTP } from 'otpauth'
import type { Page } from '@playwright/test'
import { expectNoAxeViolations } from './axe'
import { expectFitsPhones } from './phone-checks'
import { createUser, en, expect, expectErrorSummary, format, open, signIn, submitSignIn, test, translate } from './support'

test.use({ language: 'en' })

const STEP_MS = 30_000

/** The code an authenticator app shows for `key` (as the page shows it) at `at`. */
function codeFor(key: string, at = Date.now()): string {
	return new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(key.replace(/\s+/g, '')) }).generate({
		timestamp: at,
	})
}

const codeError = format(en.validation.summaryItem, { label: en.mfa.verify.code, message: en.mfa.verify.invalidCode })

/** Sets up the second factor on the security page (signed in already): the key shown, the code that confirmed it, the recovery codes. */
async function enrol(page: Page, password: string, { checkAccessibility = false } = {}) {
	await open(page, '/account/security')
	await expect(page.getByRole('heading', { level: 2, name: en.mfa.title })).toBeVisible()
	await page.getByRole('button', { name: en.mfa.setup.start }).click()
	const qr = page.getByRole('img', { name: en.mfa.setup.qrLabel })
	await expect(qr).toBeVisible()
	await expect(qr.locator('svg')).toBeVisible()
	if (checkAccessibility) await expectNoAxeViolations(page, '#main')
	const key = ((await page.getByLabel(en.mfa.setup.keyLabel, { exact: true }).textContent()) ?? '').trim()
	expect(key).toMatch(/^[A-Z2-7]{4}( [A-Z2-7]{4}){7}$/)
	const confirmingCode = codeFor(key)
	await page.getByLabel(en.mfa.setup.password, { exact: true }).fill(password)
	await page.getByLabel(en.mfa.setup.code, { exact: true }).fill(confirmingCode)
	// On a phone, where the confirming form is far down the page: the answer starts with the codes, shown only
	// this once, above the section that made them, in view and focused (with JavaScript and without).
	const size = page.viewportSize()
	await page.setViewportSize({ width: 390, height: 844 })
	await page.getByRole('button', { name: en.mfa.setup.confirm }).scrollIntoViewIfNeeded()
	await page.getByRole('button', { name: en.mfa.setup.confirm }).click()
	const shown = page.getByRole('region', { name: en.mfa.recovery.heading })
	await expect(shown).toBeFocused()
	await expect(shown.getByRole('heading', { name: en.mfa.recovery.heading })).toBeInViewport()
	const [codesAt, sectionAt] = [await shown.boundingBox(), await page.getByRole('heading', { level: 2, name: en.mfa.title }).boundingBox()]
	expect(codesAt!.y, 'the codes come before the second-factor section').toBeLessThan(sectionAt!.y)
	if (size) await page.setViewportSize(size)
	const list = shown.getByRole('list', { name: en.mfa.recovery.listLabel })
	await expect(list.getByRole('listitem')).toHaveCount(10)
	const recoveryCodes = (await list.getByRole('listitem').allTextContents()).map((text) => text.trim())
	for (const code of recoveryCodes) expect(code).toMatch(/^[0-9a-z]{5}-[0-9a-z]{5}$/)
	if (checkAccessibility) await expectNoAxeViolations(page, '#main')
	await page.getByRole('link', { name: en.mfa.recovery.done }).click()
	await expect(page.getByText(translate('en', 'mfa.recovery.left', { count: 10 }))).toBeVisible()
	return { key, confirmingCode, recoveryCodes }
}

/** The password step in another browser: it asks for the code and gives no session yet. */
async function passwordStep(page: Page, email: string, password: string) {
	await open(page, '/account/login?redirectTo=/dashboard')
	await submitSignIn(page, email, password)
	await expect(page).toHaveURL(/\/account\/login\/verify$/)
	await expect(page.getByRole('heading', { level: 1, name: en.mfa.verify.heading })).toBeVisible()
}

async function submitCode(page: Page, code: string) {
	await page.getByLabel(en.mfa.verify.code, { exact: true }).fill(code)
	await page.getByRole('button', { name: en.mfa.verify.submit, exact: true }).click()
}

test.describe('Two-step sign-in', { tag: '@firebase' }, () => {
	test('set up with the key shown, then sign in with a code; a wrong or reused code is refused', async ({ page, secondPage }) => {
		const user = await createUser({ prefix: 'mfa' })
		await signIn(page, user.email, user.password)
		const { key, confirmingCode } = await enrol(page, user.password, { checkAccessibility: true })

		await passwordStep(secondPage, user.email, user.password)
		await expectNoAxeViolations(secondPage)
		// The code page is not in the page sweep (it needs a second factor): the phone checks here, as shown and with its error.
		await expectFitsPhones(secondPage)
		const wrong = String((Number(codeFor(key)) + 500_000) % 1_000_000).padStart(6, '0')
		await submitCode(secondPage, wrong)
		await expectErrorSummary(secondPage, [codeError])
		await expect(secondPage.getByLabel(en.mfa.verify.code, { exact: true })).toBeVisible()
		await expectFitsPhones(secondPage)

		await submitCode(secondPage, confirmingCode)
		await expectErrorSummary(secondPage, [codeError])

		await submitCode(secondPage, codeFor(key, Date.now() + STEP_MS))
		await expect(secondPage).toHaveURL('/dashboard')
		await expect(secondPage.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
	})

	test('a recovery code signs in instead of a code', async ({ page, secondPage }) => {
		const user = await createUser({ prefix: 'mfa-recovery' })
		await signIn(page, user.email, user.password)
		const { recoveryCodes } = await enrol(page, user.password)

		await passwordStep(secondPage, user.email, user.password)
		await submitCode(secondPage, recoveryCodes[0]!)
		await expect(secondPage).toHaveURL('/dashboard')

		await open(secondPage, '/account/security')
		await expect(secondPage.getByText(translate('en', 'mfa.recovery.left', { count: 9 }))).toBeVisible()
	})
})
