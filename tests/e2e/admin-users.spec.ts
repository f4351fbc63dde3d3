import { createUser, en, expect, open, submitPasswordChange, submitSignIn, test, translate, startSession } from './support'

test.use({ language: 'en' })

test('an administrator creates a user with a role; that user signs in and sees exactly the menu of the role', async ({
	page,
	secondPage,
}) => {
	const admin = await createUser({ prefix: 'admin-e2e', roles: ['admin'] })
	const email = `staff-${test.info().project.name}-${Date.now()}@example.com`
	let temporary = ''

	await test.step('the administrator creates the account with the operator role', async () => {
		await startSession(page, admin)
		await open(page, '/admin/users')
		await page.getByRole('link', { name: en.admin.users.new }).first().click()
		await expect(page).toHaveURL('/admin/users/new')
		await page.getByLabel(en.admin.users.fields.email, { exact: true }).fill(email)
		await page.getByLabel(en.admin.users.fields.firstName, { exact: true }).fill('Hằng')
		await page.getByLabel(en.admin.users.fields.lastName, { exact: true }).fill('Nguyễn')
		await page.getByRole('checkbox', { name: /Operator/ }).check()
		await page.getByRole('button', { name: en.catalog.create, exact: true }).click()
		await expect(page.getByRole('heading', { level: 1, name: en.admin.users.createdTitle })).toBeVisible()
		temporary = (await page.locator('code.admin-password').textContent()) ?? ''
		expect(temporary.length).toBeGreaterThanOrEqual(12)
	})

	await test.step('the list finds the new account without accents', async () => {
		await open(page, '/admin/users?q=nguyen+hang')
		await expect(page.getByRole('rowheader', { name: email })).toBeVisible()
	})

	await test.step('the new user must change the password, then sees the catalogs but no administration', async () => {
		await open(secondPage, '/account/login')
		await submitSignIn(secondPage, email, temporary)
		await expect(secondPage).toHaveURL('/account/change-password')
		await submitPasswordChange(secondPage, temporary)
		await expect(secondPage).toHaveURL('/dashboard')
		const menu = secondPage.getByRole('navigation', { name: en.menu.label })
		await expect(menu.getByRole('link', { name: en.functions.DANHMUC_TRAM, includeHidden: true })).toHaveCount(1)
		await expect(menu.getByRole('link', { name: en.functions.QUANTRI_USERS, includeHidden: true })).toHaveCount(0)
		const denied = await secondPage.goto('/admin/users')
		expect(denied?.status()).toBe(403)
	})

	await test.step("the administrator sees that user's menu on the user's page, and the operator role's on the role's page", async () => {
		await open(page, '/admin/users?q=nguyen+hang')
		await page.getByRole('link', { name: email }).click()
		const userMenu = page.getByRole('navigation', { name: en.admin.menuPreview.user })
		await expect(userMenu.getByRole('link', { name: en.functions.DANHMUC_TRAM, includeHidden: true })).toHaveCount(1)
		await expect(userMenu.getByRole('link', { name: en.functions.QUANTRI_USERS, includeHidden: true })).toHaveCount(0)
		await open(page, '/admin/roles')
		await page.getByRole('link', { name: 'operator', exact: true }).click()
		await page.getByRole('main').getByRole('link', { name: en.admin.menuPreview.role }).click()
		const roleMenu = page.getByRole('navigation', { name: en.admin.menuPreview.role })
		await expect(roleMenu.getByRole('link', { name: en.functions.CONGCU_LIST, includeHidden: true })).toHaveCount(1)
		await expect(roleMenu.getByRole('link', { name: en.functions.QUANTRI_ROLES, includeHidden: true })).toHaveCount(0)
	})
})

test('an administrator sees when a user last signed in and changes their sign-in email; the user signs in with the new one', async ({
	page,
	secondPage,
}) => {
	const admin = await createUser({ prefix: 'admin-email', roles: ['admin'] })
	const user = await createUser({ prefix: 'renamed', roles: ['viewer'] })
	const newEmail = `moved-${test.info().project.name}-${Date.now()}@example.com`
	await startSession(secondPage, user)
	await open(secondPage, '/dashboard')

	await startSession(page, admin)
	await open(page, `/admin/users?q=${encodeURIComponent(user.email)}&sort=lastSignIn&dir=desc`)
	const row = page.getByRole('row').filter({ has: page.getByRole('rowheader', { name: user.email }) })
	await expect(page.getByRole('columnheader', { name: new RegExp(en.admin.users.fields.lastSignIn) })).toBeVisible()
	await expect(row.getByRole('cell').nth(3)).not.toHaveText(en.admin.users.neverSignedIn)
	await row.getByRole('link', { name: user.email }).click()

	const form = page.getByRole('form', { name: en.admin.users.changeEmail })
	await form.getByRole('textbox', { name: en.admin.users.fields.email }).fill(newEmail)
	await form.getByRole('button', { name: en.admin.users.changeEmail }).click()
	await expect(page.getByRole('status').filter({ hasText: translate('en', 'admin.users.emailChanged', { count: 1 }) })).toBeVisible()
	await expect(page.getByRole('heading', { level: 1, name: newEmail })).toBeVisible()

	// The user's browser was signed out; the new address signs in.
	await secondPage.reload()
	await expect(secondPage).toHaveURL(/\/account\/login/)
	await submitSignIn(secondPage, newEmail, user.password)
	await expect(secondPage).not.toHaveURL(/\/account\/login/)
})
