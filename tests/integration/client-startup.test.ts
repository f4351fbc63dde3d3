import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import vn from '~/locales/vn.json'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

let server: RunningServer

beforeAll(async () => {
	server = await startServer({ HELP_URL: 'https://wiki.example.org/portal', SESSION_IDLE_MINUTES: '20' })
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

interface MenuEntry {
	Path: string | null
	ListChildrent: MenuEntry[]
}

const paths = (entries: MenuEntry[]): string[] => entries.flatMap((entry) => [...(entry.Path ? [entry.Path] : []), ...paths(entry.ListChildrent)])

describe("the seed client's start-up, call by call", () => {
	test('config, translations, sign-in with a token, then the menu', async () => {
		const { email, password } = await createTestUser({ roles: ['viewer'] })

		// 1. The runtime configuration, before anything else and without any credentials.
		const configAnswer = await fetch(new URL('/assets/config.json', server.url))
		expect(configAnswer.status).toBe(200)
		expect(configAnswer.headers.get('Content-Type')).toMatch(/^application\/json/)
		expect(configAnswer.headers.get('Cache-Control')).toBe('public, max-age=60')
		const config = (await configAnswer.json()) as Record<string, unknown>
		const version = (await (await fetch(new URL('/api/version', server.url))).json()) as { version: string; buildDate: string }
		expect(config).toEqual({
			apiUrl: '/api',
			defaultLanguage: 'vn',
			languages: ['vn', 'en', 'es', 'de', 'it', 'ru'],
			authProvider: 'local',
			firebase: null,
			helpUrl: 'https://wiki.example.org/portal',
			version: version.version,
			buildDate: version.buildDate,
			sessionIdleMinutes: 20,
		})

		// 2. The translations of the default language.
		const translations = await fetch(new URL(`/assets/i18n/${String(config.defaultLanguage)}.json`, server.url))
		expect(translations.status).toBe(200)
		expect(await translations.json()).toEqual(vn)

		// 3. Sign-in through the API, which answers with a bearer token.
		const api = String(config.apiUrl)
		const authenticated = await fetch(new URL(`${api}/users/authenticate`, server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ email, password }),
		})
		expect(authenticated.status).toBe(200)
		const { token } = (await authenticated.json()) as { token: string }
		expect(token).toEqual(expect.any(String))

		// 4. The menu with that token: the viewer's own entries.
		const menu = await fetch(new URL(`${api}/QuanTri/FunctionGetByUser`, server.url), { headers: { Authorization: `Bearer ${token}` } })
		expect(menu.status).toBe(200)
		const body = (await menu.json()) as { type: string; data: MenuEntry[] }
		expect(body.type).toBe('success')
		expect(paths(body.data)).toEqual(expect.arrayContaining(['/dashboard', '/danhmuc/tram', '/congcu/list']))
		expect(paths(body.data)).not.toContain('/admin/users')
	})

	test('the configuration answers the same whoever asks, and only to GET and HEAD', async () => {
		const anonymous = await (await fetch(new URL('/assets/config.json', server.url))).json()
		const withJunkCredentials = await fetch(new URL('/assets/config.json', server.url), { headers: { Authorization: 'Bearer nonsense', Cookie: 'sp_session=forged' } })
		expect(withJunkCredentials.status).toBe(200)
		expect(await withJunkCredentials.json()).toEqual(anonymous)
		const posted = await fetch(new URL('/assets/config.json', server.url), { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })
		await posted.text()
		expect(posted.status).toBeGreaterThanOrEqual(400)
		expect(posted.status).toBeLessThan(500)
	})
})
