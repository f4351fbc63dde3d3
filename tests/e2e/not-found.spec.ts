import { expect, messages, open, test } from './support'

for (const language of ['vn', 'en'] as const) {
	test.describe(`In ${language}`, () => {
		test.use({ language })

		test('an unknown address shows the translated not-found page with status 404', async ({ page }) => {
			const t = messages(language)

			const response = await open(page, '/no-such-page')

			expect(response?.status()).toBe(404)
			await expect(page.getByRole('heading', { level: 1, name: t.errors.notFoundTitle })).toBeVisible()
			await expect(page.getByText(t.errors.notFoundBody)).toBeVisible()
			await expect(page.getByRole('link', { name: t.errors.goHome })).toHaveAttribute('href', '/')
		})
	})
}
