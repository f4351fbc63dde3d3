import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { resetSingleton } from '~/utils/singleton.server'
import { isSelectableTimeZone, readerTimeZone, selectableTimeZones } from './time-zone.server'

beforeAll(() => {
	vi.stubEnv('SESSION_SECRET', 'unit-test-secret-0123456789abcdef')
	vi.stubEnv('APP_TIME_ZONE', 'Europe/Berlin')
	resetSingleton('config')
})

afterAll(() => {
	vi.unstubAllEnvs()
	resetSingleton('config')
})

describe('the reader’s time zone', () => {
	test('is the user’s choice, else the portal’s (APP_TIME_ZONE)', () => {
		expect(readerTimeZone({ time_zone: 'America/Los_Angeles' })).toBe('America/Los_Angeles')
		expect(readerTimeZone({ time_zone: null })).toBe('Europe/Berlin')
		expect(readerTimeZone(null)).toBe('Europe/Berlin')
	})

	test('falls back to the portal’s when the stored zone is one Intl does not know', () => {
		expect(readerTimeZone({ time_zone: 'Atlantis/Poseidonia' })).toBe('Europe/Berlin')
	})

	test('the profile offers exactly the zones Intl lists', () => {
		expect(selectableTimeZones()).toEqual(Intl.supportedValuesOf('timeZone'))
		expect(isSelectableTimeZone('Europe/Berlin')).toBe(true)
		expect(isSelectableTimeZone('europe/berlin')).toBe(false)
		expect(isSelectableTimeZone('')).toBe(false)
	})
})
