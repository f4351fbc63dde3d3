import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { vn } from '~/i18n/messages'
import { buildConfig } from '~/config.server'
import { publicConfig, type PublicConfig } from '~/public-config.server'
import type { BuildInfo } from '~/version.server'
import { startServer, type RunningServer } from '../support/server'
import { createTestUser } from '../support/users'

let server: RunningServer

const SERVER_ENV = { HELP_URL: 'https://wiki.example.org/portal', SESSION_IDLE_MINUTES: '20' }

beforeAll(async () => {
	server = await startServer(SERVER_ENV)
})

afterAll(async () => {
	expect(await server?.stop()).toBe(0)
})

interface MenuEntry {
	Path: string | null
	ListChildrent: MenuEntry[]
}

const paths = (entries: MenuEntry[]): string[] =>
	entries.flatMap((entry) => [...(entry.Path ? [entry.Path] : []), ...paths(entry.ListChildrent)])

describe("the seed client's start-up, call by call", () => {
	test('config, translations, sign-in with a token, then the menu', async () => {
		const { email, password } = await createTestUser({ roles: ['viewer'] })

		// 1. The runtime configuration, before anything else and without any credentials.
		const configAnswer = await fetch(new URL('/assets/config.json', server.url))
		expect(configAnswer.status).toBe(200)
		expect(configAnswer.headers.get('Content-Type')).toMatch(/^application\/json/)
		expect(configAnswer.headers.get('Cache-Control')).toBe('public, max-age=60')
		// Shared caches may keep it: no cookie travels with it.
		expect(configAnswer.headers.getSetCookie()).toEqual([])
		const config = (await configAnswer.json()) as PublicConfig
		// What app/public-config.server.test.ts specifies, for this server's environment and build.
		const build = (await (await fetch(new URL('/api/version', server.url))).json()) as BuildInfo
		expect(config).toEqual(publicConfig(buildConfig({ ...process.env, ...SERVER_ENV }), build))
		expect(config).toMatchObject({ helpUrl: SERVER_ENV.HELP_URL, sessionIdleMinutes: 20, authProvider: 'local', firebase: null })

		// 2. The translations of the default language.
		const translations = await fetch(new URL(`/assets/i18n/${config.defaultLanguage}.json`, server.url))
		expect(translations.status).toBe(200)
		expect(translations.headers.get('Cache-Control')).toMatch(/^public/)
		expect(translations.headers.getSetCookie()).toEqual([])
		expect(await translations.json()).toEqual(vn)

		// 3. Sign-in through the API, which answers with a bearer token.
		const api = config.apiUrl
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

	test('pages still set the CSRF cookie their forms need', async () => {
		const page = await fetch(new URL('/account/login', server.url))
		await page.text()
		expect(page.headers.getSetCookie().some((cookie) => cookie.includes('sp_csrf='))).toBe(true)
	})

	test('the configuration answers the same whoever asks, and only to GET and HEAD', async () => {
		const anonymous = await (await fetch(new URL('/assets/config.json', server.url))).json()
		const withJunkCredentials = await fetch(new URL('/assets/config.json', server.url), {
			headers: { Authorization: 'Bearer nonsense', Cookie: 'sp_session=forged' },
		})
		expect(withJunkCredentials.status).toBe(200)
		expect(await withJunkCredentials.json()).toEqual(anonymous)
		const posted = await fetch(new URL('/assets/config.json', server.url), {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: '{}',
		})
		await posted.text()
		expect(posted.status).toBeGreaterThanOrEqual(400)
		expect(posted.status).toBeLessThan(500)
	})
})
