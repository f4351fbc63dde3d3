import zlib from 'node:zlib'
import { describe, expect, test } from 'vitest'
import {
	documentParts,
	documentResponse,
	fillPlaceholders,
	gzipParts,
	partsPlaceholder,
	precompress,
	type DocumentPart,
} from './document-parts.server'

const text = (parts: readonly DocumentPart[]) =>
	Buffer.concat(parts.map((part) => (Buffer.isBuffer(part) ? part : part.text))).toString('utf8')

/** Markup that compresses like a menu: repetitive, with Vietnamese text (multi-byte characters). */
function menuLike(entries: number, seed: string) {
	return Array.from(
		{ length: entries },
		(_, index) => `<li><a data-menu="${seed}_${index}" href="/${seed}/${index}">Chức năng ${seed}.${index} – Trạm đo</a></li>`,
	).join('')
}

describe('a document sent in parts, gzipped', () => {
	const cases: Record<string, DocumentPart[]> = {
		'only this request’s text': [Buffer.from('<!DOCTYPE html><html><body>Xin chào</body></html>')],
		'a part compressed once in the middle': [
			Buffer.from('<html><body><nav><ul>'),
			precompress(menuLike(2_000, 'a')),
			Buffer.from('</ul></nav><main>Trang</main></body></html>'),
		],
		'parts compressed once first, last and side by side': [
			precompress(menuLike(50, 'b')),
			precompress(menuLike(50, 'c')),
			Buffer.from('<p>giữa</p>'),
			precompress(menuLike(300, 'd')),
		],
		'empty parts anywhere': [Buffer.alloc(0), precompress(''), Buffer.from('<p>a</p>'), Buffer.alloc(0), precompress(menuLike(10, 'e'))],
		'nothing at all': [],
	}
	for (const [name, parts] of Object.entries(cases)) {
		test(`decodes to the parts’ text, length and checksum verified: ${name}`, () => {
			// gunzipSync checks the trailer's CRC-32 and length and refuses a stream that does not end.
			expect(zlib.gunzipSync(gzipParts(parts)).toString('utf8')).toBe(text(parts))
		})
	}

	test('copies a part compressed once as it is, and compresses only the rest', () => {
		const menu = precompress(menuLike(2_000, 'menu'))
		const body = gzipParts([Buffer.from('<html><body>'), menu, Buffer.from('</body></html>')])
		expect(body.includes(menu.deflated)).toBe(true)
		// Close to what compressing the whole page at once gives: the pieces cost little in size.
		const whole = zlib.gzipSync(Buffer.from(`<html><body>${menu.text.toString('utf8')}</body></html>`))
		expect(body.length).toBeLessThan(whole.length * 1.1)
	})

	test("compresses this request's consecutive text as one piece, between the parts compressed once", () => {
		const menu = precompress(menuLike(500, 'menu'))
		const own = [Buffer.from('<html><head><title>Trang</title></head><body>'), Buffer.from('<nav>'), Buffer.from('<ul class="menu">')]
		const body = gzipParts([...own, menu, Buffer.from('</ul></nav>'), Buffer.from('</body></html>')])
		const firstPiece = zlib.deflateRawSync(Buffer.concat(own), {
			level: zlib.constants.Z_BEST_SPEED,
			finishFlush: zlib.constants.Z_SYNC_FLUSH,
		})
		expect(body.subarray(10, 10 + firstPiece.length).equals(firstPiece)).toBe(true)
		expect(body.subarray(10 + firstPiece.length, 10 + firstPiece.length + menu.deflated.length).equals(menu.deflated)).toBe(true)
	})

	test('is a gzip stream a browser takes: one member, header of the format, compressed with deflate', () => {
		const body = gzipParts([Buffer.from('<p>a</p>'), precompress('<p>b</p>')])
		expect([...body.subarray(0, 3)]).toEqual([0x1f, 0x8b, 0x08])
		// A decoder that stops at the end of the first member still reads all of it.
		const decoded = zlib.gunzipSync(body, { finishFlush: zlib.constants.Z_FINISH })
		expect(decoded.toString('utf8')).toBe('<p>a</p><p>b</p>')
		expect(body.readUInt32LE(body.length - 4)).toBe(decoded.length)
	})
})

describe('placeholders in a rendered document', () => {
	const nav = [precompress('<li>một</li>'), Buffer.from('<li aria-current="page">hai</li>')]
	const mega = [precompress('<section>ba</section>')]

	test('are replaced by their parts, in the order they appear', () => {
		const html = Buffer.from(`<header>${partsPlaceholder('mega')}</header><nav><ul>${partsPlaceholder('nav')}</ul></nav>`)
		expect(text(fillPlaceholders(html, { nav, mega }))).toBe(
			'<header><section>ba</section></header><nav><ul><li>một</li><li aria-current="page">hai</li></ul></nav>',
		)
	})

	test('with no parts leave nothing; a document without them is unchanged', () => {
		const html = Buffer.from(`<nav><ul>${partsPlaceholder('nav')}</ul></nav>`)
		expect(text(fillPlaceholders(html, { nav: [], mega }))).toBe('<nav><ul></ul></nav>')
		expect(text(fillPlaceholders(Buffer.from('<p>Xin chào</p>'), { nav, mega }))).toBe('<p>Xin chào</p>')
	})

	test('cannot be written by anyone outside this process: each process has its own', () => {
		expect(partsPlaceholder('nav')).toMatch(/^<!--parts:[0-9a-f]{24}:nav-->$/)
		const forged = Buffer.from('<p><!--parts:000000000000000000000000:nav--></p>')
		expect(text(fillPlaceholders(forged, { nav, mega }))).toBe(forged.toString('utf8'))
	})
})

describe("a document's answer", () => {
	test('streams its parts as text and keeps them for the server to gzip', async () => {
		const parts = [Buffer.from('<p>a</p>'), precompress('<p>b</p>')]
		const response = documentResponse(parts, { status: 200, headers: { 'Content-Type': 'text/html' } })
		expect(documentParts(response)).toBe(parts)
		expect(await response.text()).toBe('<p>a</p><p>b</p>')
		expect(documentParts(new Response('<p>a</p>'))).toBeUndefined()
	})
})
