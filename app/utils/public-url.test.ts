import { describe, expect, test } from 'vitest'
import { publicOrigin } from './public-url.server'

describe('the origin of emailed links', () => {
	test('is PUBLIC_URL when it is set, whatever the Host header says', () => {
		expect(publicOrigin(new Request('http://evil.example/account/forgot-password'), 'https://portal.example.com')).toBe('https://portal.example.com')
	})

	test('falls back to the request origin only on loopback (development)', () => {
		expect(publicOrigin(new Request('http://localhost:3000/x'), undefined)).toBe('http://localhost:3000')
		expect(publicOrigin(new Request('http://127.0.0.1:4000/x'), undefined)).toBe('http://127.0.0.1:4000')
	})

	test('refuses any other Host without PUBLIC_URL: a poisoned reset link is never sent', () => {
		expect(publicOrigin(new Request('http://evil.example/x'), undefined)).toBeNull()
		expect(publicOrigin(new Request('http://127.0.0.1.evil.example/x'), undefined)).toBeNull()
	})
})
