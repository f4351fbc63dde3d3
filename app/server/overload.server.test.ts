import { describe, expect, test } from 'vitest'
import { watchEventLoop } from './overload.server'

/** Keeps the event loop busy, as a queue of requests does. */
function blockFor(ms: number) {
	const until = performance.now() + ms
	while (performance.now() < until) {
		/* busy */
	}
}

const turn = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms))

describe('event-loop load', () => {
	test('a loop kept late sample after sample is overloaded; once it runs freely again it is not', async () => {
		const changes: boolean[] = []
		const load = watchEventLoop(50, (overloaded) => changes.push(overloaded))
		try {
			expect(load.overloaded()).toBe(false)
			for (let i = 0; i < 4; i++) {
				blockFor(250)
				await turn()
			}
			expect(load.overloaded()).toBe(true)
			expect(load.delayMs()).toBeGreaterThan(50)
			await turn(600)
			expect(load.overloaded()).toBe(false)
			expect(changes).toEqual([true, false])
		} finally {
			load.stop()
		}
	})

	test('one stall is not overload', async () => {
		const load = watchEventLoop(50)
		try {
			await turn(250)
			blockFor(250)
			await turn()
			expect(load.overloaded()).toBe(false)
		} finally {
			load.stop()
		}
	})

	test('a limit of 0 never reports overload', async () => {
		const load = watchEventLoop(0)
		try {
			for (let i = 0; i < 3; i++) {
				blockFor(200)
				await turn()
			}
			expect(load.overloaded()).toBe(false)
		} finally {
			load.stop()
		}
	})
})

describe('shedding', () => {
	test('while overloaded, pages are refused with 503 and Retry-After, but Remix’s route discovery is served', async () => {
		const express = (await import('express')).default
		const { shedLoad } = await import('./overload.server')
		const app = express()
		app.use(shedLoad({ overloaded: () => true, delayMs: () => 500, stop: () => {} } as unknown as Parameters<typeof shedLoad>[0]))
		app.use((_req, res) => res.status(200).send('served'))
		const server = app.listen(0, '127.0.0.1')
		await new Promise((resolve) => server.once('listening', resolve))
		const { port } = server.address() as { port: number }
		try {
			const page = await fetch(`http://127.0.0.1:${port}/dashboard`)
			await page.text()
			expect(page.status).toBe(503)
			expect(page.headers.get('retry-after')).toBe('2')
			const manifest = await fetch(`http://127.0.0.1:${port}/__manifest?p=%2Fdashboard&version=1`)
			expect(await manifest.text()).toBe('served')
		} finally {
			await new Promise((resolve) => server.close(resolve))
		}
	})
})
