import { describe, expect, test } from 'vitest'
import { BUILD_DATE_KEY, VERSION_KEY, checkVersion } from './version-check'

function memoryStorage(initial: Record<string, string> = {}) {
	const values = new Map(Object.entries(initial))
	return {
		values,
		getItem: (key: string) => values.get(key) ?? null,
		setItem: (key: string, value: string) => void values.set(key, value),
	}
}

const build = { version: '1.0.24', buildDate: '2025-05-20T00:00:00.000Z' }

describe('version check', () => {
	test('equal version and build date: nothing happens', () => {
		const storage = memoryStorage({ [VERSION_KEY]: '1.0.24', [BUILD_DATE_KEY]: '2025-05-20T00:00:00.000Z' })
		expect(checkVersion(storage, build)).toBe('unchanged')
	})

	test('a different version: store the new values and reload once', () => {
		const storage = memoryStorage({ [VERSION_KEY]: '1.0.23', [BUILD_DATE_KEY]: '2025-05-20T00:00:00.000Z' })
		expect(checkVersion(storage, build)).toBe('reload')
		expect(storage.values.get(VERSION_KEY)).toBe('1.0.24')
		// After the reload the values match: no second reload.
		expect(checkVersion(storage, build)).toBe('unchanged')
	})

	test('a different build date alone also reloads', () => {
		const storage = memoryStorage({ [VERSION_KEY]: '1.0.24', [BUILD_DATE_KEY]: '2025-05-19T00:00:00.000Z' })
		expect(checkVersion(storage, build)).toBe('reload')
		expect(storage.values.get(BUILD_DATE_KEY)).toBe(build.buildDate)
	})

	test('a first visit stores the values without reloading', () => {
		const storage = memoryStorage()
		expect(checkVersion(storage, build)).toBe('stored')
		expect(checkVersion(storage, build)).toBe('unchanged')
	})
})
