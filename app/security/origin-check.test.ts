import { describe, expect, test } from 'vitest'
import { isCrossSiteRequest } from './origin-check'

const own = 'http://localhost:3000'

describe('isCrossSiteRequest', () => {
	test('lets safe methods through whatever their origin', () => {
		expect(isCrossSiteRequest({ method: 'GET', origin: 'https://evil.example', secFetchSite: 'cross-site', ownOrigin: own })).toBe(false)
	})

	test('refuses a POST from another origin', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: 'https://evil.example', secFetchSite: undefined, ownOrigin: own })).toBe(true)
	})

	test('refuses a POST a browser marks cross-site or same-site', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: undefined, secFetchSite: 'cross-site', ownOrigin: own })).toBe(true)
		expect(isCrossSiteRequest({ method: 'DELETE', origin: undefined, secFetchSite: 'same-site', ownOrigin: own })).toBe(true)
	})

	test('refuses the opaque origin "null" (sandboxed frames, data: pages)', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: 'null', secFetchSite: undefined, ownOrigin: own })).toBe(true)
	})

	test('accepts a POST from this origin', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: own, secFetchSite: 'same-origin', ownOrigin: own })).toBe(false)
	})

	test('accepts a POST from a client that sends neither header (text browsers, curl)', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: undefined, secFetchSite: undefined, ownOrigin: own })).toBe(false)
	})

	test('accepts a user-initiated navigation (Sec-Fetch-Site: none)', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: undefined, secFetchSite: 'none', ownOrigin: own })).toBe(false)
	})

	test('compares origins as a browser writes them: case and a default port make no difference', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: 'HTTP://LOCALHOST:3000', secFetchSite: undefined, ownOrigin: own })).toBe(false)
		expect(
			isCrossSiteRequest({
				method: 'POST',
				origin: 'https://portal.example:443',
				secFetchSite: undefined,
				ownOrigin: 'https://portal.example',
			}),
		).toBe(false)
	})

	test('refuses an Origin that is no origin', () => {
		for (const origin of ['', 'localhost:3000', 'http://[', 'javascript:alert(1)', 'http://localhost:3000.evil.example']) {
			expect(isCrossSiteRequest({ method: 'POST', origin, secFetchSite: undefined, ownOrigin: own }), origin).toBe(true)
		}
	})
})
