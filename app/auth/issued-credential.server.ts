import { newSecretToken } from './secret-token.server'

/** The client a session or an API token is issued to, as the security page shows it. */
export interface CredentialClient {
	ip: string | null
	userAgent: string | null
}

/**
 * A new secret for `userId` (a session's cookie or an API token), good for `lifetimeMs` from `now`: the secret
 * for the client, its hash to store, and the columns a session's row and an API token's row both start with
 * (who holds it, since and until when, and the client, its address and user agent cut to the columns' bounds).
 */
export function issueCredential(userId: number, lifetimeMs: number, client: CredentialClient, now = Date.now()) {
	const { token, hash } = newSecretToken()
	const columns = {
		user_id: userId,
		created_at: now,
		expires_at: now + lifetimeMs,
		ip: client.ip?.slice(0, 64) ?? null,
		user_agent: client.userAgent?.slice(0, 512) ?? null,
	}
	return { token, hash, columns }
}
