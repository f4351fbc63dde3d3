import { describe, expect, test } from 'vitest'
import { until } from '../support/wait'

describe('until, the tests’ one wait for a condition', () => {
	test('returns as soon as the check holds', async () => {
		let looks = 0
		await until(() => ++looks === 3, 'the third look', { intervalMs: 1 })
		expect(looks).toBe(3)
	})

	test('fails once its time is up, naming what did not happen; every intervalMs until then', async () => {
		let looks = 0
		await expect(
			until(
				() => {
					looks++
					return false
				},
				'the impossible',
				{ timeoutMs: 50, intervalMs: 10 },
			),
		).rejects.toThrow('the impossible did not happen within 0.05 s')
		expect(looks).toBe(5)
	})

	test('a check that throws ends the wait with its error', async () => {
		await expect(
			until(async () => {
				throw new Error('the server exited')
			}, 'never'),
		).rejects.toThrow('the server exited')
	})
})
