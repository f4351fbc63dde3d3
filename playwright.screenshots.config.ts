import { defineConfig } from '@playwright/test'
import e2e from './playwright.config'

/**
 * Not a test run: `npm run screenshots -- <set>` photographs the pages a designer reviews (dashboard,
 * lists, a form with errors, the settings panel; light and dark; 320 to 1920 px wide) into
 * docs/screenshots/<set>/, on demo data, with the built server (`npm run build` first).
 */
export default defineConfig({
	...e2e,
	testDir: 'tests/screenshots',
	retries: 0,
	workers: 1,
	timeout: 300_000,
	reporter: [['list']],
	projects: [{ name: 'screenshots', use: { ...e2e.projects![1]!.use, javaScriptEnabled: true } }],
})
