import { describe, expect, test } from 'vitest'
import { buildConfig } from './config.server'
import { publicConfig } from './public-config.server'

const build = { version: '1.4.0', buildDate: '2026-11-25T08:00:00.000Z' }
const secret = 's'.repeat(40)

describe('the public runtime configuration (/assets/config.json)', () => {
	test('with local accounts: the API, the six languages, the help link, the build and the idle timeout', () => {
		const config = buildConfig({ SESSION_SECRET: secret, HELP_URL: 'https://wiki.example.org/portal', SESSION_IDLE_MINUTES: '45' })
		expect(publicConfig(config, build)).toEqual({
			apiUrl: '/api',
			defaultLanguage: 'vn',
			languages: ['vn', 'en', 'es', 'de', 'it', 'ru'],
			authProvider: 'local',
			firebase: null,
			helpUrl: 'https://wiki.example.org/portal',
			version: '1.4.0',
			buildDate: '2026-11-25T08:00:00.000Z',
			sessionIdleMinutes: 45,
		})
	})

	test('with Firebase: the web API key, the project and its sign-in domain, by default <project>.firebaseapp.com', () => {
		const env = {
			SESSION_SECRET: secret,
			AUTH_PROVIDER: 'firebase',
			FIREBASE_PROJECT_ID: 'staff-portal',
			FIREBASE_API_KEY: 'AIza-public-key',
		}
		expect(publicConfig(buildConfig(env), build)).toMatchObject({
			authProvider: 'firebase',
			firebase: { apiKey: 'AIza-public-key', projectId: 'staff-portal', authDomain: 'staff-portal.firebaseapp.com' },
		})
		expect(publicConfig(buildConfig({ ...env, FIREBASE_AUTH_DOMAIN: 'login.example.org' }), build).firebase?.authDomain).toBe(
			'login.example.org',
		)
	})

	test('tells nothing secret: no session secret, administrator password, database address or emulator', () => {
		const env = {
			SESSION_SECRET: secret,
			ADMIN_EMAIL: 'root@example.org',
			ADMIN_PASSWORD: 'Administrator password 2026',
			DATABASE_URL: 'postgres://portal:db-password@db.internal:5432/portal',
			AUTH_PROVIDER: 'firebase',
			FIREBASE_PROJECT_ID: 'staff-portal',
			FIREBASE_API_KEY: 'AIza-public-key',
			FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
		}
		const text = JSON.stringify(publicConfig(buildConfig(env), build))
		for (const hidden of [secret, 'root@example.org', 'Administrator password 2026', 'db-password', 'db.internal', '9099'])
			expect(text).not.toContain(hidden)
	})
})
