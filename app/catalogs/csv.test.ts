import { describe, expect, test } from 'vitest'
import { BOM, countLines, csvLine, csvRecords, detectDelimiter, neutraliseFormula, parseCsv, restoreFormula } from './csv'

describe('writing', () => {
	test('quotes what needs quoting and ends lines with CRLF', () => {
		expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', ' padded', ''])).toBe('a,"b,c","say ""hi""","two\nlines"," padded",\r\n')
	})

	test.each([
		['=HYPERLINK("http://evil")', `'=HYPERLINK("http://evil")`],
		['+1', "'+1"],
		['-12.5', "'-12.5"],
		['@SUM(A1)', "'@SUM(A1)"],
		['\tx', "'\tx"],
		['Trạm = 1', 'Trạm = 1'],
		['', ''],
	])('neutralises %j', (value, expected) => {
		expect(neutraliseFormula(value)).toBe(expected)
		expect(restoreFormula(neutraliseFormula(value))).toBe(value)
	})

	test('a neutralised cell is quoted when it needs to be', () => {
		expect(csvLine(['=1,2'])).toBe(`"'=1,2"\r\n`)
	})

	test('an ordinary leading quote is kept on reading', () => {
		expect(restoreFormula("'quoted'")).toBe("'quoted'")
	})
})

describe('parseCsv', () => {
	test('reads what csvLine writes, with line numbers', () => {
		const text = BOM + csvLine(['code', 'note']) + csvLine(['A', 'two\r\nlines']) + csvLine(['B', 'x,"y"'])
		expect(parseCsv(text)).toEqual({
			ok: true,
			delimiter: ',',
			records: [
				{ line: 1, fields: ['code', 'note'] },
				{ line: 2, fields: ['A', 'two\r\nlines'] },
				{ line: 4, fields: ['B', 'x,"y"'] },
			],
		})
	})

	test('skips blank lines but counts them', () => {
		const result = parseCsv('a,b\n\n1,2\r\n\r\n3,4')
		expect(result.ok && result.records).toEqual([
			{ line: 1, fields: ['a', 'b'] },
			{ line: 3, fields: ['1', '2'] },
			{ line: 5, fields: ['3', '4'] },
		])
	})

	test('semicolon files (Excel in Vietnamese, German…) are read too', () => {
		expect(detectDelimiter('code;name;note\n1;2;3')).toBe(';')
		const result = parseCsv('code;name\nA;"Trạm; một"\n')
		expect(result.ok && result.records[1]!.fields).toEqual(['A', 'Trạm; một'])
	})

	test('an unterminated quote names its line', () => {
		expect(parseCsv('a,b\n1,"open\n2,3\n')).toEqual({ ok: false, problem: 'unterminatedQuote', line: 2 })
	})

	test('keeps empty trailing fields and old Mac line ends', () => {
		const result = parseCsv('a,b,c\r1,,\r')
		expect(result.ok && result.records).toEqual([
			{ line: 1, fields: ['a', 'b', 'c'] },
			{ line: 2, fields: ['1', '', ''] },
		])
	})

	test('stops after maxRecords', () => {
		const result = parseCsv('h\n1\n2\n3\n4\n', { maxRecords: 3 })
		expect(result.ok && result.records.map((r) => r.fields[0])).toEqual(['h', '1', '2'])
	})
})

describe('csvRecords over bytes', () => {
	const utf8 = (text: string) => new TextEncoder().encode(text)

	test('reads a file as bytes exactly as its text: multi-byte letters, quotes, line breaks, a byte-order mark', () => {
		const text =
			BOM +
			csvLine(['mã', 'ghi chú']) +
			csvLine(['TRẠM-1', 'Điện "lực"\r\nHà Nội']) +
			'\r\n' +
			csvLine(['Ё', '€,日本']) +
			'last,"row\rwith a lone CR"'
		const fromBytes = [...csvRecords(utf8(text))]
		expect(fromBytes).toEqual([...csvRecords(text)])
		expect(fromBytes).toEqual([
			{ line: 1, fields: ['mã', 'ghi chú'] },
			{ line: 2, fields: ['TRẠM-1', 'Điện "lực"\r\nHà Nội'] },
			{ line: 5, fields: ['Ё', '€,日本'] },
			{ line: 6, fields: ['last', 'row\rwith a lone CR'] },
		])
	})

	test('a view into a larger buffer reads only its own bytes', () => {
		const whole = utf8('--boundary\r\na;b\r\nc;"d"\r\n--boundary--')
		const file = whole.subarray(12, whole.length - 14)
		expect([...csvRecords(file)]).toEqual([
			{ line: 1, fields: ['a', 'b'] },
			{ line: 2, fields: ['c', 'd'] },
		])
	})

	test('an unterminated quote in bytes names the line it opens on', () => {
		expect(() => [...csvRecords(utf8('a,b\n1,"open\n2,3\n'))]).toThrow(expect.objectContaining({ line: 2 }))
	})

	test('counts the lines of a file for its progress', () => {
		expect(countLines(utf8(''))).toBe(1)
		expect(countLines(utf8('a\nb\r\nc'))).toBe(3)
		expect(countLines(utf8('a\nb\n'))).toBe(3)
	})
})
