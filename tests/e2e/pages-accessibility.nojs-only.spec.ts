import { ensureDemoData } from './catalogs-support'
import { scanKeptForm, scanSignedInPages, scanSignedOutPages, sweepUser } from './every-page'
import { en, signIn, test } from './support'

// Runs in the `nojs` project only (see playwright.config.ts): the pages as the server sends them, before
// any script, walked once (pages-accessibility.spec.ts walks them hydrated in each language and theme).
test.use({ language: 'en' })
test.describe.configure({ timeout: 240_000 })

test.beforeAll(() => ensureDemoData())

test('Without JavaScript, every page has no WCAG 2.2 AA violation', async ({ page }) => {
	const user = await sweepUser()
	await signIn(page, user.email, user.password)
	await scanSignedInPages(page, en)
	await scanKeptForm(page, en, user)
	await scanSignedOutPages(page, en, user)
})
