import { describe, expect, test } from 'vitest'
import { requestContext } from '~/utils/logger.server'
import { publicOrigin } from './public-url.server'

describe('the origin of emailed links', () => {
	test('is PUBLIC_URL when it is set, whatever the Host header says', () => {
		expect(publicOrigin(new Request('http://evil.example/account/forgot-password'), 'https://portal.example.com', true)).toBe(
			'https://portal.example.com',
		)
		expect(publicOrigin(new Request('http://evil.example/account/forgot-password'), 'https://portal.example.com', false)).toBe(
			'https://portal.example.com',
		)
	})

	test('falls back to the request origin only for a client on this machine (development)', () => {
		expect(publicOrigin(new Request('http://localhost:3000/x'), undefined, true)).toBe('http://localhost:3000')
		expect(publicOrigin(new Request('http://127.0.0.1:4000/x'), undefined, true)).toBe('http://127.0.0.1:4000')
	})

	test('refuses a client elsewhere without PUBLIC_URL, whatever host it names: a poisoned reset link is never sent', () => {
		expect(publicOrigin(new Request('http://evil.example/x'), undefined, false)).toBeNull()
		expect(publicOrigin(new Request('http://localhost:3000/x'), undefined, false)).toBeNull()
		expect(publicOrigin(new Request('http://127.0.0.1:3000/x'), undefined, false)).toBeNull()
	})

	test("reads where the client is from the request's context, and without one counts it as elsewhere", () => {
		const request = new Request('http://localhost:3000/x')
		expect(publicOrigin(request, undefined)).toBeNull()
		const context = { requestId: 'r', clientIp: '127.0.0.1', cspNonce: 'n', csrfToken: 't' }
		expect(requestContext.run({ ...context, clientOnLoopback: true }, () => publicOrigin(request, undefined))).toBe('http://localhost:3000')
		expect(requestContext.run({ ...context, clientOnLoopback: false }, () => publicOrigin(request, undefined))).toBeNull()
	})
})
