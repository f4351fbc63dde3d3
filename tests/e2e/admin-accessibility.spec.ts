import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { chooseLayout } from './shell-support'
import { createUser, en, expect, open, signIn, test } from './support'

// Runs in the `js` project only (the config's accessibility pattern).
// Reduced motion: a toast still fading in would be measured at half its contrast.
test.use({ language: 'en', reducedMotion: 'reduce' })
test.describe.configure({ timeout: 90_000 })

async function expectNoAxeViolations(page: Page) {
	const results = await new AxeBuilder({ page }).include('#main').analyze()
	expect(
		results.violations.map((violation) => `${violation.id}: ${violation.help} — ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
		`accessibility violations on ${page.url()}`,
	).toEqual([])
}

for (const mode of ['light', 'dark'] as const) {
	test(`No axe violations on the administration pages in ${mode} mode`, async ({ page }) => {
		const admin = await createUser({ prefix: `admin-a11y-${mode}`, roles: ['admin'] })
		await signIn(page, admin.email, admin.password)
		if (mode === 'dark') await chooseLayout(page, en, 'mode', 'dark')

		await open(page, '/admin/users?sort=createdAt&dir=desc')
		await expect(page.getByRole('table')).toBeVisible()
		await expectNoAxeViolations(page)

		await open(page, '/admin/users/new')
		await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
		await expect(page.getByLabel(en.admin.users.fields.email, { exact: true })).toHaveAttribute('aria-invalid', 'true')
		await expectNoAxeViolations(page)

		await open(page, '/admin/users')
		await page.getByRole('rowheader', { name: admin.email }).getByRole('link').click()
		await expect(page.getByRole('heading', { level: 1, name: admin.email })).toBeVisible()
		await expectNoAxeViolations(page)

		await open(page, '/admin/roles')
		await expectNoAxeViolations(page)
		await page.getByRole('link', { name: 'operator', exact: true }).click()
		await expect(page.getByRole('table')).toBeVisible()
		await expectNoAxeViolations(page)

		await open(page, '/admin/audit')
		await expect(page.getByRole('table')).toBeVisible()
		await expectNoAxeViolations(page)

		await open(page, '/admin/functions')
		await expectNoAxeViolations(page)
		await open(page, '/admin/functions/new')
		await expectNoAxeViolations(page)

		// The notification form, sent with errors after a user search, and the list of what was sent (to the
		// administrator alone: other tests count their own unread notifications).
		await open(page, '/admin/notifications')
		const form = page.getByRole('form', { name: en.admin.notifications.compose })
		await form.getByRole('radio', { name: en.admin.notifications.audience.users }).check()
		await form.getByLabel(en.admin.notifications.findUsers).fill(admin.email)
		await form.getByRole('button', { name: en.admin.notifications.find }).click()
		const himself = form.getByRole('checkbox', { name: new RegExp(admin.email.replace(/[.]/g, '\\.')) })
		await himself.check()
		await form.getByRole('button', { name: en.admin.notifications.send }).click()
		await expect(form.getByLabel(en.admin.notifications.fields.title)).toHaveAttribute('aria-invalid', 'true')
		await expect(himself).toBeChecked()
		await expectNoAxeViolations(page)
		await form.getByLabel(en.admin.notifications.fields.title).fill(`Axe ${mode}`)
		await form.getByLabel(en.admin.notifications.fields.body).fill('Checked by axe.')
		await form.getByRole('button', { name: en.admin.notifications.send }).click()
		await expect(page.getByRole('row').filter({ hasText: `Axe ${mode}` })).toBeVisible()
		await expectNoAxeViolations(page)
	})
}
