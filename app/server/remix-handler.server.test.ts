import http from 'node:http'
import net from 'node:net'
import type { Response as ExpressResponse } from 'express'
import { afterEach, describe, expect, test } from 'vitest'
import { until } from '../../tests/support/wait'
import { writeBody } from './remix-handler.server'

const CHUNK = new Uint8Array(64 * 1024).fill(120)
const CHUNKS = 2_000

let server: http.Server | null = null
afterEach(async () => {
	await new Promise((resolve) => server?.close(resolve) ?? resolve(null))
	server = null
})

/** A server whose one answer is a 128 MB body produced on demand, counting how often it was asked for more. */
async function serveCountedBody() {
	const produced = { chunks: 0, cancelled: false }
	server = http.createServer((_req, res) => {
		const body = new ReadableStream<Uint8Array>({
			pull(controller) {
				produced.chunks += 1
				if (produced.chunks > CHUNKS) controller.close()
				else controller.enqueue(CHUNK)
			},
			cancel() {
				produced.cancelled = true
			},
		})
		void writeBody(res as unknown as ExpressResponse, body)
	})
	await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
	const { port } = server.address() as net.AddressInfo
	return { port, produced }
}

/** The count once it has stopped moving: the same at two looks 150 ms apart. */
async function settled(read: () => number) {
	let last = -1
	await until(
		() => {
			const now = read()
			const still = now === last
			last = now
			return still
		},
		'the count to settle',
		{ intervalMs: 150 },
	)
	return last
}

describe('writing a streamed answer', () => {
	// 128 MB through loopback: seconds on a busy machine, beyond Vitest's default 5 s.
	test('produces the body only as fast as the client reads it', { timeout: 60_000 }, async () => {
		const { port, produced } = await serveCountedBody()
		const socket = net.connect(port, '127.0.0.1')
		socket.write('GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')
		socket.pause()
		// The client reads nothing: production stops once the socket's buffers are full.
		expect(await settled(() => produced.chunks)).toBeLessThan(CHUNKS / 4)
		let received = 0
		socket.on('data', (data: Buffer) => (received += data.length))
		socket.resume()
		await new Promise((resolve) => socket.on('end', resolve))
		expect(produced.chunks).toBe(CHUNKS + 1)
		expect(received).toBeGreaterThan(CHUNKS * CHUNK.length)
	})

	test('stops producing when the client goes away', { timeout: 60_000 }, async () => {
		const { port, produced } = await serveCountedBody()
		const socket = net.connect(port, '127.0.0.1')
		socket.write('GET / HTTP/1.1\r\nHost: x\r\n\r\n')
		socket.pause()
		await settled(() => produced.chunks)
		socket.destroy()
		await settled(() => produced.chunks)
		expect(produced.cancelled).toBe(true)
		expect(produced.chunks).toBeLessThan(CHUNKS / 4)
	})
})
