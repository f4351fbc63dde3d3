import { describe, expect, test } from 'vitest'
import { hashSecretToken, newSecretToken } from './secret-token.server'
import { issueCredential } from './issued-credential.server'

describe('a secret the portal hands out', () => {
	test('is 32 random bytes in base64url, new each time, and stored as its hash', () => {
		const first = newSecretToken()
		const second = newSecretToken()
		expect(first.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
		expect(second.token).not.toBe(first.token)
		expect(first.hash).toBe(hashSecretToken(first.token))
		expect(first.hash).not.toContain(first.token)
	})

	test('its hash is its SHA-256 in hex: the form every stored session, token and key already has', () => {
		expect(hashSecretToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad')
	})
})

describe('a session or API token issued to a client', () => {
	test('starts its row with its holder, its lifetime from now and the client, cut to the columns’ bounds', () => {
		const issued = issueCredential(7, 60_000, { ip: `2001:db8::${'1'.repeat(80)}`, userAgent: 'A'.repeat(600) }, 1_000)
		expect(issued.hash).toBe(hashSecretToken(issued.token))
		expect(issued.columns).toEqual({
			user_id: 7,
			created_at: 1_000,
			expires_at: 61_000,
			ip: `2001:db8::${'1'.repeat(80)}`.slice(0, 64),
			user_agent: 'A'.repeat(512),
		})
		expect(issueCredential(7, 1, { ip: null, userAgent: null }, 0).columns).toMatchObject({ ip: null, user_agent: null })
	})
})
