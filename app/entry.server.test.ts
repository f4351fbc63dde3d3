import { describe, expect, test } from 'vitest'
import { withoutNulBytes } from './entry.server'

describe('withoutNulBytes', () => {
	test('drops every NUL byte, at the start, in runs and at the end, and keeps the rest intact', () => {
		const text = 'Tên của trạm'
		const encoded = Buffer.from(text)
		const withNuls = Buffer.concat([
			Buffer.from([0]),
			encoded.subarray(0, 5),
			Buffer.from([0, 0, 0]),
			encoded.subarray(5),
			Buffer.from([0]),
		])
		expect(withoutNulBytes(withNuls).toString('utf8')).toBe(text)
	})

	test('returns a document without NUL bytes as it is', () => {
		const html = Buffer.from('<p>Trạm Đà Nẵng</p>')
		expect(withoutNulBytes(html)).toBe(html)
	})
})
