import { defineConfig, devices } from '@playwright/test'
import { BASE_URL, RUN_NAME } from './tests/e2e/env.mjs'

/**
 * End-to-end tests against the built server (`npm run build` first), on a fresh database each run:
 *   E2E_DATABASE=sqlite npx playwright test
 *   E2E_DATABASE=postgres TEST_POSTGRES_URL=postgres://postgres@127.0.0.1:5432/postgres npx playwright test
 * Every spec runs twice: `nojs` (plain HTML forms, as without JavaScript) and `js` (the hydrated app).
 * `npm test` runs `js` on SQLite and `nojs` on PostgreSQL (scripts/test.sh), and the specs tagged
 * `@firebase` (the account flows) once more with the Firebase provider.
 */

// Debian's Chromium headless shell (`npx playwright install` has nothing to download here): the same
// Blink as the `chromium` package without the desktop browser around it, which Playwright itself runs for
// headless tests. It takes half the CPU of the full browser in headless mode (decision 0031).
const chromium = {
	...devices['Desktop Chrome'],
	launchOptions: {
		executablePath: '/usr/bin/chromium-headless-shell',
		args: [
			'--no-sandbox',
			'--disable-gpu',
			'--disable-dev-shm-usage',
			'--disable-background-networking',
			'--disable-component-update',
			'--disable-sync',
			'--no-first-run',
		],
	},
}

export default defineConfig({
	testDir: 'tests/e2e',
	fullyParallel: true,
	forbidOnly: Boolean(process.env.CI),
	workers: 2,
	retries: process.env.CI ? 1 : 0,
	// CI shares two cores with Chromium, the server and a CLI spawned per test user: give a slow run room.
	timeout: process.env.CI ? 60_000 : 30_000,
	// Per run (tests/e2e/env.mjs): `npm test` runs two side by side.
	outputDir: `test-results/${RUN_NAME}`,
	reporter: [['list'], ['html', { open: 'never', outputFolder: `playwright-report/${RUN_NAME}` }]],
	use: {
		baseURL: BASE_URL,
		// Recording a trace for every test costs about 30 % of the run (measured: 18 tests 73 s with traces,
		// 52 s without). A failure keeps its screenshot and page snapshot; a retry (CI) records a trace, and
		// `npx playwright test --trace on <file>` records one locally.
		trace: 'on-first-retry',
		screenshot: 'only-on-failure',
		// A missing control fails in seconds, not at the 30 s test timeout.
		actionTimeout: 10_000,
		navigationTimeout: 15_000,
	},
	projects: [
		{
			name: 'nojs',
			use: { ...chromium, javaScriptEnabled: false },
			// The accessibility specs check the hydrated pages in each language and theme; without JavaScript
			// `pages-accessibility.nojs-only.spec.ts` walks every page once. `*.js-only.spec.ts` holds what only
			// exists with JavaScript (instant settings, toasts that fade, closing dropdowns on Escape, the
			// version check, the screenshots).
			testIgnore: [/accessibility\.spec\.ts$/, /\.js-only\.spec\.ts$/],
		},
		{
			name: 'js',
			use: { ...chromium, javaScriptEnabled: true },
			testIgnore: [/\.nojs-only\.spec\.ts$/],
		},
	],
	webServer: {
		command: 'node tests/e2e/start-server.mjs',
		url: `${BASE_URL}/readyz`,
		reuseExistingServer: false,
		timeout: 120_000,
		stdout: 'pipe',
		stderr: 'pipe',
		gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
	},
})
