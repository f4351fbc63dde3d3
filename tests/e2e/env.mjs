// The end-to-end run's environment, decided in one place. The Playwright config (base URL), the server
// start script (server environment, database to reset) and the test helpers (the CLI that creates users)
// all read it, so the browser, the server and the CLI always meet on the same port and database.
//
// E2E_DATABASE: sqlite (default) or postgres; postgres needs TEST_POSTGRES_URL, an administrator URL such as
//   postgres://postgres@127.0.0.1:5432/postgres (`source scripts/lib/postgres.sh; start_test_postgres` sets it).
// E2E_PORT: the server's port (default 3210).
// E2E_AUTH_PROVIDER: local (default) or firebase; firebase needs FIREBASE_AUTH_EMULATOR_HOST, a running
//   Auth emulator (`source scripts/lib/firebase-emulator.sh; start_auth_emulator` starts one).
import path from 'node:path'
import { fileURLToPath } from 'node:url'

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')

const requestedDatabase = process.env.E2E_DATABASE || 'sqlite'
if (requestedDatabase !== 'sqlite' && requestedDatabase !== 'postgres') {
	throw new Error(`E2E_DATABASE must be sqlite or postgres, not "${requestedDatabase}"`)
}
/** @type {'sqlite' | 'postgres'} */
export const E2E_DATABASE = requestedDatabase

const requestedProvider = process.env.E2E_AUTH_PROVIDER || 'local'
if (requestedProvider !== 'local' && requestedProvider !== 'firebase') {
	throw new Error(`E2E_AUTH_PROVIDER must be local or firebase, not "${requestedProvider}"`)
}
if (requestedProvider === 'firebase' && !process.env.FIREBASE_AUTH_EMULATOR_HOST) {
	throw new Error(
		'E2E_AUTH_PROVIDER=firebase needs FIREBASE_AUTH_EMULATOR_HOST (source scripts/lib/firebase-emulator.sh; start_auth_emulator)',
	)
}
/** @type {'local' | 'firebase'} */
export const E2E_AUTH_PROVIDER = requestedProvider

export const E2E_PORT = Number(process.env.E2E_PORT || 3210)
if (!Number.isInteger(E2E_PORT) || E2E_PORT <= 0 || E2E_PORT > 65535) {
	throw new Error(`E2E_PORT must be a port number, not "${process.env.E2E_PORT}"`)
}
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`

/**
 * The run's name (database, provider, port when one is given): runs that differ in them, side by side in
 * the same checkout, each get their own data folder, test results and report.
 */
export const RUN_NAME = [
	`e2e-${E2E_DATABASE}`,
	E2E_AUTH_PROVIDER === 'firebase' ? 'firebase' : null,
	process.env.E2E_PORT ? E2E_PORT : null,
]
	.filter(Boolean)
	.join('-')
/** Wiped and recreated by start-server.mjs at the start of every run. */
export const DATA_DIR = path.join(ROOT_DIR, '.tmp', RUN_NAME)

/** The PostgreSQL database start-server.mjs drops and recreates on the TEST_POSTGRES_URL server (one per E2E_PORT). */
export const POSTGRES_DATABASE = process.env.E2E_PORT ? `portal_e2e_${E2E_PORT}` : 'portal_e2e'

/** The help site the top bar's help link opens (the server's HELP_URL). */
export const HELP_URL = 'https://help.example.com/staff-portal/e2e'

/** The enterprise suite of the top bar's app launcher (the server's APP_LAUNCHER: without it there is none). */
export const APP_LAUNCHER = [
	{ name: 'ERP', icon: 'bx-buildings', url: 'https://erp.example.com/' },
	{ name: 'HRM', icon: 'bx-group', url: 'https://hr.example.com/' },
	{ name: 'E-Office', icon: 'bx-file', url: 'https://office.example.com/' },
	{ name: 'Mail', icon: 'bx-envelope', url: 'https://mail.example.com/' },
	{ name: 'Service Desk', icon: 'bx-support', url: 'https://servicedesk.example.com/' },
	{ name: 'Files', icon: 'bx-cloud', url: 'https://files.example.com/' },
]

/** The administrator the server creates on its first start. */
export const ADMIN = Object.freeze({ email: 'admin@example.com', password: 'E2e-Admin-Passphrase-7431' })

function databaseUrl() {
	if (E2E_DATABASE === 'sqlite') return `file:${path.join(DATA_DIR, 'portal.db')}`
	const adminUrl = process.env.TEST_POSTGRES_URL
	if (!adminUrl) {
		throw new Error(
			'E2E_DATABASE=postgres needs TEST_POSTGRES_URL, an administrator URL such as postgres://postgres@127.0.0.1:5432/postgres ' +
				'(source scripts/lib/postgres.sh; start_test_postgres)',
		)
	}
	const url = new URL(adminUrl)
	url.pathname = `/${POSTGRES_DATABASE}`
	return url.toString()
}

/** The environment of the server and of every CLI call. */
export const serverEnv = Object.freeze({
	NODE_ENV: 'production',
	PORT: String(E2E_PORT),
	HOST: '127.0.0.1',
	DATA_DIR,
	DATABASE_URL: databaseUrl(),
	SESSION_SECRET: 'e2e-session-secret-not-for-production-0123456789',
	ADMIN_EMAIL: ADMIN.email,
	ADMIN_PASSWORD: ADMIN.password,
	LOG_LEVEL: 'warn',
	// Load shedding is tested by the integration tests. Here two Chromium workers share two cores with the
	// server, which starves it for hundreds of milliseconds at times: not the overload these flows are about.
	MAX_EVENT_LOOP_DELAY_MS: '0',
	// One process: the flows are not about the cluster (tests/integration/cluster.test.ts is).
	WEB_CONCURRENCY: '1',
	COOKIE_SECURE: 'false',
	HELP_URL,
	APP_LAUNCHER: JSON.stringify(APP_LAUNCHER),
	...(E2E_AUTH_PROVIDER === 'firebase'
		? {
				AUTH_PROVIDER: 'firebase',
				FIREBASE_PROJECT_ID: 'demo-staff-portal',
				FIREBASE_API_KEY: 'emulator-api-key',
				FIREBASE_AUTH_EMULATOR_HOST: process.env.FIREBASE_AUTH_EMULATOR_HOST,
			}
		: {}),
})
