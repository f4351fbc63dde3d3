import { createHmac, generateKeyPairSync, sign, type JsonWebKey } from 'node:crypto'
import { describe, expect, test } from 'vitest'
import { verifyLogoutToken } from './logout-token.server'

const ISSUER = 'https://idp.example.test'
const expected = { issuer: ISSUER, clientId: 'staff-portal' }
const key = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const other = generateKeyPairSync('ec', { namedCurve: 'P-256' })
const keys = async (): Promise<JsonWebKey[]> => [{ ...key.publicKey.export({ format: 'jwk' }), kid: 'k1' }]
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
const EVENT = { 'http://schemas.openid.net/event/backchannel-logout': {} }

function token(claims: Record<string, unknown>, signer = key.privateKey) {
	const data = `${encode({ alg: 'ES256', kid: 'k1', typ: 'logout+jwt' })}.${encode(claims)}`
	return `${data}.${sign('sha256', Buffer.from(data), { key: signer, dsaEncoding: 'ieee-p1363' }).toString('base64url')}`
}
const now = () => Math.floor(Date.now() / 1000)
const good = () => ({ iss: ISSUER, aud: 'staff-portal', iat: now(), jti: 'j1', events: EVENT, sid: 'session-1', sub: 'person-1' })

describe('back-channel logout tokens', () => {
	test('a token signed by the provider, for this client, naming sid and sub, is accepted', async () => {
		expect(await verifyLogoutToken(token(good()), expected, keys)).toEqual({ sid: 'session-1', sub: 'person-1' })
	})

	test.each([
		['another key', () => token(good(), other.privateKey), 'signature'],
		['a wrong issuer', () => token({ ...good(), iss: 'https://evil.example.test' }), 'issuer'],
		['a wrong audience', () => token({ ...good(), aud: 'other' }), 'audience'],
		['an old token', () => token({ ...good(), iat: now() - 3600 }), 'expired'],
		['no logout event', () => token({ ...good(), events: {} }), 'logout event'],
		['a nonce', () => token({ ...good(), nonce: 'n' }), 'nonce'],
		['neither sid nor sub', () => token({ ...good(), sid: undefined, sub: undefined }), 'neither'],
		['alg none', () => `${encode({ alg: 'none' })}.${encode(good())}.`, 'algorithm'],
		[
			'HMAC',
			() => {
				const data = `${encode({ alg: 'HS256' })}.${encode(good())}`
				return `${data}.${createHmac('sha256', 'x').update(data).digest('base64url')}`
			},
			'algorithm',
		],
		['garbage', () => 'not-a-token', 'not a signed JWT'],
	])('%s is refused', async (_case, make, message) => {
		await expect(verifyLogoutToken(make(), expected, keys)).rejects.toThrow(message)
	})
})
