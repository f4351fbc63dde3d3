import { describe, expect, test } from 'vitest'
import { emailField } from './email-field.server'
import { EMAIL_MAX_LENGTH, InvalidEmailError, canonicalEmail, toEmail } from './email.server'

describe('canonicalEmail', () => {
	test.each([
		['as stored', 'nguyen.van.a@example.com', 'nguyen.van.a@example.com'],
		['capitals', 'Nguyen.Van.A@Example.COM', 'nguyen.van.a@example.com'],
		['spaces, a tab and a line break around it', ' \tnguyen.van.a@example.com \r\n', 'nguyen.van.a@example.com'],
		['no-break and ideographic spaces around it', '\u00a0\u3000nguyen.van.a@example.com\u2003', 'nguyen.van.a@example.com'],
		['fullwidth letters', '\uff4e\uff47\uff55\uff59\uff45\uff4e@example.com', 'nguyen@example.com'],
		['fullwidth capitals', '\uff2e\uff27\uff35\uff39\uff25\uff2e@example.com', 'nguyen@example.com'],
		['fullwidth digits', 'user\uff11\uff12\uff13@example.com', 'user123@example.com'],
		['mathematical bold and double-struck digits', 'user\u{1d7cf}\u{1d7da}\u{1d7e5}@example.com', 'user123@example.com'],
		['superscript and circled digits', 'user\u00b9\u2461@example.com', 'user12@example.com'],
		['fullwidth commercial at', 'user\uff20example.com', 'user@example.com'],
		['small commercial at', 'user\ufe6bexample.com', 'user@example.com'],
		['fullwidth full stop', 'nguyen\uff0evan@example\uff0ecom', 'nguyen.van@example.com'],
		['fullwidth hyphen-minus', 'user\uff0d1@example.com', 'user-1@example.com'],
		['Kelvin sign, long s and a ligature', '\u212aate\u017f\ufb01@example.com', 'katesfi@example.com'],
		['circled and mathematical letters', '\u24d0\u{1d41b}c@example.com', 'abc@example.com'],
		[
			'everything at once',
			' \uff35\uff33\uff25\uff32\uff11\ufe6b\uff25\uff38\uff21\uff2d\uff30\uff2c\uff25\uff0e\uff23\uff2f\uff2d\u3000',
			'user1@example.com',
		],
	])('%s: %j is %j', (_, typed, canonical) => {
		expect(canonicalEmail(typed)).toBe(canonical)
		expect(canonicalEmail(canonical)).toBe(canonical)
	})

	test.each([
		['empty', ''],
		['only spaces', ' \u3000 '],
		['a space inside', 'nguyen van@example.com'],
		['an ideographic space inside', 'nguyen\u3000van@example.com'],
		['a no-break space inside', 'nguyen\u00a0van@example.com'],
		['a space in the domain', 'user@exam ple.com'],
		['a tab inside', 'user\t1@example.com'],
		['no domain', 'user@'],
		['no top-level domain', 'user@example'],
		['two at signs', 'user@@example.com'],
		['two at signs, one fullwidth', 'user\uff20@example.com'],
		['a control character', 'user\u0000@example.com'],
		['a letter NFKC keeps outside ASCII', 'ngu\u1ec5n@example.com'],
		['a dotted capital I (lower case: i and a combining dot)', '\u0130nfo@example.com'],
		['longer than 254 characters', `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`],
	])('%s: %j is no address', (_, typed) => {
		expect(canonicalEmail(typed)).toBeNull()
	})

	test('at most 254 characters once canonical: one character that NFKC makes two can make it too long', () => {
		const local = 'a'.repeat(64)
		const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`
		expect(`${local}@${domain}`).toHaveLength(EMAIL_MAX_LENGTH)
		expect(canonicalEmail(`${local}@${domain}`)).toBe(`${local}@${domain}`)
		// U+33A1 SQUARE M SQUARED is "m2" in NFKC: one character typed, two stored.
		expect(canonicalEmail(`${local.slice(1)}\u33a1@${domain}`)).toBeNull()
	})

	test('toEmail gives the canonical address or throws', () => {
		expect(toEmail(' Admin@Example.com ')).toBe('admin@example.com')
		expect(() => toEmail('not an address')).toThrow(InvalidEmailError)
	})
})

describe('emailField', () => {
	const messageOf = (input: unknown) => {
		const result = emailField.safeParse(input)
		return result.success ? { email: result.data } : { errors: result.error.issues.map((problem) => problem.message) }
	}

	test.each([
		['the canonical address', '\uff35ser@Example\uff0ecom ', { email: 'user@example.com' }],
		['required when missing', undefined, { errors: ['validation.required'] }],
		['required when empty', '', { errors: ['validation.required'] }],
		['required when only spaces', '\u3000 ', { errors: ['validation.required'] }],
		['not an address with a space inside', 'us er@example.com', { errors: ['validation.email'] }],
		['not an address when not text', 42, { errors: ['validation.email'] }],
		['too long', `${'a'.repeat(250)}@example.com`, { errors: [JSON.stringify({ key: 'validation.tooLong', values: { max: 254 } })] }],
	])('%s', (_, input, expected) => {
		expect(messageOf(input)).toEqual(expected)
	})
})
