import { afterAll, afterEach, beforeEach, describe, expect, test, vi } from 'vitest'
import { issueApiToken, lastUsedResolutionMs, listApiTokens, purgeExpiredApiTokens, resolveBearerToken } from '~/auth/api-token.server'
import { getDb } from '~/db/db.server'
import { lockInactiveAccounts } from '~/users/inactive-lock.server'
import { resetSingleton } from '~/utils/singleton.server'
import { createTestUser } from '../support/users'

/**
 * The API token's idle timeout and lifetime, on the clock: `last_used_at` is written at most once per
 * resolution, so a token is never refused before it has gone unused for TOKEN_IDLE_MINUTES, and is refused
 * at most one resolution later. In this process, with the database of the file.
 */
const SECOND = 1_000
const MINUTE = 60 * SECOND
const START = Date.parse('2026-11-24T08:00:00Z')

function at(offsetMs: number) {
	vi.setSystemTime(new Date(START + offsetMs))
}

/** Whether the token works now (a request of its own: each request resolves its token once). */
async function works(token: string) {
	return (
		(await resolveBearerToken(
			new Request('http://portal.test/api/QuanTri/FunctionGetByUser', { headers: { Authorization: `Bearer ${token}` } }),
		)) !== null
	)
}

async function newToken() {
	const { user } = await createTestUser()
	return { user, token: await issueApiToken(user.id, { ip: '203.0.113.7', userAgent: 'curl/8.11.0' }) }
}

beforeEach(() => {
	vi.useFakeTimers({ toFake: ['Date'] })
	at(0)
})

afterEach(() => {
	vi.useRealTimers()
})

afterAll(() => {
	delete process.env.TOKEN_IDLE_MINUTES
	delete process.env.TOKEN_MAX_HOURS
	resetSingleton('config')
})

describe('with the defaults (30 minutes idle, 12 hours)', () => {
	test('the resolution is a minute', () => {
		expect(lastUsedResolutionMs(30 * MINUTE)).toBe(MINUTE)
	})

	test('a token used every ten minutes works until its twelfth hour, then not', async () => {
		const { token } = await newToken()
		for (let offset = 10 * MINUTE; offset < 12 * 60 * MINUTE; offset += 10 * MINUTE) {
			at(offset)
			expect({ offset, works: await works(token) }).toEqual({ offset, works: true })
		}
		at(12 * 60 * MINUTE)
		expect(await works(token)).toBe(false)
	})

	test('a use that was not written still counts: never refused before 30 minutes unused', async () => {
		const { token } = await newToken()
		at(2 * MINUTE)
		expect(await works(token)).toBe(true) // written
		at(2 * MINUTE + 50 * SECOND)
		expect(await works(token)).toBe(true) // within the minute: not written
		// 29 minutes 59 seconds after that last use: still works.
		at(2 * MINUTE + 50 * SECOND + 30 * MINUTE - SECOND)
		expect(await works(token)).toBe(true)
	})

	test('unused for the idle timeout plus the resolution after its last written use, it is refused and deleted', async () => {
		const { token, user } = await newToken()
		at(5 * MINUTE)
		expect(await works(token)).toBe(true)
		at(5 * MINUTE + 31 * MINUTE)
		expect(await works(token)).toBe(false)
		expect(await getDb().selectFrom('api_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([])
	})

	test('a token never used ends 30 minutes (and the resolution) after its issue', async () => {
		const { token } = await newToken()
		at(31 * MINUTE - SECOND)
		const { token: other } = await newToken()
		expect(await works(token)).toBe(true)
		at(31 * MINUTE - SECOND + 31 * MINUTE)
		expect(await works(other)).toBe(false)
	})

	test('the list shows when each token ends: the sooner of idle and lifetime; the purge deletes the ended ones', async () => {
		const idle = await newToken()
		const busy = await newToken()
		// Used all day long, last 20 minutes ago.
		await getDb()
			.updateTable('api_tokens')
			.set({ last_used_at: START + 11 * 60 * MINUTE + 30 * MINUTE })
			.where('user_id', '=', busy.user.id)
			.execute()
		at(11 * 60 * MINUTE + 50 * MINUTE)
		expect(await works(busy.token)).toBe(true)
		const [listed] = await listApiTokens(busy.user.id)
		expect(listed).toMatchObject({
			createdAt: START,
			lastUsedAt: START + 11 * 60 * MINUTE + 50 * MINUTE,
			endsAt: START + 12 * 60 * MINUTE,
			ip: '203.0.113.7',
			userAgent: 'curl/8.11.0',
		})
		expect(await listApiTokens(idle.user.id)).toEqual([])
		await purgeExpiredApiTokens()
		const left = await getDb().selectFrom('api_tokens').select('user_id').where('user_id', 'in', [idle.user.id, busy.user.id]).execute()
		expect(left).toEqual([{ user_id: busy.user.id }])
	})

	test('a token of a locked user does not work; the lock of unused accounts deletes it', async () => {
		const { token, user } = await newToken()
		await getDb()
			.updateTable('users')
			.set({ created_at: START - 400 * 24 * 60 * MINUTE, last_sign_in_at: START - 400 * 24 * 60 * MINUTE })
			.where('id', '=', user.id)
			.execute()
		expect(await lockInactiveAccounts({ days: 365, now: START })).toContain(user.id)
		expect(await works(token)).toBe(false)
		expect(await getDb().selectFrom('api_tokens').select('id').where('user_id', '=', user.id).execute()).toEqual([])
	})
})

describe('with TOKEN_IDLE_MINUTES=1 and TOKEN_MAX_HOURS=1', () => {
	beforeEach(() => {
		process.env.TOKEN_IDLE_MINUTES = '1'
		process.env.TOKEN_MAX_HOURS = '1'
		resetSingleton('config')
	})

	test('the resolution is a quarter of the idle timeout; a token used every 40 seconds lives its hour', async () => {
		expect(lastUsedResolutionMs(MINUTE)).toBe(15 * SECOND)
		const { token } = await newToken()
		for (let offset = 40 * SECOND; offset < 60 * MINUTE; offset += 40 * SECOND) {
			at(offset)
			expect({ offset, works: await works(token) }).toEqual({ offset, works: true })
		}
		at(60 * MINUTE)
		expect(await works(token)).toBe(false)
	})

	test('unused for 75 seconds after a written use, it is refused', async () => {
		const { token } = await newToken()
		at(20 * SECOND)
		expect(await works(token)).toBe(true)
		at(20 * SECOND + 75 * SECOND)
		expect(await works(token)).toBe(false)
	})
})
