import type { JsonWebKey } from 'node:crypto'
import * as oidc from 'openid-client'
import { type getConfig } from '~/config.server'
import { logger, errorFields } from '~/utils/logger.server'
import { singleton } from '~/utils/singleton.server'

export type OidcSettings = NonNullable<ReturnType<typeof getConfig>['oidc']>

/** The longest the portal waits for the provider (discovery, token, userinfo), in seconds. */
const PROVIDER_TIMEOUT_SECONDS = 10

/** Thrown when the provider cannot be reached or answers nothing usable: the user gets a 503 to try again. */
export class ProviderUnavailableError extends Error {
	constructor(cause: unknown) {
		super('the OpenID provider is unreachable', { cause })
		this.name = 'ProviderUnavailableError'
	}
}

/** Whether `issuer` is plain http on this machine (a test provider): openid-client refuses http otherwise. */
function isLoopbackHttp(issuer: string): boolean {
	return new URL(issuer).protocol === 'http:'
}

/**
 * The provider's settings, read from its discovery document once and kept; a failed discovery is not kept,
 * so that the next sign-in tries again. ID token signatures are checked against the provider's keys
 * (openid-client checks them only when asked: `enableNonRepudiationChecks`).
 */
export function getOidcConfiguration(settings: OidcSettings): Promise<oidc.Configuration> {
	const holder = singleton('oidc-configuration', () => ({ pending: null as Promise<oidc.Configuration> | null }))
	holder.pending ??= oidc
		.discovery(
			new URL(settings.issuer),
			settings.clientId,
			{ client_secret: settings.clientSecret },
			oidc.ClientSecretBasic(settings.clientSecret),
			{
				timeout: PROVIDER_TIMEOUT_SECONDS,
				execute: isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : [],
			},
		)
		.then((configuration) => prepareConfiguration(configuration))
		.catch((error: unknown) => {
			holder.pending = null
			logger.warn('oidc.discovery_failed', { issuer: settings.issuer, ...errorFields(error) })
			throw new ProviderUnavailableError(error)
		})
	return holder.pending
}

/** What every configuration gets, discovered or built by a test: signature checks and a timeout. */
export function prepareConfiguration(configuration: oidc.Configuration): oidc.Configuration {
	oidc.enableNonRepudiationChecks(configuration)
	configuration.timeout = PROVIDER_TIMEOUT_SECONDS
	return configuration
}

/** How long the provider's signing keys are kept before they are read again, and the least time between two reads. */
const KEYS_MAX_AGE_MS = 10 * 60_000
const KEYS_MIN_REFRESH_MS = 30_000

/**
 * The provider's signing keys (its `jwks_uri`), for the back-channel logout token: kept ten minutes, read again
 * sooner when a token names a key not among them (a key rotation), at most every 30 seconds.
 */
export function providerKeys(settings: OidcSettings) {
	const cache = singleton('oidc-keys', () => ({ keys: [] as JsonWebKey[], readAt: 0 }))
	return async (_kid: string | undefined, refresh: boolean): Promise<JsonWebKey[]> => {
		const age = Date.now() - cache.readAt
		if (age < KEYS_MAX_AGE_MS && (!refresh || age < KEYS_MIN_REFRESH_MS)) return cache.keys
		const configuration = await getOidcConfiguration(settings)
		const uri = configuration.serverMetadata().jwks_uri
		if (!uri) return []
		let keys: unknown
		try {
			const response = await fetch(uri, {
				headers: { Accept: 'application/json' },
				signal: AbortSignal.timeout(PROVIDER_TIMEOUT_SECONDS * 1000),
			})
			keys = response.ok ? ((await response.json()) as { keys?: unknown }).keys : undefined
		} catch (error) {
			throw new ProviderUnavailableError(error)
		}
		if (!Array.isArray(keys)) throw new ProviderUnavailableError(new Error('jwks_uri answered no key set'))
		cache.keys = keys as JsonWebKey[]
		cache.readAt = Date.now()
		return cache.keys
	}
}
