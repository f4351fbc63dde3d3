import { timingSafeEqual } from 'node:crypto'
import { appCookie } from '~/security/app-cookie.server'
import * as oidc from 'openid-client'
import { safeRedirect } from '~/utils/redirect'
import { ProviderUnavailableError, type OidcSettings } from './client.server'

/** The longest a sign-in may take at the provider: the flow's cookie, and its own time inside it, end then. */
export const FLOW_MAX_AGE_MS = 10 * 60_000

/** What the browser carries between the start and the callback (signed, httpOnly, at most 10 minutes). */
export interface FlowState {
	state: string
	nonce: string
	verifier: string
	redirectTo: string
	startedAt: number
}

export type FlowFailure = 'stale' | 'state' | 'denied' | 'providerError' | 'invalidToken' | 'unreachable'

/** The claims the portal uses, from the ID token and, for those it leaves out, the userinfo endpoint. */
export interface OidcClaims {
	subject: string
	email: string | null
	emailVerified: boolean
	givenName: string | null
	familyName: string | null
	name: string | null
	groups: string[]
	amr: string[]
	/** The provider's session id, named by a back-channel logout. */
	sid: string | null
}

export type FlowResult =
	{ ok: true; claims: OidcClaims; idToken: string; redirectTo: string } | { ok: false; reason: FlowFailure; detail?: string }

function flowCookie() {
	return appCookie('sp_oidc', { maxAgeSeconds: FLOW_MAX_AGE_MS / 1000 })
}

export function clearFlowCookie(): Promise<string> {
	return flowCookie().serialize('', { maxAge: 0, expires: new Date(0) })
}

async function readFlow(request: Request, now: number): Promise<FlowState | null> {
	let value: unknown
	try {
		value = await flowCookie().parse(request.headers.get('Cookie'))
	} catch {
		return null
	}
	if (typeof value !== 'object' || value === null) return null
	const flow = value as Partial<FlowState>
	const strings = [flow.state, flow.nonce, flow.verifier, flow.redirectTo].every(
		(part) => typeof part === 'string' && part.length > 0 && part.length <= 2048,
	)
	if (!strings || typeof flow.startedAt !== 'number') return null
	// The cookie's own lifetime is the browser's to keep; the time inside it is ours.
	if (now - flow.startedAt > FLOW_MAX_AGE_MS || flow.startedAt > now + 60_000) return null
	return flow as FlowState
}

/** The provider's authorization URL for a new sign-in (code flow, PKCE S256, state, nonce) and the cookie that remembers it. */
export async function startFlow(configuration: oidc.Configuration, settings: OidcSettings, redirectTo: unknown, now = Date.now()) {
	const flow: FlowState = {
		state: oidc.randomState(),
		nonce: oidc.randomNonce(),
		verifier: oidc.randomPKCECodeVerifier(),
		redirectTo: safeRedirect(typeof redirectTo === 'string' ? redirectTo : null, '/'),
		startedAt: now,
	}
	const location = oidc.buildAuthorizationUrl(configuration, {
		redirect_uri: settings.redirectUri,
		scope: settings.scopes,
		response_type: 'code',
		state: flow.state,
		nonce: flow.nonce,
		code_challenge: await oidc.calculatePKCECodeChallenge(flow.verifier),
		code_challenge_method: 'S256',
	})
	return { location: location.href, cookie: await flowCookie().serialize(flow) }
}

function sameText(a: string, b: string): boolean {
	const left = Buffer.from(a)
	const right = Buffer.from(b)
	return left.length === right.length && timingSafeEqual(left, right)
}

/** Whether an error is the network's or a timeout's, not the provider's answer. */
export function isUnreachable(error: unknown): boolean {
	if (error instanceof ProviderUnavailableError) return true
	const name = (error as { name?: unknown } | null)?.name
	return error instanceof TypeError || name === 'AbortError' || name === 'TimeoutError'
}

/**
 * The callback's checks before the code is exchanged: a flow cookie still on (else the callback is stale or
 * replayed), the same `state`, and no error from the provider.
 */
export async function readCallback(
	request: Request,
	now = Date.now(),
): Promise<{ ok: true; flow: FlowState; params: URLSearchParams } | { ok: false; reason: FlowFailure; detail?: string }> {
	const params = new URL(request.url).searchParams
	const flow = await readFlow(request, now)
	if (!flow) return { ok: false, reason: 'stale' }
	const state = params.get('state')
	if (state === null || !sameText(state, flow.state)) return { ok: false, reason: 'state' }
	const error = params.get('error')
	if (error !== null) return { ok: false, reason: error === 'access_denied' ? 'denied' : 'providerError', detail: error.slice(0, 64) }
	if (!params.get('code')) return { ok: false, reason: 'providerError', detail: 'no code' }
	return { ok: true, flow, params }
}

function stringClaim(value: unknown): string | null {
	return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, 256) : null
}

function listClaim(value: unknown): string[] {
	if (typeof value === 'string') return [value]
	return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

/**
 * Exchanges the code (with the PKCE verifier) and checks the ID token as openid-client does: issuer, audience,
 * signature with the provider's keys, expiry and nonce. Claims the ID token leaves out (email and groups at
 * many providers) are read from the userinfo endpoint.
 */
export async function exchangeCode(
	configuration: oidc.Configuration,
	settings: OidcSettings,
	flow: FlowState,
	params: URLSearchParams,
): Promise<FlowResult> {
	const currentUrl = new URL(settings.redirectUri)
	currentUrl.search = params.toString()
	let tokens: Awaited<ReturnType<typeof oidc.authorizationCodeGrant>>
	try {
		tokens = await oidc.authorizationCodeGrant(configuration, currentUrl, {
			pkceCodeVerifier: flow.verifier,
			expectedState: flow.state,
			expectedNonce: flow.nonce,
			idTokenExpected: true,
		})
	} catch (error) {
		if (isUnreachable(error)) return { ok: false, reason: 'unreachable' }
		// The code was used already (a replayed callback) or has expired at the provider.
		if (error instanceof oidc.ResponseBodyError && error.error === 'invalid_grant') return { ok: false, reason: 'stale' }
		if (error instanceof oidc.ResponseBodyError) return { ok: false, reason: 'providerError', detail: error.error.slice(0, 64) }
		return { ok: false, reason: 'invalidToken', detail: (error as Error).message?.slice(0, 200) }
	}
	const idToken = tokens.id_token
	const idClaims = tokens.claims()
	if (!idToken || !idClaims) return { ok: false, reason: 'invalidToken', detail: 'no ID token' }
	let claims: Record<string, unknown> = { ...idClaims }
	const wanted = ['email', 'email_verified', 'given_name', 'family_name', 'name', settings.groupsClaim]
	if (wanted.some((name) => claims[name] === undefined) && configuration.serverMetadata().userinfo_endpoint) {
		try {
			const userinfo = await oidc.fetchUserInfo(configuration, tokens.access_token, idClaims.sub)
			claims = { ...userinfo, ...claims }
		} catch (error) {
			if (isUnreachable(error)) return { ok: false, reason: 'unreachable' }
			return { ok: false, reason: 'invalidToken', detail: `userinfo: ${(error as Error).message?.slice(0, 200)}` }
		}
	}
	return {
		ok: true,
		idToken,
		redirectTo: flow.redirectTo,
		claims: {
			subject: idClaims.sub,
			email: stringClaim(claims.email),
			emailVerified: claims.email_verified === true || claims.email_verified === 'true',
			givenName: stringClaim(claims.given_name),
			familyName: stringClaim(claims.family_name),
			name: stringClaim(claims.name),
			groups: listClaim(claims[settings.groupsClaim]),
			amr: listClaim(idClaims.amr),
			sid: stringClaim(idClaims.sid),
		},
	}
}
