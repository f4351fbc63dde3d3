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
	const encoder = new TextEncoder()
	const iterator = batches[Symbol.asyncIterator]()
	const stream = new ReadableStream<Uint8Array>({
		start(controller) {
			controller.enqueue(encoder.encode(BOM + csvLine(columns)))
		},
		async pull(controller) {
			const next = await iterator.next()
			if (next.done) {
				controller.close()
				return
			}
			let chunk = ''
			for (const row of next.value) {
				const values = toValues(row)
				chunk += csvLine(columns.map((column) => values[column] ?? ''))
			}
			controller.enqueue(encoder.encode(chunk))
		},
		async cancel() {
			await iterator.return?.(undefined)
		},
	})
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
