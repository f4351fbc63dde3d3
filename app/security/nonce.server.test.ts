import { describe, expect, test } from 'vitest'
import { createCspNonce } from './nonce.server'

describe('CSP nonces', () => {
	test('are 128 random bits in base64, never repeated, also across refills of the pool', () => {
		const nonces = Array.from({ length: 1000 }, () => createCspNonce())
		for (const nonce of nonces) expect(Buffer.from(nonce, 'base64')).toHaveLength(16)
		expect(new Set(nonces).size).toBe(nonces.length)
	})
})
