import { createUser, en, expect, open, signIn, test, translate } from './support'

// JavaScript only (the config leaves `.js-only.spec.ts` out of the nojs project): the page counts down the idle timeout.
test.use({ language: 'en' })

test('two minutes before the idle timeout the page warns; "Stay signed in" keeps the session, and an ended one says what to do without losing the page', async ({
	page,
}) => {
	const user = await createUser({ prefix: 'idle-warning', roles: ['viewer'] })
	// The page's clock is fake, the server's is not: an activity report still on its way when the test moves
	// the clock on would be applied at the new time, as if the session had just been extended then.
	const reportsInFlight = new Set<unknown>()
	const isReport = (request: { url(): string }) => new URL(request.url()).pathname === '/api/activity'
	page.on('request', (request) => void (isReport(request) && reportsInFlight.add(request)))
	page.on('requestfinished', (request) => void reportsInFlight.delete(request))
	page.on('requestfailed', (request) => void reportsInFlight.delete(request))
	await page.clock.install()
	await signIn(page, user.email, user.password)
	await open(page, '/contacts/profile')
	const name = page.getByLabel(en.profile.displayName)
	await name.fill('Typed but not saved')

	const warning = page.getByRole('alertdialog', { name: en.session.warningTitle })
	await expect(warning).toHaveCount(0)
	// The default idle timeout is 30 minutes: at 28½ the warning shows, counting whole minutes.
	await page.clock.runFor(28.5 * 60_000)
	await expect(warning).toBeVisible()
	await expect(warning).toContainText(translate('en', 'session.warningBody', { count: 2 }))
	await warning.getByRole('button', { name: en.session.stay }).click()
	await expect(warning).toHaveCount(0)
	await expect(name).toHaveValue('Typed but not saved')
	await expect.poll(() => reportsInFlight.size, 'activity reports answered').toBe(0)

	// Nobody answers the next warning: the session ends, the page and what was typed stay.
	await page.clock.runFor(31 * 60_000)
	const ended = page.getByRole('alert').filter({ hasText: en.session.endedTitle })
	await expect(ended).toBeVisible()
	await expect(ended.getByRole('link', { name: en.session.signInNewTab })).toHaveAttribute('target', '_blank')
	await expect(name).toHaveValue('Typed but not saved')
})
