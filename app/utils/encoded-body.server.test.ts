import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import { acceptedEncodings, encodeBody, encodedResponse } from './encoded-body.server'

describe('Accept-Encoding', () => {
	test.each([
		[null, ['identity']],
		['', ['identity']],
		['gzip, deflate, br', ['br', 'deflate', 'gzip', 'identity']],
		['br;q=0, gzip;q=0.5', ['gzip', 'identity']],
		['GZIP', ['gzip', 'identity']],
		['*', ['br', 'gzip', 'identity']],
		['*;q=0', ['identity']],
		['identity;q=0, gzip', ['gzip']],
		['gzip;q=banana', ['gzip', 'identity']],
	])('%j accepts %j', (header, expected) => {
		expect([...acceptedEncodings(header)].sort()).toEqual(expected)
	})
})

describe('an encoded answer', () => {
	const json = Buffer.from(JSON.stringify({ items: Array.from({ length: 500 }, (_, index) => ({ index, label: `Mục ${index}` })) }))
	const body = encodeBody(json)
	const ask = (acceptEncoding?: string) =>
		encodedResponse(new Request('http://localhost/', { headers: acceptEncoding ? { 'Accept-Encoding': acceptEncoding } : {} }), body, {
			'Content-Type': 'application/json',
		})

	test('is the best encoding the client accepts, which decodes to the same bytes', async () => {
		const br = ask('gzip, br')
		expect(br.headers.get('Content-Encoding')).toBe('br')
		expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).equals(json)).toBe(true)
		const gzip = ask('gzip')
		expect(gzip.headers.get('Content-Encoding')).toBe('gzip')
		expect(zlib.gunzipSync(Buffer.from(await gzip.arrayBuffer())).equals(json)).toBe(true)
		const plain = ask()
		expect(plain.headers.get('Content-Encoding')).toBeNull()
		expect(Buffer.from(await plain.arrayBuffer()).equals(json)).toBe(true)
		for (const response of [br, gzip, plain]) expect(response.headers.get('Vary')).toBe('Accept-Encoding')
		expect(Number(br.headers.get('Content-Length'))).toBeLessThan(json.length / 3)
	})

	test('is left plain when too small to gain from compression', async () => {
		const small = encodedResponse(
			new Request('http://localhost/', { headers: { 'Accept-Encoding': 'br' } }),
			encodeBody(Buffer.from('{"ok":true}')),
			{},
		)
		expect(small.headers.get('Content-Encoding')).toBeNull()
		expect(await small.text()).toBe('{"ok":true}')
	})
})
