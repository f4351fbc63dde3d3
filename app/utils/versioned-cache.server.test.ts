import { describe, expect, test } from 'vitest'
import { versionedCache } from './versioned-cache.server'

let caches = 0
const freshCache = (maxEntries = 8, maxAgeMs = 1_000) => versionedCache(`test-${++caches}`, { maxEntries, maxAgeMs })

function counted<Value>(value: Value) {
	const calls = { count: 0 }
	return { calls, compute: () => (calls.count++, Promise.resolve(value)) }
}

describe('a versioned cache', () => {
	test('computes a key once per version, for everyone asking at the same moment', async () => {
		const cache = freshCache()
		const { calls, compute } = counted('page')
		expect(await Promise.all([cache.get('a', 1, compute, 0), cache.get('a', 1, compute, 1)])).toEqual(['page', 'page'])
		expect(calls.count).toBe(1)
		await cache.get('a', 2, compute, 2)
		expect(calls.count).toBe(2)
	})

	test('lets the key used least recently go when it is full', async () => {
		const cache = freshCache(2)
		const a = counted('a')
		const b = counted('b')
		const c = counted('c')
		await cache.get('a', 1, a.compute, 0)
		await cache.get('b', 1, b.compute, 0)
		await cache.get('a', 1, a.compute, 1)
		await cache.get('c', 1, c.compute, 2)
		await cache.get('a', 1, a.compute, 3)
		expect(a.calls.count).toBe(1)
		await cache.get('b', 1, b.compute, 4)
		expect(b.calls.count).toBe(2)
	})

	test('keeps nothing past its age, nor a failure', async () => {
		const cache = freshCache(8, 100)
		const { calls, compute } = counted('page')
		await cache.get('a', 1, compute, 0)
		await cache.get('a', 1, compute, 99)
		await cache.get('a', 1, compute, 100)
		expect(calls.count).toBe(2)
		await expect(cache.get('b', 1, () => Promise.reject(new Error('database down')), 0)).rejects.toThrow('database down')
		expect(await cache.get('b', 1, compute, 1)).toBe('page')
	})

	test('of one name is apart from another', async () => {
		const first = freshCache()
		const second = freshCache()
		await first.get('a', 1, () => Promise.resolve('first'), 0)
		expect(await second.get('a', 1, () => Promise.resolve('second'), 0)).toBe('second')
	})
})
