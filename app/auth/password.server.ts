import { hash, verify } from '@node-rs/argon2'
import { passwordWeakness, type PasswordWeakness } from './password-strength.server'

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

export type PasswordProblem = 'tooShort' | 'tooLong' | PasswordWeakness

/**
 * The password policy, on the NFKC form that is also what gets hashed (so look-alikes such as
 * fullwidth letters count as what they look like): 8 to 128 characters counted as Unicode code points,
 * any characters, spaces included, and hard to guess (zxcvbn, with the account's email and names).
 */
export function checkPasswordPolicy(password: string, userInputs: readonly string[] = []): PasswordProblem | null {
	const normalized = password.normalize('NFKC')
	const length = [...normalized].length
	if (length < PASSWORD_MIN_LENGTH) return 'tooShort'
	if (length > PASSWORD_MAX_LENGTH) return 'tooLong'
	return passwordWeakness(normalized, userInputs)
}
