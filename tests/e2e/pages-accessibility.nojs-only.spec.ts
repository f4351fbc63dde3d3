import { ensureDemoData } from './catalogs-support'
import { addNotifications } from './database'
import { expectEveryPageSwept, scanKeptForm, scanSignedInPages, scanSignedOutPages, sweepUser } from './every-page'
import { messages, test, startSession } from './support'

// Runs in the `nojs` project only (see playwright.config.ts): the pages as the server sends them, before
// any script, in Vietnamese and light mode (pages-accessibility.spec.ts walks them hydrated in English and
// dark mode).
test.use({ language: 'vn' })
const vn = messages('vn')
test.describe.configure({ timeout: 300_000 })

test.beforeAll(() => ensureDemoData())

test('Without JavaScript, every page has no WCAG 2.2 AA violation and fits phones', async ({ page }) => {
	const user = await sweepUser()
	// Something on the notifications page: its first record is checked on phones too.
	await addNotifications(user.email, 3)
	await startSession(page, user)
	await scanSignedInPages(page, vn)
	await scanKeptForm(page, vn, user)
	await scanSignedOutPages(page, vn, user)
	expectEveryPageSwept()
})
