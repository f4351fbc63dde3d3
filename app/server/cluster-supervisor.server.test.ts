import cluster from 'node:cluster'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { logger } from '~/utils/logger.server'
import { until } from '../../tests/support/wait'
import { superviseWorkers } from './cluster-supervisor.server'

/** Starting a process takes a while on a busy machine: the tests wait for events, with generous timeouts. */

/** Workers that die as soon as they start: what a worker that cannot start does. */
let folder: string

beforeAll(() => {
	folder = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-supervisor-'))
	const script = path.join(folder, 'dies.cjs')
	fs.writeFileSync(script, 'process.exit(3)\n')
	cluster.setupPrimary({ exec: script, execArgv: [], silent: true })
})

afterAll(() => {
	vi.restoreAllMocks()
	fs.rmSync(folder, { recursive: true, force: true })
})

const workersLeft = () => Object.keys(cluster.workers ?? {}).length

async function untilNoWorkers() {
	await until(() => workersLeft() === 0, 'every worker gone', { intervalMs: 25 })
}

describe('the cluster supervisor', () => {
	test('restarts workers that die young after a doubling wait, up to its cap, and gives up (once) after so many in a row', async () => {
		const restarts = vi.spyOn(logger, 'info')
		const forks = vi.fn()
		cluster.on('fork', forks)
		let gaveUp = () => {}
		const givenUp = new Promise<void>((resolve) => (gaveUp = resolve))
		const onCrashLoop = vi.fn(() => gaveUp())
		superviseWorkers(1, onCrashLoop, { baseMs: 1, maxMs: 4, stableMs: 60_000, maxQuickDeaths: 4 })
		await givenUp
		await untilNoWorkers()
		cluster.off('fork', forks)
		expect(onCrashLoop).toHaveBeenCalledTimes(1)
		// One started, then three restarts; the fourth death in a row is the last.
		expect(forks).toHaveBeenCalledTimes(4)
		const waits = restarts.mock.calls.filter(([event]) => event === 'cluster.worker_restarting').map(([, fields]) => fields?.inMs)
		expect(waits).toEqual([2, 4, 4])
		restarts.mockRestore()
	}, 30_000)

	test('workers that lived long enough are restarted after the base wait, without end', async () => {
		const restarts = vi.spyOn(logger, 'info')
		const onCrashLoop = vi.fn()
		const supervisor = superviseWorkers(1, onCrashLoop, { baseMs: 1, maxMs: 4, stableMs: 0, maxQuickDeaths: 2 })
		const waits = () => restarts.mock.calls.filter(([event]) => event === 'cluster.worker_restarting').map(([, fields]) => fields?.inMs)
		// Three workers started and died one after the other: on a busy machine that takes seconds.
		await until(() => waits().length >= 3, 'three restarts', { intervalMs: 25, timeoutMs: 25_000 })
		await supervisor.stop('SIGTERM')
		await untilNoWorkers()
		expect(waits().slice(0, 3)).toEqual([1, 1, 1])
		expect(onCrashLoop).not.toHaveBeenCalled()
		restarts.mockRestore()
	}, 30_000)
})
