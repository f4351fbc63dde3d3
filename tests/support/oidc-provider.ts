import { generateKeyPairSync, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Configuration } from 'oidc-provider'
import { expect } from 'vitest'
import { TestClient } from './client'
import { freePort } from './nginx'

/** What the provider knows of a person: the claims it gives (standard ones, and `groups`). */
export interface TestPerson {
	email?: string
	email_verified?: boolean
	given_name?: string
	family_name?: string
	name?: string
	groups?: string[]
}

/** What happens at the provider's sign-in page next: someone signs in (with these `amr`), or the user refuses. */
export type NextAnswer = { subject: string; amr?: string[] } | { deny: true }

export interface TestOidcProvider {
	issuer: string
	/** The portal this provider's client is for (redirect and logout URIs). */
	portalUrl: string
	clientId: string
	clientSecret: string
	provider: Provider
	people: Map<string, TestPerson>
	/** Who signs in at the next interaction (the test's stand-in for the provider's sign-in page). */
	next: NextAnswer
	/** The provider's own back-channel logout of `subject`'s session `sid` to the portal. */
	backChannelLogout(subject: string, sid: string): Promise<void>
	close(): Promise<void>
}

/**
 * A real OpenID provider (oidc-provider 9) on a loopback port with its own signing key and one confidential
 * client (the portal at `portalUrl`): authorization code with PKCE, userinfo, RP-initiated logout and
 * back-channel logout. Its sign-in page answers at once as `next` says. Worked around: its outgoing requests
 * refuse loopback addresses (an SSRF guard), so `fetch` is given without that dispatcher; with its default
 * `conformIdTokenClaims` the code flow puts `email` and `groups` in userinfo only, which the portal must read.
 */
export async function startOidcProvider(portalUrl: string): Promise<TestOidcProvider> {
	const server = http.createServer()
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
	const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
	const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 })
	const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test-key', alg: 'RS256', use: 'sig' }
	const clientId = 'staff-portal'
	const clientSecret = randomBytes(24).toString('hex')
	const people = new Map<string, TestPerson>()
	const configuration: Configuration = {
		clients: [
			{
				client_id: clientId,
				client_secret: clientSecret,
				redirect_uris: [`${portalUrl}/account/oidc/callback`],
				post_logout_redirect_uris: [`${portalUrl}/account/login`],
				backchannel_logout_uri: `${portalUrl}/account/oidc/backchannel-logout`,
				backchannel_logout_session_required: true,
				grant_types: ['authorization_code'],
				response_types: ['code'],
			},
		],
		jwks: { keys: [jwk] },
		cookies: { keys: [randomBytes(16).toString('hex')] },
		// `amr` (how the person signed in) with `openid`: in every ID token, as providers that report it do.
		claims: { openid: ['sub', 'amr'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name', 'groups'] },
		features: { devInteractions: { enabled: false }, backchannelLogout: { enabled: true }, rpInitiatedLogout: { enabled: true } },
		pkce: { required: () => true },
		findAccount: (_ctx, subject) => {
			const person = people.get(subject)
			return person ? { accountId: subject, claims: () => ({ sub: subject, ...person }) } : undefined
		},
		// The portal is the company's own application: no consent screen.
		loadExistingGrant: async (ctx) => {
			const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! })
			grant.addOIDCScope('openid email profile')
			await grant.save()
			return grant
		},
		// Its calls say where they come from, as a provider's HTTP client may: the back-channel logout must be
		// taken from another origin (the portal's cross-site refusal does not apply to it).
		fetch: (url, { dispatcher: _ssrfGuard, ...options }: RequestInit & { dispatcher?: unknown }) => {
			const headers = new Headers(options.headers)
			headers.set('Origin', issuer)
			headers.set('Sec-Fetch-Site', 'cross-site')
			return globalThis.fetch(url, { ...options, headers })
		},
	}
	const provider = new Provider(issuer, configuration)
	const handle: TestOidcProvider = {
		issuer,
		portalUrl,
		clientId,
		clientSecret,
		provider,
		people,
		next: { deny: true },
		async backChannelLogout(subject, sid) {
			const client = await provider.Client.find(clientId)
			await client!.backchannelLogout(subject, sid)
		},
		close: () => new Promise((resolve) => server.close(() => resolve())),
	}
	const callback = provider.callback()
	server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
		if (!req.url?.startsWith('/interaction/')) {
			callback(req, res)
			return
		}
		const answer = handle.next
		const result = 'deny' in answer ? { error: 'access_denied', error_description: 'The user refused.' } : { login: { accountId: answer.subject, amr: answer.amr ?? ['pwd'] } }
		provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }).catch((error: unknown) => {
			res.statusCode = 500
			res.end(String(error))
		})
	})
	return handle
}

/**
 * A provider for a portal about to start on a free loopback port: the provider, and the portal's settings that
 * point at it (PORT, PUBLIC_URL, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
 */
export async function startOidcProviderForPortal(): Promise<{ idp: TestOidcProvider; portalEnv: Record<string, string> }> {
	const port = await freePort()
	const idp = await startOidcProvider(`http://127.0.0.1:${port}`)
	return { idp, portalEnv: { PORT: String(port), PUBLIC_URL: idp.portalUrl, OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: idp.clientId, OIDC_CLIENT_SECRET: idp.clientSecret } }
}

let personCount = 0

/** A new person at the provider (a verified, unique email, the name Nguyễn Lan, no groups unless `overrides` say). */
export function addTestPerson(idp: TestOidcProvider, overrides: TestPerson = {}): { subject: string; email: string } {
	personCount += 1
	const unique = `${personCount}-${Date.now().toString(36)}`
	const subject = `sub-${unique}`
	const person = { email: `sso${unique}@example.com`, email_verified: true, given_name: 'Lan', family_name: 'Nguyễn', name: 'Nguyễn Lan', groups: [], ...overrides }
	idp.people.set(subject, person)
	return { subject, email: person.email }
}

/**
 * A browser signing in through the provider: the portal's button, the provider's pages, back to the callback
 * (`beforeCallback` runs just before the browser follows it). Returns the portal's answer to the callback.
 */
export async function signInThroughProvider(idp: TestOidcProvider, client: TestClient, next: NextAnswer, redirectTo = '/', beforeCallback: () => void = () => {}) {
	idp.next = next
	const start = await client.post('/account/oidc/start', { redirectTo })
	expect(await start.text()).toBe('')
	expect(start.status).toBe(302)
	const atProvider = new TestClient(idp.issuer)
	let target = new URL(start.headers.get('Location')!)
	expect(target.origin).toBe(idp.issuer)
	expect(target.searchParams.get('code_challenge_method')).toBe('S256')
	expect(target.searchParams.get('redirect_uri')).toBe(`${idp.portalUrl}/account/oidc/callback`)
	for (let hops = 0; target.origin === idp.issuer; hops++) {
		expect(hops).toBeLessThan(8)
		const answer = await atProvider.get(target.href)
		await answer.text()
		expect([302, 303]).toContain(answer.status)
		target = new URL(answer.headers.get('Location')!, idp.issuer)
	}
	expect(`${target.origin}${target.pathname}`).toBe(`${idp.portalUrl}/account/oidc/callback`)
	const callbackPath = `${target.pathname}${target.search}`
	beforeCallback()
	const response = await client.get(callbackPath)
	return { response, callbackPath }
}
