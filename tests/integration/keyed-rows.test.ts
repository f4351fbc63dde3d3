import { describe, expect, test } from 'vitest'
import { insertUnderNewKey, type KeyedRowTable } from '~/auth/keyed-rows.server'
import { hashSecretToken } from '~/auth/secret-token.server'
import { getDb } from '~/db/db.server'
import { createTestUser } from '../support/users'

/** A row of each table a browser names by a key in a cookie (a kept form, a sign-in waiting for its code). */
const ROWS = {
	kept_forms: (userId: number, createdAt: number, expiresAt: number) => ({
		user_id: userId,
		path: '/contacts/profile',
		fields: '[["displayName","Draft"]]',
		created_at: createdAt,
		expires_at: expiresAt,
	}),
	mfa_pending_sign_ins: (userId: number, createdAt: number, expiresAt: number) => ({
		user_id: userId,
		redirect_to: '/',
		created_at: createdAt,
		expires_at: expiresAt,
		oidc_sid: null,
		oidc_id_token: null,
	}),
} satisfies Record<KeyedRowTable, unknown>

describe.each(Object.keys(ROWS) as KeyedRowTable[])('a row of %s named by a key', (table) => {
	const rowsOf = (userId: number) => getDb().selectFrom(table).select(['id_hash', 'expires_at']).where('user_id', '=', userId).execute()

	test('is stored under the hash of its key only, and storing one deletes the rows that have expired', async () => {
		const { user } = await createTestUser()
		const now = Date.now()
		await insertUnderNewKey(getDb(), table, ROWS[table](user.id, now - 60_000, now - 1), now - 60_000)
		const live = await insertUnderNewKey(getDb(), table, ROWS[table](user.id, now - 1_000, now + 60_000), now - 1_000)
		expect(await rowsOf(user.id)).toHaveLength(2)

		const key = await insertUnderNewKey(getDb(), table, ROWS[table](user.id, now, now + 60_000), now)
		expect(key).toMatch(/^[A-Za-z0-9_-]{43}$/)
		const stored = await rowsOf(user.id)
		expect(stored.map((row) => row.id_hash).sort()).toEqual([hashSecretToken(live), hashSecretToken(key)].sort())
		expect(stored.some((row) => row.id_hash === key)).toBe(false)
	})
})
