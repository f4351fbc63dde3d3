import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { createSession, getSessionCookie, resolveSessionToken, touchIntervalMs } from '~/auth/session.server'
import { resetSingleton } from '~/utils/singleton.server'
import { createTestUser } from '../support/users'

/**
 * Any activity extends the idle timeout: the session's last-seen time is written often enough that an
 * active user is never signed out mid-work, however short SESSION_IDLE_MINUTES is.
 */
const ONE_MINUTE = 60_000

beforeAll(() => {
	process.env.SESSION_IDLE_MINUTES = '1'
	resetSingleton('config')
	vi.useFakeTimers({ toFake: ['Date'] })
})

afterAll(() => {
	vi.useRealTimers()
	delete process.env.SESSION_IDLE_MINUTES
	resetSingleton('config')
})

async function signIn() {
	const { user } = await createTestUser()
	const cookie = await createSession(new Request('http://portal.test/account/login'), user)
	const token = (await getSessionCookie().parse(cookie.split(';')[0]!)) as string
	return token
}

describe('with a one-minute idle timeout', () => {
	test('last-seen is written at least every quarter of the idle timeout', () => {
		expect(touchIntervalMs(ONE_MINUTE)).toBeLessThanOrEqual(ONE_MINUTE / 4)
		expect(touchIntervalMs(30 * ONE_MINUTE)).toBeLessThanOrEqual(ONE_MINUTE)
	})

	test('a user active every 20 seconds stays signed in for ten minutes', async () => {
		vi.setSystemTime(new Date('2026-11-24T08:00:00Z'))
		const token = await signIn()
		for (let second = 20; second <= 600; second += 20) {
			vi.setSystemTime(new Date(Date.parse('2026-11-24T08:00:00Z') + second * 1000))
			const state = await resolveSessionToken(token)
			expect({ second, status: state.status }).toEqual({ second, status: 'active' })
		}
	})

	test('a user idle for a minute is signed out', async () => {
		vi.setSystemTime(new Date('2026-11-24T09:00:00Z'))
		const token = await signIn()
		vi.setSystemTime(new Date('2026-11-24T09:00:40Z'))
		expect((await resolveSessionToken(token)).status).toBe('active')
		vi.setSystemTime(new Date('2026-11-24T09:01:40Z'))
		expect((await resolveSessionToken(token)).status).toBe('expired')
	})
})
