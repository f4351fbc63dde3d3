import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import * as oidc from 'openid-client'
import { describe, expect, test } from 'vitest'
import { prepareConfiguration, type OidcSettings } from './client.server'
import { exchangeCode, type FlowState } from './flow.server'

/** The negative ID token cases, against keys made here: the token endpoint is a stand-in (openid-client's customFetch). */
const ISSUER = 'https://idp.example.test'
const CLIENT_ID = 'staff-portal'
const settings = { redirectUri: 'https://portal.example.test/account/oidc/callback', groupsClaim: 'groups' } as OidcSettings
const providerKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
const otherKey = generateKeyPairSync('rsa', { modulusLength: 2048 })
const publicJwk = { ...providerKey.publicKey.export({ format: 'jwk' }), kid: 'k1', alg: 'RS256', use: 'sig' }

const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')

function signed(claims: Record<string, unknown>, { key = providerKey.privateKey, alg = 'RS256' }: { key?: KeyObject; alg?: string } = {}) {
	const data = `${encode({ alg, kid: 'k1', typ: 'JWT' })}.${encode(claims)}`
	return `${data}.${sign('sha256', Buffer.from(data), key).toString('base64url')}`
}

const flow: FlowState = { state: 'state-1', nonce: 'nonce-1', verifier: 'v'.repeat(43), redirectTo: '/dashboard', startedAt: 0 }

function claims(overrides: Record<string, unknown> = {}) {
	const now = Math.floor(Date.now() / 1000)
	return {
		iss: ISSUER,
		aud: CLIENT_ID,
		sub: 'person-1',
		iat: now,
		exp: now + 300,
		nonce: flow.nonce,
		email: 'lan@example.com',
		email_verified: true,
		given_name: 'Lan',
		family_name: 'Nguyễn',
		name: 'Nguyễn Lan',
		groups: ['staff'],
		...overrides,
	}
}

/** Exchanges a code at a token endpoint that answers `idToken`. */
function exchange(idToken: string) {
	const configuration = new oidc.Configuration(
		{
			issuer: ISSUER,
			authorization_endpoint: `${ISSUER}/auth`,
			token_endpoint: `${ISSUER}/token`,
			jwks_uri: `${ISSUER}/jwks`,
			id_token_signing_alg_values_supported: ['RS256'],
		},
		CLIENT_ID,
		{ client_secret: 'secret' },
		oidc.ClientSecretBasic('secret'),
	)
	configuration[oidc.customFetch] = async (url) => {
		if (url === `${ISSUER}/jwks`) return Response.json({ keys: [publicJwk] })
		if (url === `${ISSUER}/token`) return Response.json({ access_token: 'at', token_type: 'Bearer', id_token: idToken })
		return new Response('not found', { status: 404 })
	}
	prepareConfiguration(configuration)
	return exchangeCode(configuration, settings, flow, new URLSearchParams({ code: 'the-code', state: flow.state }))
}

describe('the ID token is checked (openid-client, with the provider’s keys)', () => {
	test('a token from the provider, for this client, signed with its key, with this flow’s nonce, is accepted', async () => {
		const result = await exchange(signed(claims()))
		expect(result).toMatchObject({
			ok: true,
			redirectTo: '/dashboard',
			claims: { subject: 'person-1', email: 'lan@example.com', emailVerified: true, groups: ['staff'] },
		})
	})

	test.each([
		['a wrong issuer', () => signed(claims({ iss: 'https://evil.example.test' }))],
		['a wrong audience', () => signed(claims({ aud: 'another-client' }))],
		['an expired token', () => signed(claims({ iat: Math.floor(Date.now() / 1000) - 3600, exp: Math.floor(Date.now() / 1000) - 600 }))],
		['a signature by another key', () => signed(claims(), { key: otherKey.privateKey })],
		['the nonce of an earlier sign-in (a replayed token)', () => signed(claims({ nonce: 'nonce-of-another-flow' }))],
		['no nonce', () => signed(claims({ nonce: undefined }))],
		['alg none', () => `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims())}.`],
		[
			'HMAC with the provider’s public key as secret',
			() => {
				const data = `${encode({ alg: 'HS256', kid: 'k1', typ: 'JWT' })}.${encode(claims())}`
				const secret = providerKey.publicKey.export({ format: 'pem', type: 'spki' })
				return `${data}.${createHmac('sha256', secret).update(data).digest('base64url')}`
			},
		],
	])('%s is refused', async (_case, token) => {
		const result = await exchange(token())
		expect(result).toMatchObject({ ok: false, reason: 'invalidToken' })
	})
})
