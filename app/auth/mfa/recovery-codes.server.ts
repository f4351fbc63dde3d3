import { randomInt } from 'node:crypto'

/**
 * Recovery codes: ten single-use codes shown once, as `xxxxx-xxxxx`. Crockford's base32 alphabet (no i,
 * l, o, u) gives 50 bits per code; what is typed is read the Crockford way (o as 0, i and l as 1, any
 * case, spaces and dashes ignored).
 */
export const RECOVERY_CODE_COUNT = 10
const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'
const LENGTH = 10

export function newRecoveryCode(): string {
	let code = ''
	for (let index = 0; index < LENGTH; index++) code += ALPHABET[randomInt(ALPHABET.length)]
	return `${code.slice(0, 5)}-${code.slice(5)}`
}

export function newRecoveryCodes(): string[] {
	const codes = new Set<string>()
	while (codes.size < RECOVERY_CODE_COUNT) codes.add(newRecoveryCode())
	return [...codes]
}

/** The code's canonical form, or null when it cannot be a recovery code. */
export function normaliseRecoveryCode(input: string): string | null {
	const compact = input
		.toLowerCase()
		.replace(/[\s-]+/g, '')
		.replace(/o/g, '0')
		.replace(/[il]/g, '1')
	if (compact.length !== LENGTH) return null
	for (const char of compact) if (!ALPHABET.includes(char)) return null
	return compact
}
