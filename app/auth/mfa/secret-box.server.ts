import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto'
import { getConfig } from '~/config.server'

/**
 * Encryption at rest for second-factor secrets, with keys derived (HKDF-SHA-256) from SESSION_SECRET:
 * a copy of the database alone yields no usable key. SESSION_SECRET may list several secrets for
 * rotation: the first encrypts, each is tried to decrypt (see `decryptSecret`'s `current`).
 */

const VERSION = 'v1'
const ENCRYPTION_INFO = 'staff-portal/mfa-secret/aes-256-gcm/v1'
const RECOVERY_INFO = 'staff-portal/mfa-recovery-code/hmac-sha256/v1'

const derived = new Map<string, Buffer>()

function deriveKey(secret: string, info: string): Buffer {
	const id = `${info}\u0000${secret}`
	let key = derived.get(id)
	if (!key) {
		key = Buffer.from(hkdfSync('sha256', secret, Buffer.alloc(0), info, 32))
		derived.set(id, key)
	}
	return key
}

function secrets(): readonly string[] {
	return getConfig().sessionSecrets
}

/** `plain` encrypted under the first secret, bound to `context` (a row's owner: a ciphertext moved to another row fails). */
export function encryptSecret(plain: string, context: string): string {
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', deriveKey(secrets()[0]!, ENCRYPTION_INFO), iv)
	cipher.setAAD(Buffer.from(context))
	const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/**
 * The plain text, or null when no configured secret opens it (tampered, or encrypted under a secret
 * since removed). `current` is false when an older secret opened it: worth encrypting again.
 */
export function decryptSecret(sealed: string, context: string): { plain: string; current: boolean } | null {
	const [version, iv, tag, body, ...rest] = sealed.split('.')
	if (version !== VERSION || !iv || !tag || !body || rest.length > 0) return null
	const list = secrets()
	for (const [index, secret] of list.entries()) {
		try {
			const decipher = createDecipheriv('aes-256-gcm', deriveKey(secret, ENCRYPTION_INFO), Buffer.from(iv, 'base64url'))
			decipher.setAAD(Buffer.from(context))
			decipher.setAuthTag(Buffer.from(tag, 'base64url'))
			const plain = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
			return { plain, current: index === 0 }
		} catch {
			// Not this secret's: try the next.
		}
	}
	return null
}

/** The stored hashes a recovery code may have: one per configured secret, the first secret's first. */
export function recoveryCodeHashes(normalisedCode: string): string[] {
	return secrets().map((secret) => createHmac('sha256', deriveKey(secret, RECOVERY_INFO)).update(normalisedCode).digest('hex'))
}
