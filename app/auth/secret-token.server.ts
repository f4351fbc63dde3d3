import { createHash, randomBytes } from 'node:crypto'

/**
 * The secrets the portal hands out and later recognises: a session's cookie, an API token, a password-reset
 * link, the key of a kept form or of a sign-in waiting for its second factor, a browser's device id. Each is
 * 32 random bytes in base64url (43 characters); the database keeps only its SHA-256, so a copy of the
 * database signs no one in.
 */

/** A new secret for the browser or client, and the hash to store in its place. */
export function newSecretToken(): { token: string; hash: string } {
	const token = randomBytes(32).toString('base64url')
	return { token, hash: hashSecretToken(token) }
}

/** How a secret is stored and looked up: its SHA-256, in hex. */
export function hashSecretToken(token: string): string {
	return createHash('sha256').update(token).digest('hex')
}
