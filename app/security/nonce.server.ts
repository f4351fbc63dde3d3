import { randomFillSync } from 'node:crypto'

const NONCE_BYTES = 16
// Every response needs a fresh nonce; one call to the system's CSPRNG fills 256 of them.
const pool = Buffer.alloc(NONCE_BYTES * 256)
let offset = pool.length

/** A fresh CSP nonce (128 random bits, base64) for one response's inline scripts. */
export function createCspNonce(): string {
	if (offset === pool.length) {
		randomFillSync(pool)
		offset = 0
	}
	const nonce = pool.toString('base64', offset, offset + NONCE_BYTES)
	offset += NONCE_BYTES
	return nonce
}
