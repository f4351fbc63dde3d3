import { expect } from 'vitest'
import { TestClient } from './client'
import { freePort } from './nginx'
import { startOidcProvider, type NextAnswer, type TestOidcProvider, type TestPerson } from './oidc-provider'

// Signing in through the test OpenID provider (tests/support/oidc-provider.ts), for the integration tests (vitest).

/**
 * A provider for a portal about to start on a free loopback port: the provider, and the portal's settings that
 * point at it (PORT, PUBLIC_URL, OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET).
 */
export async function startOidcProviderForPortal(): Promise<{ idp: TestOidcProvider; portalEnv: Record<string, string> }> {
	const port = await freePort()
	const idp = await startOidcProvider(`http://127.0.0.1:${port}`)
	return {
		idp,
		portalEnv: {
			PORT: String(port),
			PUBLIC_URL: idp.portalUrl,
			OIDC_ISSUER: idp.issuer,
			OIDC_CLIENT_ID: idp.clientId,
			OIDC_CLIENT_SECRET: idp.clientSecret,
		},
	}
}

let personCount = 0

/** A new person at the provider (a verified, unique email, the name Nguyễn Lan, no groups unless `overrides` say). */
export function addTestPerson(idp: TestOidcProvider, overrides: TestPerson = {}): { subject: string; email: string } {
	personCount += 1
	const unique = `${personCount}-${Date.now().toString(36)}`
	const subject = `sub-${unique}`
	const person = {
		email: `sso${unique}@example.com`,
		email_verified: true,
		given_name: 'Lan',
		family_name: 'Nguyễn',
		name: 'Nguyễn Lan',
		groups: [],
		...overrides,
	}
	idp.people.set(subject, person)
	return { subject, email: person.email }
}

/**
 * A browser signing in through the provider: the portal's button, the provider's pages, back to the callback
 * (`beforeCallback` runs just before the browser follows it). Returns the portal's answer to the callback.
 */
export async function signInThroughProvider(
	idp: TestOidcProvider,
	client: TestClient,
	next: NextAnswer,
	redirectTo = '/',
	beforeCallback: () => void = () => {},
) {
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
