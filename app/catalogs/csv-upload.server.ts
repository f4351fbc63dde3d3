import { isUtf8 } from 'node:buffer'
import { getConfig } from '~/config.server'
import { assertCsrf, type FieldError } from '~/utils/form.server'
import { parseMultipart } from '~/utils/multipart.server'

/** Reading a CSV file posted to an import form: its size, its form's CSRF token, its encoding. */

export type UploadResult =
	| { ok: true; fileName: string; bytes: Uint8Array }
	/** `closeConnection`: the body was left partly unread, so the connection must not be reused. */
	| { ok: false; fileError: FieldError; closeConnection: boolean }

function fileFailure(key: string, values?: Record<string, string | number>, closeConnection = false): UploadResult {
	return { ok: false, fileError: values ? { key, values } : { key }, closeConnection }
}

/** Multipart framing and the form's other fields add a little to the file. */
const FRAMING_ALLOWANCE = 64 * 1024
/**
 * A refused upload is still read to its end (and thrown away) up to this size, so the browser gets the
 * answer after sending its file and the connection stays usable; beyond it the connection is closed.
 */
const DRAIN_LIMIT = 64 * 1024 * 1024

/**
 * Reads the request body: the bytes when at most `limit`, otherwise null after reading (and discarding)
 * the rest up to DRAIN_LIMIT; `drained` says whether the whole body was read. The bytes are gathered in
 * one buffer sized by `Content-Length` (grown by doubling without one), so a large upload is not held
 * twice, once in pieces and once whole.
 */
async function readBody(request: Request, limit: number): Promise<{ bytes: Uint8Array | null; drained: boolean }> {
	if (!request.body) return { bytes: new Uint8Array(), drained: true }
	const declared = Number(request.headers.get('Content-Length') ?? Number.NaN)
	let bytes = new Uint8Array(Number.isSafeInteger(declared) && declared >= 0 && declared <= limit ? declared : 64 * 1024)
	const reader = request.body.getReader()
	let size = 0
	for (;;) {
		const { done, value } = await reader.read()
		if (done) break
		const end = size + value.byteLength
		if (end > DRAIN_LIMIT) {
			await reader.cancel().catch(() => {})
			return { bytes: null, drained: false }
		}
		if (end <= limit) {
			if (end > bytes.length) {
				const grown = new Uint8Array(Math.min(limit, Math.max(end, bytes.length * 2)))
				grown.set(bytes.subarray(0, size))
				bytes = grown
			}
			bytes.set(value, size)
		}
		size = end
	}
	if (size > limit) return { bytes: null, drained: true }
	return { bytes: bytes.subarray(0, size), drained: true }
}

/**
 * Reads the multipart upload (field `file`) within the size limit, checks the form's CSRF token and
 * that the file is UTF-8 (a byte-order mark is dropped by the parser). The file stays bytes: the import
 * turns its fields into strings as it reads them.
 */
export async function readUpload(request: Request): Promise<UploadResult> {
	const maxBytes = getConfig().maxUploadBytes
	const limit = maxBytes + FRAMING_ALLOWANCE
	const tooLarge = (closeConnection: boolean) => fileFailure('csv.errors.tooLarge', { max: maxBytes / 1024 / 1024 }, closeConnection)
	const body = await readBody(request, limit)
	if (!body.bytes) return tooLarge(!body.drained)
	const parts = parseMultipart(
		Buffer.from(body.bytes.buffer, body.bytes.byteOffset, body.bytes.byteLength),
		request.headers.get('Content-Type') ?? '',
	)
	if (!parts) return fileFailure('csv.errors.noFile')
	const fields = new FormData()
	for (const part of parts) if (part.filename === null) fields.append(part.name, part.body.toString('utf8'))
	assertCsrf(request, fields)
	const file = parts.find((part) => part.name === 'file' && part.filename !== null)
	if (!file || file.body.length === 0) return fileFailure('csv.errors.noFile')
	if (file.body.length > maxBytes) return tooLarge(false)
	if (!isUtf8(file.body)) return fileFailure('csv.errors.notUtf8')
	return { ok: true, fileName: file.filename!, bytes: file.body }
}
