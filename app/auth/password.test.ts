import { describe, expect, test } from 'vitest'
import { checkPasswordPolicy, hashPassword, verifyPassword } from './password.server'

describe('password policy', () => {
	test('refuses fewer than 8 characters, counting code points not bytes', () => {
		expect(checkPasswordPolicy('Ab1!xyz')).toBe('tooShort')
		// 8 Vietnamese letters: 8 code points, more bytes.
		expect(checkPasswordPolicy('ạảấầẩẫậắ')).toBeNull()
	})

	test('refuses more than 128 characters and accepts exactly 128', () => {
		expect(checkPasswordPolicy('x'.repeat(127) + 'y')).toBeNull()
		expect(checkPasswordPolicy('x'.repeat(129))).toBe('tooLong')
	})

	test('refuses common passwords whatever their case', () => {
		expect(checkPasswordPolicy('password123')).toBe('common')
		expect(checkPasswordPolicy('PassWord123')).toBe('common')
		expect(checkPasswordPolicy('12345678')).toBe('common')
	})

	test('accepts spaces, emoji and any script', () => {
		expect(checkPasswordPolicy('mật khẩu rất dài')).toBeNull()
		expect(checkPasswordPolicy('пароль для портала')).toBeNull()
		expect(checkPasswordPolicy('🔑🔑🔑🔑 keys 🔑🔑🔑🔑')).toBeNull()
	})
})

describe('password hashing', () => {
	test('uses Argon2id and verifies only the right password', async () => {
		const hash = await hashPassword('Correct horse 42')
		expect(hash.startsWith('$argon2id$')).toBe(true)
		expect(await verifyPassword(hash, 'Correct horse 42')).toBe(true)
		expect(await verifyPassword(hash, 'correct horse 42')).toBe(false)
	})

	test('treats a malformed hash as a failed check, not a crash', async () => {
		expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
	})
})
