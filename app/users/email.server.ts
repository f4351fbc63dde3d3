import { z } from 'zod'

declare const canonical: unique symbol

/**
 * An email address in its one canonical form: what accounts are looked up, kept unique, throttled,
 * audited and mailed by. Only `canonicalEmail` makes one (decision 0034), so two spellings of one
 * address cannot be two keys.
 */
export type Email = string & { readonly [canonical]: true }

export const EMAIL_MAX_LENGTH = 254

const address = z.email()

/**
 * The canonical form of a typed address (trimmed, NFKC, lower case), or null when that is not a valid
 * address: a fullwidth `ＡＢ＠example．com` is `ab@example.com`, an address with a space inside is none.
 */
export function canonicalEmail(typed: string): Email | null {
	const email = typed.trim().normalize('NFKC').toLowerCase()
	return email.length <= EMAIL_MAX_LENGTH && address.safeParse(email).success ? (email as Email) : null
}

export class InvalidEmailError extends Error {
	constructor(readonly typed: string) {
		super(`Not an email address: ${JSON.stringify(typed)}`)
		this.name = 'InvalidEmailError'
	}
}

/** `canonicalEmail` for an address the code itself holds (a constant, a setting already validated): throws when it is none. */
export function toEmail(typed: string): Email {
	const email = canonicalEmail(typed)
	if (email === null) throw new InvalidEmailError(typed)
	return email
}
