/**
 * A text body streamed a batch of rows at a time: `head`, each batch as `render` writes it, then `tail`. A
 * batch is read only when the client has taken the last one, so a long list is never whole in memory; a
 * client that goes away stops the reading.
 */
export function batchedTextStream<Row>({
	head,
	batches,
	render,
	tail = '',
}: {
	head: string
	batches: AsyncIterable<Row[]>
	render: (rows: Row[]) => string
	tail?: string
}) {
	const encoder = new TextEncoder()
	const iterator = batches[Symbol.asyncIterator]()
	return new ReadableStream<Uint8Array>({
		start(controller) {
			if (head) controller.enqueue(encoder.encode(head))
		},
		async pull(controller) {
			const next = await iterator.next()
			if (next.done) {
				if (tail) controller.enqueue(encoder.encode(tail))
				controller.close()
				return
			}
			controller.enqueue(encoder.encode(render(next.value)))
		},
		async cancel() {
			await iterator.return?.(undefined)
		},
	})
}
