import { constants, createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto'

/**
 * Checks a back-channel logout token (OpenID Connect Back-Channel Logout 1.0, section 2.6): a JWS signed with
 * one of the provider's keys (never `none` nor HMAC), from the issuer, for this client, recent, with the
 * logout event, naming `sid` or `sub`, and without a nonce. openid-client 6 has no helper for it.
 */
export interface LogoutTarget {
	sid: string | null
	sub: string | null
}

export type KeySource = (kid: string | undefined, refresh: boolean) => Promise<JsonWebKey[]>

const LOGOUT_EVENT = 'http://schemas.openid.net/event/backchannel-logout'
/** How far the token's times may be from ours (clocks differ), and the oldest `iat` accepted without `exp`. */
const CLOCK_TOLERANCE_S = 60
const MAX_AGE_S = 10 * 60

const ALGORITHMS: Record<string, { hash: string | null; kty: string; curve?: string; pss?: boolean; ec?: boolean }> = {
	RS256: { hash: 'sha256', kty: 'RSA' },
	RS384: { hash: 'sha384', kty: 'RSA' },
	RS512: { hash: 'sha512', kty: 'RSA' },
	PS256: { hash: 'sha256', kty: 'RSA', pss: true },
	PS384: { hash: 'sha384', kty: 'RSA', pss: true },
	PS512: { hash: 'sha512', kty: 'RSA', pss: true },
	ES256: { hash: 'sha256', kty: 'EC', curve: 'P-256', ec: true },
	ES384: { hash: 'sha384', kty: 'EC', curve: 'P-384', ec: true },
	ES512: { hash: 'sha512', kty: 'EC', curve: 'P-521', ec: true },
	EdDSA: { hash: null, kty: 'OKP' },
	Ed25519: { hash: null, kty: 'OKP', curve: 'Ed25519' },
}

export class LogoutTokenError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'LogoutTokenError'
	}
}

function decodePart(part: string): Record<string, unknown> {
	const value: unknown = JSON.parse(Buffer.from(part, 'base64url').toString('utf8'))
	if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new LogoutTokenError('not a JSON object')
	return value as Record<string, unknown>
}

function signatureValid(alg: string, key: KeyObject, data: Buffer, signature: Buffer): boolean {
	const spec = ALGORITHMS[alg]!
	if (spec.pss)
		return verify(
			spec.hash,
			data,
			{ key, padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: constants.RSA_PSS_SALTLEN_DIGEST },
			signature,
		)
	if (spec.ec) return verify(spec.hash, data, { key, dsaEncoding: 'ieee-p1363' }, signature)
	return verify(spec.hash, data, key, signature)
}

function usableKeys(keys: JsonWebKey[], alg: string, kid: string | undefined): JsonWebKey[] {
	const spec = ALGORITHMS[alg]!
	return keys.filter(
		(key) =>
			key.kty === spec.kty &&
			(spec.curve === undefined || key.crv === spec.curve) &&
			(kid === undefined || key.kid === kid) &&
			(key.use === undefined || key.use === 'sig') &&
			(key.alg === undefined || key.alg === alg),
	)
}

export async function verifyLogoutToken(
	token: string,
	expected: { issuer: string; clientId: string },
	keys: KeySource,
	nowMs = Date.now(),
): Promise<LogoutTarget> {
	const parts = token.split('.')
	if (parts.length !== 3 || parts.some((part) => !/^[A-Za-z0-9_-]*$/.test(part))) throw new LogoutTokenError('not a signed JWT')
	let header: Record<string, unknown>
	let claims: Record<string, unknown>
	try {
		header = decodePart(parts[0]!)
		claims = decodePart(parts[1]!)
	} catch {
		throw new LogoutTokenError('not a signed JWT')
	}
	const alg = typeof header.alg === 'string' ? header.alg : ''
	if (!Object.hasOwn(ALGORITHMS, alg)) throw new LogoutTokenError(`algorithm ${alg.slice(0, 16) || 'missing'} refused`)
	if (header.crit !== undefined) throw new LogoutTokenError('critical header parameters are not supported')
	const kid = typeof header.kid === 'string' ? header.kid : undefined
	const data = Buffer.from(`${parts[0]}.${parts[1]}`)
	const signature = Buffer.from(parts[2]!, 'base64url')
	let valid = false
	for (const refresh of [false, true]) {
		for (const jwk of usableKeys(await keys(kid, refresh), alg, kid)) {
			try {
				if (signatureValid(alg, createPublicKey({ key: jwk, format: 'jwk' }), data, signature)) valid = true
			} catch {
				/* a key the runtime cannot use */
			}
		}
		if (valid) break
	}
	if (!valid) throw new LogoutTokenError('signature not made by the provider')
	const now = Math.floor(nowMs / 1000)
	if (claims.iss !== expected.issuer) throw new LogoutTokenError('wrong issuer')
	const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
	if (!audiences.includes(expected.clientId)) throw new LogoutTokenError('wrong audience')
	if (typeof claims.iat !== 'number' || claims.iat > now + CLOCK_TOLERANCE_S) throw new LogoutTokenError('bad iat')
	if (typeof claims.exp === 'number' ? claims.exp <= now - CLOCK_TOLERANCE_S : claims.iat < now - MAX_AGE_S)
		throw new LogoutTokenError('expired')
	const events = claims.events
	if (typeof events !== 'object' || events === null || !Object.hasOwn(events, LOGOUT_EVENT))
		throw new LogoutTokenError('not a logout event')
	if (claims.nonce !== undefined) throw new LogoutTokenError('a logout token carries no nonce')
	const sid = typeof claims.sid === 'string' && claims.sid !== '' ? claims.sid : null
	const sub = typeof claims.sub === 'string' && claims.sub !== '' ? claims.sub : null
	if (!sid && !sub) throw new LogoutTokenError('names neither sid nor sub')
	return { sid, sub }
}
