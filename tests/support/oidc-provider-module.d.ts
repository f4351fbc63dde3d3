/** The little of oidc-provider 9's API the test provider uses (the package ships no types; @types/oidc-provider is not installed). */
declare module 'oidc-provider' {
	import type { IncomingMessage, ServerResponse } from 'node:http'

	export interface Grant {
		addOIDCScope(scope: string): void
		save(): Promise<string>
	}

	export interface ProviderContext {
		oidc: {
			provider: Provider
			client?: { clientId: string }
			session?: { accountId?: string }
		}
	}

	export interface Configuration {
		clients: Record<string, unknown>[]
		jwks: { keys: Record<string, unknown>[] }
		cookies: { keys: string[] }
		claims: Record<string, string[]>
		features: Record<string, { enabled: boolean }>
		pkce: { required: () => boolean }
		findAccount: (ctx: ProviderContext, subject: string) => { accountId: string; claims: () => Record<string, unknown> } | undefined
		loadExistingGrant: (ctx: ProviderContext) => Promise<Grant>
		fetch: (url: string | URL, options: RequestInit & { dispatcher?: unknown }) => Promise<Response>
	}

	export default class Provider {
		constructor(issuer: string, configuration: Configuration)
		callback(): (req: IncomingMessage, res: ServerResponse) => void
		interactionFinished(
			req: IncomingMessage,
			res: ServerResponse,
			result: Record<string, unknown>,
			options?: { mergeWithLastSubmission?: boolean },
		): Promise<void>
		Client: { find(id: string): Promise<{ backchannelLogout(subject: string, sid: string): Promise<void> } | undefined> }
		Grant: new (init: { clientId: string; accountId: string }) => Grant
	}
}
