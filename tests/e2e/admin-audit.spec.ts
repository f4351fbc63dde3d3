import { createUser, en, expect, open, test, translate, startSession } from './support'

test.use({ language: 'en' })

test('the audit log names events, people and records in the reader’s language; filters stay in the address and the export follows them', async ({
	page,
}) => {
	const admin = await createUser({ prefix: 'audit-reader', roles: ['admin'] })
	const subject = await createUser({ prefix: 'audit-subject', roles: ['viewer'] })
	await startSession(page, admin)

	// Something to find: the administrator locks the subject.
	await open(page, `/admin/users?q=${encodeURIComponent(subject.email)}`)
	await page.getByRole('link', { name: subject.email }).click()
	await expect(page).toHaveURL(/\/admin\/users\/\d+$/)
	const userPage = page.url()
	const userId = new URL(userPage).pathname.split('/').at(-1)!
	await page.getByRole('button', { name: en.admin.users.lock }).click()
	await expect(page.getByRole('status').filter({ hasText: translate('en', 'admin.users.lockedDone', { count: 0 }) })).toBeVisible()

	await open(page, '/admin/audit')
	const filters = page.getByRole('search', { name: en.admin.audit.searchForm })
	await filters.getByLabel(en.admin.audit.fields.action).selectOption({ label: en.audit.events.user.locked })
	await filters.getByLabel(en.admin.audit.fields.target).fill(userId)
	await filters.getByRole('button', { name: en.list.apply }).click()
	await expect(page).toHaveURL(new RegExp(`action=user\\.locked.*target=${userId}|target=${userId}.*action=user\\.locked`))

	const rows = page.getByRole('table').getByRole('row').filter({ hasText: en.audit.events.user.locked })
	await expect(rows).toHaveCount(1)
	await expect(rows.getByRole('link', { name: admin.name })).toHaveAttribute('href', /^\/admin\/users\/\d+$/)
	await expect(rows.getByRole('link', { name: subject.email })).toHaveAttribute('href', new URL(userPage).pathname)
	await expect(page.getByRole('link', { name: en.admin.audit.export })).toHaveAttribute(
		'href',
		new RegExp(`^/admin/audit/export\\.csv\\?.*target=${userId}`),
	)

	// The record's history: every entry about the subject.
	await rows.getByRole('link', { name: en.admin.audit.recordHistory }).click()
	await expect(page).toHaveURL(`/admin/audit?entity=user&target=${userId}`)
	await expect(page.getByRole('table').getByRole('row').filter({ hasText: en.audit.events.user.locked })).toHaveCount(1)
})
