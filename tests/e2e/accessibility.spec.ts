import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { createUser, en, expect, open, signIn, test } from './support'

// Runs in the `js` project only (see playwright.config.ts): the hydrated page is what assistive technology meets.
test.use({ language: 'en' })

type AxeResults = Awaited<ReturnType<AxeBuilder['analyze']>>

/** Each violation as one readable paragraph: rule, impact, help link, then each offending element and what to fix. */
function describeViolations(violations: AxeResults['violations']): string[] {
	return violations.map((violation) =>
		[
			`[${violation.impact ?? 'unknown impact'}] ${violation.id}: ${violation.help}`,
			`  ${violation.helpUrl}`,
			...violation.nodes.map((node) => `  - ${node.target.join(' ')}: ${node.html}\n    ${(node.failureSummary ?? '').replace(/\n/g, '\n    ')}`),
		].join('\n'),
	)
}

async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).analyze()
	expect(describeViolations(results.violations), `accessibility violations on ${page.url()}`).toEqual([])
}

test.describe('No axe violations on', () => {
	test('the sign-in page, also when it shows an error', async ({ page }) => {
		await open(page, '/account/login')
		await expect(page.getByRole('heading', { level: 1, name: en.login.heading })).toBeVisible()
		await expectNoAxeViolations(page)

		await page.getByRole('button', { name: en.login.submit, exact: true }).click()
		await expect(page.getByLabel(en.login.email, { exact: true })).toHaveAttribute('aria-invalid', 'true')
		await expectNoAxeViolations(page)
	})

	test('the dashboard', async ({ page }) => {
		const user = createUser({ prefix: 'a11y' })
		await signIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: en.dashboard.title })).toBeVisible()
		await expectNoAxeViolations(page)
	})

	test('the change-password page, also when it shows errors', async ({ page }) => {
		const user = createUser({ prefix: 'a11y', mustChange: true })
		await signIn(page, user.email, user.password)
		await expect(page.getByRole('heading', { level: 1, name: en.changePassword.title })).toBeVisible()
		await expectNoAxeViolations(page)

		await page.getByRole('button', { name: en.changePassword.submit, exact: true }).click()
		await expect(page.getByRole('alert')).toHaveText(en.validation.formHasErrors)
		await expectNoAxeViolations(page)
	})

	test('the sign-out confirmation page', async ({ page }) => {
		const user = createUser({ prefix: 'a11y' })
		await signIn(page, user.email, user.password)
		await open(page, '/account/logout')
		await expect(page.getByRole('heading', { level: 1, name: en.logout.title })).toBeVisible()
		await expectNoAxeViolations(page)
	})

	test('the not-found page', async ({ page }) => {
		await open(page, '/no-such-page')
		await expect(page.getByRole('heading', { level: 1, name: en.errors.notFoundTitle })).toBeVisible()
		await expectNoAxeViolations(page)
	})
})
