import { describe, expect, test } from 'vitest'
import { checkPasswordPolicy, hashPassword, verifyPassword } from './password.server'

describe('password policy', () => {
	test('refuses fewer than 8 characters, counting code points not bytes', () => {
		expect(checkPasswordPolicy('Ab1!xyz')).toBe('tooShort')
		// 7 Vietnamese letters are 7 code points (and 21 bytes) however many bytes they take.
		expect(checkPasswordPolicy('ạảấầẩẫậ')).toBe('tooShort')
		expect(checkPasswordPolicy('Ẩ9ư!đỢ3ễkq')).toBeNull()
	})

	test('refuses more than 128 characters and accepts a long passphrase of exactly 128', () => {
		const passphrase = 'Bốn con mèo nhảy qua hàng rào gỗ, ăn bánh cuốn ở Hội An lúc bảy giờ sáng; '.padEnd(128, 'zq')
		expect([...passphrase]).toHaveLength(128)
		expect(checkPasswordPolicy(passphrase)).toBeNull()
		expect(checkPasswordPolicy(`${passphrase}x`)).toBe('tooLong')
	})

	test('refuses common passwords whatever their case, and well beyond a short list', () => {
		expect(checkPasswordPolicy('password123')).toBe('common')
		expect(checkPasswordPolicy('PassWord123')).toBe('common')
		expect(checkPasswordPolicy('12345678')).not.toBeNull()
		expect(checkPasswordPolicy('sunshine1')).toBe('common')
		expect(checkPasswordPolicy('trustno1!')).not.toBeNull()
	})

	test('Unicode look-alikes count as what they look like (NFKC)', () => {
		expect(checkPasswordPolicy('ｐａｓｓｗｏｒｄ１２３')).toBe('common')
		expect(checkPasswordPolicy('ﬁrstpassword')).not.toBeNull()
		expect(checkPasswordPolicy('Ⓟⓐⓢⓢⓦⓞⓡⓓ①②③')).toBe('common')
	})

	test('says why a password is weak', () => {
		const lan = ['lan.pham@example.com', 'Phạm Thị Lan']
		expect(checkPasswordPolicy('lanpham1', lan)).toBe('personal')
		expect(checkPasswordPolicy('Lanpham123', lan)).toBe('personal')
		expect(checkPasswordPolicy('Lanpham123')).toBeNull()
		expect(checkPasswordPolicy('aaaaaaaaaaaa')).toBe('repeated')
		expect(checkPasswordPolicy('qwertyuiop[]')).not.toBeNull()
		expect(checkPasswordPolicy('abcdefgh1234')).not.toBeNull()
	})

	test('accepts spaces, emoji and any script', () => {
		expect(checkPasswordPolicy('mật khẩu rất dài của tôi')).toBeNull()
		expect(checkPasswordPolicy('пароль для портала')).toBeNull()
		expect(checkPasswordPolicy('🔑🔑🔑🔑 keys 🔑🔑🔑🔑')).toBeNull()
	})
})

describe('password hashing', () => {
	test('uses Argon2id at OWASP’s baseline cost and verifies only the right password', async () => {
		const hash = await hashPassword('Correct horse 42')
		expect(hash.startsWith('$argon2id$v=19$m=19456,t=2,p=1$')).toBe(true)
		expect(await verifyPassword(hash, 'Correct horse 42')).toBe(true)
		expect(await verifyPassword(hash, 'correct horse 42')).toBe(false)
	})

	test('treats a malformed hash as a failed check, not a crash', async () => {
		expect(await verifyPassword('not-a-hash', 'anything')).toBe(false)
	})
})
