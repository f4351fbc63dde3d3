import { hash, verify } from '@node-rs/argon2'
import { COMMON_PASSWORDS } from './common-passwords'

/** OWASP's Argon2id baseline: 19 MiB, 2 passes, 1 lane. */
// `algorithm: 2` is Argon2id (the package's const enum cannot be imported under isolatedModules).
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export const PASSWORD_MIN_LENGTH = 8
export const PASSWORD_MAX_LENGTH = 128

export function hashPassword(password: string): Promise<string> {
	return hash(password.normalize('NFKC'), ARGON2_OPTIONS)
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
	try {
		return await verify(passwordHash, password.normalize('NFKC'))
	} catch {
		return false
	}
}

let dummyHash: Promise<string> | undefined
/** Spends the same time as a real check, so an unknown email cannot be told from a wrong password. */
export async function verifyAgainstDummy(password: string): Promise<false> {
	dummyHash ??= hashPassword('not-a-real-account-password')
	await verifyPassword(await dummyHash, password)
	return false
}

export type PasswordProblem = 'tooShort' | 'tooLong' | 'common'

/** The password policy: 8 to 128 characters (counted as Unicode code points), any characters, not a common password. */
export function checkPasswordPolicy(password: string): PasswordProblem | null {
	const length = [...password.normalize('NFKC')].length
	if (length < PASSWORD_MIN_LENGTH) return 'tooShort'
	if (length > PASSWORD_MAX_LENGTH) return 'tooLong'
	if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'common'
	return null
}
