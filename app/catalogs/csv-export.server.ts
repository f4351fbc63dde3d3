import { batchedTextStream } from '~/utils/batched-stream.server'
import { BOM, csvLine } from './csv'

/**
 * A CSV download, streamed: a byte-order mark (so Excel reads UTF-8 Vietnamese), the header of
 * `columns`, then the rows a batch at a time, each cell neutralised against formulas.
 */
export function csvResponse<Row>(
	fileName: string,
	columns: readonly string[],
	batches: AsyncIterable<Row[]>,
	toValues: (row: Row) => Record<string, string>,
): Response {
	const line = (row: Row) => {
		const values = toValues(row)
		return csvLine(columns.map((column) => values[column] ?? ''))
	}
	const stream = batchedTextStream({ head: BOM + csvLine(columns), batches, render: (rows) => rows.map(line).join('') })
	return new Response(stream, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${fileName}"`,
			'Cache-Control': 'no-store',
		},
	})
}

async function* noRows(): AsyncGenerator<never[]> {}

/** An import template: the byte-order mark and the header row of `columns`, nothing else. */
export function csvTemplateResponse(fileName: string, columns: readonly string[]): Response {
	return csvResponse(fileName, columns, noRows(), () => ({}))
}
