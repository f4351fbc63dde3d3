import { describe, expect, test } from 'vitest'
import { parseMultipart } from './multipart.server'

/** The body and Content-Type a browser sends for this form (the runtime's serialiser follows the same standard). */
async function encoded(form: FormData): Promise<{ body: Buffer; contentType: string }> {
	const request = new Request('http://localhost/', { method: 'POST', body: form })
	return { body: Buffer.from(await request.arrayBuffer()), contentType: request.headers.get('Content-Type')! }
}

function raw(lines: string[], boundary = 'XyZ'): { body: Buffer; contentType: string } {
	return { body: Buffer.from(lines.join('\r\n')), contentType: `multipart/form-data; boundary=${boundary}` }
}

describe('a multipart/form-data body', () => {
	test('gives each field and file as the browser sent it, in order', async () => {
		const csv = 'code,name\r\nHN-001,Trạm Cầu Giấy\r\n--not-a-boundary\r\n\r\n"quoted ""text"""\n'
		const form = new FormData()
		form.set('csrf', 'token-123')
		form.set('file', new Blob([csv], { type: 'text/csv' }), 'trạm "mới".csv')
		form.set('note', 'dòng 1\r\ndòng 2')
		const { body, contentType } = await encoded(form)
		const parts = parseMultipart(body, contentType)!
		expect(parts.map((part) => [part.name, part.filename, part.body.toString('utf8')])).toEqual([
			['csrf', null, 'token-123'],
			// The browser escapes the quotes of a file name.
			['file', 'trạm %22mới%22.csv', csv],
			['note', null, 'dòng 1\r\ndòng 2'],
		])
	})

	test('keeps a file’s bytes exactly, binary and empty ones too', async () => {
		const bytes = Buffer.from(Array.from({ length: 70_000 }, (_, index) => (index * 7919) % 256))
		const form = new FormData()
		form.set('file', new Blob([bytes]), 'data.bin')
		form.set('empty', new Blob([]), 'empty.csv')
		const { body, contentType } = await encoded(form)
		const parts = parseMultipart(body, contentType)!
		expect(parts[0]!.body.equals(bytes)).toBe(true)
		expect(parts[1]).toMatchObject({ name: 'empty', filename: 'empty.csv' })
		expect(parts[1]!.body.length).toBe(0)
	})

	test('takes a quoted boundary, a preamble, transport padding and parameters in any case', () => {
		const { body } = raw(['preamble text', '--a b  ', 'Content-Disposition: form-data; NAME="x"', '', 'one', '--a b--', 'epilogue'])
		expect(
			parseMultipart(body, 'Multipart/Form-Data; charset=utf-8; Boundary="a b"')?.map((part) => [part.name, part.body.toString()]),
		).toEqual([['x', 'one']])
	})

	const malformed: Record<string, { body: Buffer; contentType: string }> = {
		'another content type': { body: Buffer.from('a=b'), contentType: 'application/x-www-form-urlencoded' },
		'no boundary': { body: Buffer.from('--\r\n'), contentType: 'multipart/form-data' },
		'a boundary over 70 characters': raw(
			['--' + 'b'.repeat(71), 'Content-Disposition: form-data; name="x"', '', 'v', '--' + 'b'.repeat(71) + '--'],
			'b'.repeat(71),
		),
		'no delimiter at all': raw(['just text']),
		'text glued to the first delimiter': raw(['junk--XyZ', 'Content-Disposition: form-data; name="x"', '', 'v', '--XyZ--']),
		'no closing delimiter': raw(['--XyZ', 'Content-Disposition: form-data; name="x"', '', 'value never ends']),
		'headers that never end': raw(['--XyZ', 'Content-Disposition: form-data; name="x"']),
		'headers over 8 KB': raw(['--XyZ', `Content-Disposition: form-data; name="x"; x="${'a'.repeat(9_000)}"`, '', 'v', '--XyZ--']),
		'a part without Content-Disposition': raw(['--XyZ', 'Content-Type: text/plain', '', 'v', '--XyZ--']),
		'a disposition other than form-data': raw(['--XyZ', 'Content-Disposition: attachment; name="x"', '', 'v', '--XyZ--']),
		'a part without a name': raw(['--XyZ', 'Content-Disposition: form-data; filename="a.csv"', '', 'v', '--XyZ--']),
		'a delimiter followed by garbage': raw(['--XyZ', 'Content-Disposition: form-data; name="x"', '', 'v', '--XyZjunk', '--XyZ--']),
		'more than 32 parts': raw([
			...Array.from({ length: 33 }, (_, index) => ['--XyZ', `Content-Disposition: form-data; name="f${index}"`, '', 'v']).flat(),
			'--XyZ--',
		]),
		'an empty body': { body: Buffer.alloc(0), contentType: 'multipart/form-data; boundary=XyZ' },
	}
	for (const [name, { body, contentType }] of Object.entries(malformed)) {
		test(`is refused when malformed: ${name}`, () => {
			expect(parseMultipart(body, contentType)).toBeNull()
		})
	}

	test('is split in one pass of native searches: a 20 MB file is not copied', async () => {
		const file = Buffer.alloc(20 * 1024 * 1024, 'a')
		const form = new FormData()
		form.set('file', new Blob([file]), 'big.csv')
		const { body, contentType } = await encoded(form)
		const [part] = parseMultipart(body, contentType)!
		expect(part!.body.length).toBe(file.length)
		expect(part!.body.buffer).toBe(body.buffer)
	})
})
