import { describe, expect, test } from 'vitest'
import { MAX_LOCK_SECONDS, lockSeconds } from './backoff'

describe('account lock back-off', () => {
	test('the first lock lasts a minute, each further lock twice as long', () => {
		expect([1, 2, 3, 4, 5, 6].map(lockSeconds)).toEqual([60, 120, 240, 480, 960, 1920])
	})

	test('a lock never lasts more than an hour, however many came before', () => {
		expect(lockSeconds(7)).toBe(MAX_LOCK_SECONDS)
		expect(lockSeconds(1000)).toBe(60 * 60)
	})
})
