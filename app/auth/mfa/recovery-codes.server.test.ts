import { describe, expect, test } from 'vitest'
import { newRecoveryCodes, normaliseRecoveryCode } from './recovery-codes.server'
import { groupedSecret, matchTotpStep, newTotpSecret, timeStep, totpCode } from './totp.server'

describe('recovery codes', () => {
	test('ten different codes of ten symbols from Crockford’s alphabet, shown as xxxxx-xxxxx', () => {
		const codes = newRecoveryCodes()
		expect(codes).toHaveLength(10)
		expect(new Set(codes).size).toBe(10)
		for (const code of codes) expect(code).toMatch(/^[0-9a-hjkmnp-tv-z]{5}-[0-9a-hjkmnp-tv-z]{5}$/)
	})

	test('typed in any case, with spaces or without the dash, o as 0 and i or l as 1', () => {
		expect(normaliseRecoveryCode('ab3de-fg7hk')).toBe('ab3defg7hk')
		expect(normaliseRecoveryCode(' AB3DE FG7HK ')).toBe('ab3defg7hk')
		expect(normaliseRecoveryCode('oOiIl-LLLLL')).toBe('0011111111')
	})

	test('anything else is no recovery code', () => {
		for (const input of ['', 'ab3de-fg7h', 'ab3de-fg7hkk', 'uuuuu-uuuuu', 'ab3de_fg7hk', '12345-6789!'])
			expect(normaliseRecoveryCode(input)).toBeNull()
	})
})

describe('TOTP', () => {
	test('a 160-bit key in base32, shown in groups of four', () => {
		const secret = newTotpSecret()
		expect(secret).toMatch(/^[A-Z2-7]{32}$/)
		expect(groupedSecret('ABCDEFGHIJKLMNOP')).toBe('ABCD EFGH IJKL MNOP')
	})

	test('RFC 6238’s SHA-1 test vector (its last six digits) at 59 s', () => {
		// The RFC's key is the ASCII "12345678901234567890"; in base32:
		const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ'
		expect(totpCode(secret, 59_000)).toBe('287082')
		expect(matchTotpStep(secret, '287082', 59_000)).toBe(timeStep(59_000))
		expect(matchTotpStep(secret, '287082', 59_000 + 30_000)).toBe(timeStep(59_000))
		expect(matchTotpStep(secret, '287082', 59_000 + 60_000)).toBeNull()
		expect(matchTotpStep(secret, '28708', 59_000)).toBeNull()
	})
})
