import { randomBytes } from 'node:crypto'
import zlib from 'node:zlib'

/**
 * A document sent in parts: what this request rendered (plain bytes) and markup that is the same for many
 * requests (the menu of a role set), compressed once when it was rendered.
 *
 * A gzip body is a header, a deflate stream and a trailer (CRC-32 and length of the whole text). A deflate
 * stream may be cut into pieces compressed on their own, each ended with a sync flush (byte-aligned, not
 * final): a piece refers only to text inside itself, so it decodes the same wherever it sits. The pieces
 * compressed once are therefore copied into each answer as they are, and only this request's own text is
 * compressed per request, which is what lets a page carrying 2,000 menu entries cost about what a small page
 * costs (docs/decisions/0012-precompressed-document-parts.md).
 */
export interface PrecompressedPart {
	readonly text: Buffer
	readonly deflated: Buffer
}

export type DocumentPart = Buffer | PrecompressedPart

/**
 * A request's own text is compressed at the fastest level (nginx's default for dynamic answers): it is
 * compressed on every request, while the page's bulk, the menu, is compressed once at zlib's default level.
 */
const PER_REQUEST_LEVEL = zlib.constants.Z_BEST_SPEED
const ONCE_LEVEL = zlib.constants.Z_DEFAULT_COMPRESSION

function deflatePiece(text: Buffer, level: number): Buffer {
	return zlib.deflateRawSync(text, { level, finishFlush: zlib.constants.Z_SYNC_FLUSH })
}

export function precompress(html: string): PrecompressedPart {
	const text = Buffer.from(html, 'utf8')
	return { text, deflated: deflatePiece(text, ONCE_LEVEL) }
}

function isPrecompressed(part: DocumentPart): part is PrecompressedPart {
	return !Buffer.isBuffer(part)
}

export function partText(part: DocumentPart): Buffer {
	return isPrecompressed(part) ? part.text : part
}

const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff])
/** An empty final block of fixed Huffman codes: the end of the deflate stream. */
const FINAL_BLOCK = Buffer.from([0x03, 0x00])

/** The parts as one gzip member; consecutive parts of this request's own text are compressed as one piece. */
export function gzipParts(parts: readonly DocumentPart[]): Buffer {
	const pieces: Buffer[] = [GZIP_HEADER]
	let crc = 0
	let length = 0
	let plain: Buffer[] = []
	const flushPlain = () => {
		if (plain.length === 0) return
		pieces.push(deflatePiece(plain.length === 1 ? plain[0]! : Buffer.concat(plain), PER_REQUEST_LEVEL))
		plain = []
	}
	for (const part of parts) {
		const text = partText(part)
		if (text.length === 0) continue
		if (isPrecompressed(part)) {
			flushPlain()
			pieces.push(part.deflated)
		} else {
			plain.push(text)
		}
		crc = zlib.crc32(text, crc)
		length += text.length
	}
	flushPlain()
	const trailer = Buffer.alloc(8)
	trailer.writeUInt32LE(crc >>> 0, 0)
	trailer.writeUInt32LE(length % 2 ** 32, 4)
	pieces.push(FINAL_BLOCK, trailer)
	return Buffer.concat(pieces)
}

/** The parts as plain text, chunk by chunk, for a client that takes no gzip (the compression middleware serves it). */
export function partsStream(parts: readonly DocumentPart[]): ReadableStream<Uint8Array> {
	let index = 0
	return new ReadableStream<Uint8Array>({
		pull(controller) {
			const part = parts[index++]
			if (part === undefined) controller.close()
			else controller.enqueue(partText(part))
		},
	})
}

// Unguessable, so that nothing a user wrote can pose as one (React escapes `<` in text and attributes anyway).
const PLACEHOLDER_TOKEN = randomBytes(12).toString('hex')

/** What a render writes where the parts under `key` go (as raw HTML, a comment). */
export function partsPlaceholder(key: string): string {
	return `<!--parts:${PLACEHOLDER_TOKEN}:${key}-->`
}

/** The rendered document with each placeholder replaced by its parts; a placeholder with no parts is dropped. */
export function fillPlaceholders(html: Buffer, partsByKey: Readonly<Record<string, readonly DocumentPart[]>>): DocumentPart[] {
	const found = Object.entries(partsByKey)
		.map(([key, parts]) => ({ placeholder: Buffer.from(partsPlaceholder(key)), parts, at: -1 }))
		.map((entry) => ({ ...entry, at: html.indexOf(entry.placeholder) }))
		.filter((entry) => entry.at !== -1)
		.sort((a, b) => a.at - b.at)
	const document: DocumentPart[] = []
	let from = 0
	for (const { placeholder, parts, at } of found) {
		if (at < from) continue
		if (at > from) document.push(html.subarray(from, at))
		document.push(...parts)
		from = at + placeholder.length
	}
	if (from < html.length) document.push(html.subarray(from))
	return document
}

const documents = new WeakMap<Response, readonly DocumentPart[]>()

/** A document's answer: its body streams the parts as text; the server may send them gzipped instead (`documentParts`). */
export function documentResponse(parts: readonly DocumentPart[], init: ResponseInit): Response {
	const response = new Response(partsStream(parts), init)
	documents.set(response, parts)
	return response
}

/** The parts of a document's answer, if it is one. */
export function documentParts(response: Response): readonly DocumentPart[] | undefined {
	return documents.get(response)
}
