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

export type CsvParseResult = { ok: true; delimiter: string; records: CsvRecord[] } | { ok: false; problem: 'unterminatedQuote'; line: number }

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

/**
 * The records of CSV text, one at a time, with their starting line numbers (a file of any size is read
 * without holding its records). Quoted fields may hold delimiters, doubled quotes and line breaks; blank
 * lines are skipped; a byte-order mark is ignored. Throws CsvSyntaxError on an unterminated quote.
 */
export function* csvRecords(input: string): Generator<CsvRecord, void, undefined> {
	const text = input.startsWith(BOM) ? input.slice(1) : input
	const delimiter = detectDelimiter(text)
	let line = 1
	let index = 0
	while (index < text.length) {
		const startLine = line
		const fields: string[] = []
		let field = ''
		let atRecordEnd = false
		while (!atRecordEnd) {
			if (text[index] === '"') {
				// A quoted field: up to the closing quote; "" is a quote.
				index++
				for (;;) {
					if (index >= text.length) throw new CsvSyntaxError(startLine)
					const char = text[index]!
					if (char === '"') {
						if (text[index + 1] === '"') {
							field += '"'
							index += 2
							continue
						}
						index++
						break
					}
					if (char === '\n' || (char === '\r' && text[index + 1] !== '\n')) line++
					field += char
					index++
				}
			}
			// Unquoted text (or what follows a closing quote) up to the delimiter or the line end.
			const end = unquotedEnd(text, index, delimiter)
			field += text.slice(index, end)
			index = end
			fields.push(field)
			field = ''
			if (index >= text.length) {
				atRecordEnd = true
			} else if (text[index] === delimiter) {
				index++
			} else {
				index += text[index] === '\r' && text[index + 1] === '\n' ? 2 : 1
				line++
				atRecordEnd = true
			}
		}
		if (!(fields.length === 1 && fields[0] === '')) yield { line: startLine, fields }
	}
}

/** Where unquoted text starting at `index` ends: the next delimiter or line break, or the end. */
function unquotedEnd(text: string, index: number, delimiter: string): number {
	let end = index
	while (end < text.length) {
		const char = text[end]
		if (char === delimiter || char === '\n' || char === '\r') break
		end++
	}
	return end
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
