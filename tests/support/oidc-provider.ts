import { generateKeyPairSync, randomBytes } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import Provider, { type Configuration } from 'oidc-provider'

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
		const result =
			'deny' in answer
				? { error: 'access_denied', error_description: 'The user refused.' }
				: { login: { accountId: answer.subject, amr: answer.amr ?? ['pwd'] } }
		provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false }).catch((error: unknown) => {
			res.statusCode = 500
			res.end(String(error))
		})
	})
	return handle
}
