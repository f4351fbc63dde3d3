import { expectNoAxeViolations } from './axe'
import { expect, test } from './support'

// The accessibility sweeps pass only as long as the check they call can fail: here it meets a page with
// known violations, as the hydrated pages meet it (`js`) and through the copy a page without JavaScript is
// checked in (`nojs`).
const FLAWED_PAGE = `<!doctype html>
<html lang="en">
<head><title>Flawed</title></head>
<body>
	<main id="main">
		<h1>Flawed</h1>
		<img src="/favicon.ico">
		<p style="color: #777; background: #888">Grey on grey</p>
		<input name="nameless">
	</main>
	<footer><img src="/favicon.ico"></footer>
</body>
</html>`

test.beforeEach(async ({ page }) => {
	await page.route('**/axe-check-fixture', (route) =>
		route.fulfill({ status: 200, contentType: 'text/html; charset=utf-8', body: FLAWED_PAGE }),
	)
	await page.goto('/axe-check-fixture')
})

test('the axe check names each violation of the page', async ({ page }) => {
	const check = expectNoAxeViolations(page)
	await expect(check).rejects.toThrow(/color-contrast/)
	await expect(check).rejects.toThrow(/image-alt/)
	await expect(check).rejects.toThrow(/\blabel\b/)
	await expect(check).rejects.toThrow(/footer > img/)
})

test('the axe check limited to the main content leaves out what is outside it', async ({ page }) => {
	const check = expectNoAxeViolations(page, '#main')
	await expect(check).rejects.toThrow(/image-alt/)
	await expect(check).rejects.not.toThrow(/footer > img/)
})
