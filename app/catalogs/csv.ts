import type { FieldError } from '~/utils/form.server'

/**
 * CSV as Excel and LibreOffice write and read it (RFC 4180): UTF-8 with a byte-order mark, CRLF line
 * ends, fields quoted when they hold the delimiter, a quote or a line break. Cells that a spreadsheet
 * would run as a formula are neutralised on the way out and restored on the way in.
 */

export const BOM = '\uFEFF'

/** Leading characters that make a spreadsheet treat a cell as a formula (OWASP "CSV injection"). */
const FORMULA_START = /^[=+\-@\t\r]/

/** `'=1+1` instead of `=1+1`: shown as text by spreadsheets. Negative numbers get the quote too. */
export function neutraliseFormula(value: string): string {
	return FORMULA_START.test(value) ? `'${value}` : value
}

/** Undoes neutraliseFormula: a quote before a formula character is dropped. */
export function restoreFormula(value: string): string {
	return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value
}

function quote(value: string, delimiter: string): string {
	return value.includes(delimiter) || /["\r\n]/.test(value) || value !== value.trim() ? `"${value.replace(/"/g, '""')}"` : value
}

/** One CSV line (with its CRLF) of neutralised, quoted cells. */
export function csvLine(cells: readonly string[], delimiter = ','): string {
	return cells.map((cell) => quote(neutraliseFormula(cell), delimiter)).join(delimiter) + '\r\n'
}

export interface CsvRecord {
	/** The line of the file the record starts on (the header is line 1). */
	line: number
	fields: string[]
}

export type CsvParseResult =
	{ ok: true; delimiter: string; records: CsvRecord[] } | { ok: false; problem: 'unterminatedQuote'; line: number }

/** The delimiter of the header line: comma, or semicolon/tab when those are what it uses (Excel in many locales). */
export function detectDelimiter(text: string): string {
	const firstLine = text.slice(0, text.search(/\r|\n|$/))
	let best = ','
	let bestCount = 0
	for (const candidate of [',', ';', '\t']) {
		const count = firstLine.split(candidate).length - 1
		if (count > bestCount) {
			best = candidate
			bestCount = count
		}
	}
	return best
}

/** A quoted field that never closes: the file cannot be read past `line`. */
export class CsvSyntaxError extends Error {
	constructor(readonly line: number) {
		super(`unterminated quote from line ${line}`)
	}
}

const QUOTE = 0x22
const CR = 0x0d
const LF = 0x0a
const UTF8_BOM = Buffer.from(BOM, 'utf8')

/** The text as bytes, without a leading byte-order mark (a view: nothing is copied). */
function withoutBom(input: Uint8Array | string): Buffer {
	const bytes = typeof input === 'string' ? Buffer.from(input, 'utf8') : Buffer.from(input.buffer, input.byteOffset, input.byteLength)
	return bytes.subarray(0, UTF8_BOM.length).equals(UTF8_BOM) ? bytes.subarray(UTF8_BOM.length) : bytes
}

/** Line breaks between `from` and `to`: LF, CRLF and a lone CR each count once. */
function lineBreaks(bytes: Buffer, from: number, to: number): number {
	let breaks = 0
	for (let index = from; index < to; index++) {
		const byte = bytes[index]
		if (byte === LF || (byte === CR && bytes[index + 1] !== LF)) breaks++
	}
	return breaks
}

/** Where unquoted text starting at `index` ends: the next delimiter or line break, or the end. */
function unquotedEnd(bytes: Buffer, index: number, delimiter: number): number {
	let end = index
	while (end < bytes.length) {
		const byte = bytes[end]
		if (byte === delimiter || byte === LF || byte === CR) break
		end++
	}
	return end
}

/**
 * The records of UTF-8 CSV, one at a time, with their starting line numbers. The file is read as bytes
 * (the delimiters, quotes and line breaks are ASCII, which never occurs inside a multi-byte character)
 * and only the fields become strings, so a large file is held once, as its bytes, and not also as a
 * text twice its size. Quoted fields may hold delimiters, doubled quotes and line breaks; blank lines
 * are skipped; a byte-order mark is ignored. Throws CsvSyntaxError on an unterminated quote. The bytes
 * are expected to be valid UTF-8 (checked by the caller).
 */
export function* csvRecords(input: Uint8Array | string): Generator<CsvRecord, void, undefined> {
	const bytes = withoutBom(input)
	const delimiter = detectDelimiter(bytes.toString('utf8', 0, unquotedEnd(bytes, 0, LF))).charCodeAt(0)
	let line = 1
	let index = 0
	while (index < bytes.length) {
		const startLine = line
		const fields: string[] = []
		for (;;) {
			let field = ''
			if (bytes[index] === QUOTE) {
				// A quoted field: up to the closing quote; "" is a quote.
				index++
				for (;;) {
					const close = bytes.indexOf(QUOTE, index)
					if (close === -1) throw new CsvSyntaxError(startLine)
					line += lineBreaks(bytes, index, close)
					const escaped = bytes[close + 1] === QUOTE
					field += bytes.toString('utf8', index, escaped ? close + 1 : close)
					index = escaped ? close + 2 : close + 1
					if (!escaped) break
				}
			}
			// Unquoted text (or what follows a closing quote) up to the delimiter or the line end.
			const end = unquotedEnd(bytes, index, delimiter)
			if (end > index) field += bytes.toString('utf8', index, end)
			index = end
			fields.push(field)
			if (index >= bytes.length) break
			if (bytes[index] === delimiter) {
				index++
				continue
			}
			index += bytes[index] === CR && bytes[index + 1] === LF ? 2 : 1
			line++
			break
		}
		if (!(fields.length === 1 && fields[0] === '')) yield { line: startLine, fields }
	}
}

/** The number of lines of the file (for progress: the share of the file read so far). */
export function countLines(input: Uint8Array): number {
	let lines = 1
	for (let index = input.indexOf(LF); index !== -1; index = input.indexOf(LF, index + 1)) lines++
	return lines
}

/** Reads CSV text into records (`maxRecords` stops early), or says where a quote is left open. */
export function parseCsv(input: string, { maxRecords = Infinity }: { maxRecords?: number } = {}): CsvParseResult {
	const text = input.startsWith(BOM) ? input.slice(1) : input
	const records: CsvRecord[] = []
	try {
		for (const record of csvRecords(text)) {
			if (records.length >= maxRecords) break
			records.push(record)
		}
	} catch (error) {
		if (error instanceof CsvSyntaxError) return { ok: false, problem: 'unterminatedQuote', line: error.line }
		throw error
	}
	return { ok: true, delimiter: detectDelimiter(text), records }
}

export interface RowError {
	line: number
	/** The CSV column, or null for the whole row. */
	column: string | null
	error: FieldError
}
