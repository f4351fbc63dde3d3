import { describe, expect, test } from 'vitest'
import { MAX_AGE_MS, cachedFigure } from './figures-cache.server'

let keys = 0
const freshKey = () => `test-figure-${++keys}`

function counted<Value>(value: Value) {
	const calls = { count: 0 }
	return { calls, compute: () => (calls.count++, Promise.resolve(value)) }
}

describe('a dashboard figure', () => {
	test('is computed once for every request asking at the same version, even at the same moment', async () => {
		const key = freshKey()
		const { calls, compute } = counted(42)
		const answers = await Promise.all([
			cachedFigure(key, 7, compute, 1_000),
			cachedFigure(key, 7, compute, 1_001),
			cachedFigure(key, 7, compute, 2_000),
		])
		expect(answers).toEqual([42, 42, 42])
		expect(calls.count).toBe(1)
	})

	test('is computed again as soon as the catalog version moves', async () => {
		const key = freshKey()
		const { calls, compute } = counted('figures')
		await cachedFigure(key, 7, compute, 1_000)
		await cachedFigure(key, 8, compute, 1_001)
		expect(calls.count).toBe(2)
	})

	test(`is never older than ${MAX_AGE_MS} ms, even when the version stands still`, async () => {
		const key = freshKey()
		const { calls, compute } = counted('figures')
		await cachedFigure(key, 7, compute, 10_000)
		await cachedFigure(key, 7, compute, 10_000 + MAX_AGE_MS - 1)
		expect(calls.count).toBe(1)
		await cachedFigure(key, 7, compute, 10_000 + MAX_AGE_MS)
		expect(calls.count).toBe(2)
	})

	test('that failed is asked for again by the next request', async () => {
		const key = freshKey()
		await expect(cachedFigure(key, 7, () => Promise.reject(new Error('database down')), 1_000)).rejects.toThrow('database down')
		const { calls, compute } = counted('back')
		expect(await cachedFigure(key, 7, compute, 1_001)).toBe('back')
		expect(calls.count).toBe(1)
	})
})
