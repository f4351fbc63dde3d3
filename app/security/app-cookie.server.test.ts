import { afterEach, describe, expect, test, vi } from 'vitest'
import { resetSingleton } from '~/utils/singleton.server'
import { appCookie } from './app-cookie.server'

function withConfig(cookieSecure: boolean) {
	vi.stubEnv('SESSION_SECRET', 'unit-test-secret-0123456789abcdef')
	vi.stubEnv('COOKIE_SECURE', String(cookieSecure))
	resetSingleton('config')
	resetSingleton('cookie:sp_test')
}

afterEach(() => {
	vi.unstubAllEnvs()
	resetSingleton('config')
	resetSingleton('cookie:sp_test')
})

/** A Set-Cookie header's attributes, lower-cased, after its name=value. */
const attributes = (header: string) =>
	header
		.split(';')
		.slice(1)
		.map((part) => part.trim().toLowerCase())
		.sort()

describe('the portal’s cookies', () => {
	test('behind HTTPS: __Host- named, HttpOnly, Secure, SameSite=Lax, the whole site, with the age given', async () => {
		withConfig(true)
		const header = await appCookie('sp_test', { maxAgeSeconds: 300 }).serialize('value')
		expect(header.startsWith('__Host-sp_test=')).toBe(true)
		expect(attributes(header)).toEqual(['httponly', 'max-age=300', 'path=/', 'samesite=lax', 'secure'])
	})

	test('over plain HTTP (COOKIE_SECURE=false): no prefix and no Secure; without an age, it ends with the browser session', async () => {
		withConfig(false)
		const header = await appCookie('sp_test').serialize('value')
		expect(header.startsWith('sp_test=')).toBe(true)
		expect(attributes(header)).toEqual(['httponly', 'path=/', 'samesite=lax'])
	})

	test('is signed: a value changed in the browser reads as nothing', async () => {
		withConfig(true)
		const cookie = appCookie('sp_test')
		const header = (await cookie.serialize('mine')).split(';')[0]!
		expect(await cookie.parse(header)).toBe('mine')
		const [name, signed] = header.split('=')
		const forged = `${name}=${Buffer.from(JSON.stringify('theirs')).toString('base64')}.${decodeURIComponent(signed!).split('.')[1]}`
		expect(await cookie.parse(forged)).toBeNull()
	})
})
