import { describe, expect, test } from 'vitest'
import { afterResponse, runAfterResponse } from './after-response.server'
import { startBackgroundTask } from './background-task.server'
import { requestContext, type RequestContext } from './logger.server'

/** A pass that waits until released, counting how many began. */
function gatedPasses() {
	const state = { began: 0, release: () => {} }
	const run = () => {
		state.began++
		return new Promise<void>((resolve) => (state.release = resolve))
	}
	return { state, run }
}

describe('a background task', () => {
	test('runs once at start; asked while a pass runs, it runs once more after it, however often asked', async () => {
		const { state, run } = gatedPasses()
		const task = startBackgroundTask({ run, everyMs: 3_600_000, failedEvent: 'test.failed' })
		expect(state.began).toBe(1)
		void task.runNow()
		void task.runNow()
		const first = state.release
		first()
		await new Promise((resolve) => setImmediate(resolve))
		expect(state.began).toBe(2)
		state.release()
		await task.stop()
		expect(state.began).toBe(2)
	})

	test('stop waits for the pass in hand and starts no other', async () => {
		const { state, run } = gatedPasses()
		const task = startBackgroundTask({ run, everyMs: 3_600_000, failedEvent: 'test.failed' })
		let stopped = false
		const stopping = task.stop().then(() => (stopped = true))
		await new Promise((resolve) => setImmediate(resolve))
		expect(stopped).toBe(false)
		expect(task.isStopped()).toBe(true)
		state.release()
		await stopping
		await task.runNow()
		expect(state.began).toBe(1)
	})

	test('a failing pass is logged, and the next one runs', async () => {
		let passes = 0
		const task = startBackgroundTask({
			run: () => Promise.reject(new Error(`pass ${++passes}`)),
			everyMs: 3_600_000,
			failedEvent: 'test.failed',
		})
		await new Promise((resolve) => setImmediate(resolve))
		expect(passes).toBe(1)
		await task.runNow()
		expect(passes).toBe(2)
		await task.stop()
	})
})

describe('work after the response', () => {
	test('waits for the response within a request, and runs outside its context; once it has gone, at once', async () => {
		const context: RequestContext = { requestId: 'r1', clientIp: null, cspNonce: '', csrfToken: '', afterResponse: [] }
		const seen: string[] = []
		const task = (name: string) => () => seen.push(`${name} in ${requestContext.getStore()?.requestId ?? 'no request'}`)
		requestContext.run(context, () => afterResponse(task('first')))
		expect(seen).toEqual([])
		runAfterResponse(context)
		expect(seen).toEqual(['first in no request'])
		requestContext.run(context, () => afterResponse(task('late')))
		await new Promise((resolve) => setImmediate(resolve))
		expect(seen).toEqual(['first in no request', 'late in no request'])
	})

	test('outside a request, on the next turn of the event loop', async () => {
		let ran = false
		afterResponse(() => (ran = true))
		expect(ran).toBe(false)
		await new Promise((resolve) => setImmediate(resolve))
		expect(ran).toBe(true)
	})
})
