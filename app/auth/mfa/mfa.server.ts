import { getDb, type DB } from '~/db/db.server'
import { logger } from '~/utils/logger.server'
import { normaliseRecoveryCode, newRecoveryCodes } from './recovery-codes.server'
import { decryptSecret, encryptSecret, recoveryCodeHashes } from './secret-box.server'
import { looksLikeTotpCode, matchTotpStep, newTotpSecret } from './totp.server'

/**
 * A user's second factor: a TOTP key (encrypted at rest, see secret-box) and ten recovery codes (hashed).
 * Nothing here knows about HTTP; every check that accepts a code also uses it up, atomically.
 */

export type SecondFactorState =
	| { status: 'none' }
	/** Being set up: the key is shown until a first code confirms it. */
	| { status: 'pending'; secret: string }
	| { status: 'active'; confirmedAt: number; recoveryCodesLeft: number }

/** The encryption context of a user's key: a key copied into another user's row does not decrypt. */
const context = (userId: number) => `user_mfa:${userId}`

/** Users whose unreadable key this process has logged already: one line per user and process. */
const reportedUnreadable = new Set<number>()

/**
 * Opens a user's stored key. A key no configured SESSION_SECRET opens (a database restored where the
 * secret differs, an old secret dropped from the list) makes every code of that user wrong: logged
 * (`mfa.key_unreadable`, warn) once per user and process, so the operator learns why.
 */
function openKey(userId: number, sealed: string): { plain: string; current: boolean } | null {
	const opened = decryptSecret(sealed, context(userId))
	if (!opened && !reportedUnreadable.has(userId)) {
		reportedUnreadable.add(userId)
		logger.warn('mfa.key_unreadable', {
			userId,
			hint: 'SESSION_SECRET does not open this second-factor key: restore the secret the database was made with, or reset the factor (npm run cli -- users:reset-mfa --email E)',
		})
	}
	return opened
}

export interface KeyCheck {
	/** Second-factor keys stored (set up or being set up). */
	total: number
	/** Of them, the keys the configured SESSION_SECRET opens. */
	readable: number
	/** The accounts whose key it does not open. */
	unreadable: { id: number; email: string }[]
}

/** Which stored second-factor keys the configured SESSION_SECRET opens (`db:verify`, `db:restore`). */
export async function checkSecondFactorKeys(db: DB = getDb()): Promise<KeyCheck> {
	const rows = await db
		.selectFrom('user_mfa')
		.innerJoin('users', 'users.id', 'user_mfa.user_id')
		.select(['users.id', 'users.email', 'user_mfa.secret_encrypted'])
		.orderBy('users.id')
		.execute()
	const unreadable = rows.filter((row) => !decryptSecret(row.secret_encrypted, context(row.id))).map(({ id, email }) => ({ id, email }))
	return { total: rows.length, readable: rows.length - unreadable.length, unreadable }
}

export async function getSecondFactor(userId: number, db: DB = getDb()): Promise<SecondFactorState> {
	const row = await db.selectFrom('user_mfa').select(['secret_encrypted', 'confirmed_at']).where('user_id', '=', userId).executeTakeFirst()
	if (!row) return { status: 'none' }
	if (row.confirmed_at === null) {
		const opened = openKey(userId, row.secret_encrypted)
		return opened ? { status: 'pending', secret: opened.plain } : { status: 'none' }
	}
	const left = await db
		.selectFrom('mfa_recovery_codes')
		.select((eb) => eb.fn.countAll<number | string>().as('count'))
		.where('user_id', '=', userId)
		.where('used_at', 'is', null)
		.executeTakeFirstOrThrow()
	return { status: 'active', confirmedAt: Number(row.confirmed_at), recoveryCodesLeft: Number(left.count) }
}

/** Whether the user has a confirmed second factor (sign-in then asks for a code). */
export async function hasSecondFactor(userId: number, db: DB = getDb()): Promise<boolean> {
	const row = await db
		.selectFrom('user_mfa')
		.select('user_id')
		.where('user_id', '=', userId)
		.where('confirmed_at', 'is not', null)
		.executeTakeFirst()
	return Boolean(row)
}

/**
 * Starts (or restarts) setting up a second factor with a new key; returns it, or null when the user
 * already has a confirmed one (turn that off first).
 */
export async function startEnrolment(userId: number, now = Date.now(), db: DB = getDb()): Promise<string | null> {
	const secret = newTotpSecret()
	const sealed = encryptSecret(secret, context(userId))
	return db.transaction().execute(async (trx) => {
		const existing = await trx.selectFrom('user_mfa').select('confirmed_at').where('user_id', '=', userId).executeTakeFirst()
		if (existing?.confirmed_at != null) return null
		if (existing) {
			await trx
				.updateTable('user_mfa')
				.set({ secret_encrypted: sealed, created_at: now, last_used_step: 0 })
				.where('user_id', '=', userId)
				.execute()
		} else {
			await trx.insertInto('user_mfa').values({ user_id: userId, secret_encrypted: sealed, created_at: now, confirmed_at: null }).execute()
		}
		return secret
	})
}

export type ConfirmResult = { ok: true; recoveryCodes: string[] } | { ok: false; reason: 'notStarted' | 'invalidCode' }

/** Confirms the key being set up with a first code from the app; gives the ten recovery codes, shown once. */
export async function confirmEnrolment(userId: number, code: string, now = Date.now(), db: DB = getDb()): Promise<ConfirmResult> {
	return db.transaction().execute(async (trx): Promise<ConfirmResult> => {
		const row = await trx
			.selectFrom('user_mfa')
			.select(['secret_encrypted', 'confirmed_at'])
			.where('user_id', '=', userId)
			.executeTakeFirst()
		if (!row || row.confirmed_at !== null) return { ok: false, reason: 'notStarted' }
		const opened = openKey(userId, row.secret_encrypted)
		if (!opened) return { ok: false, reason: 'notStarted' }
		const step = matchTotpStep(opened.plain, code, now)
		if (step === null) return { ok: false, reason: 'invalidCode' }
		const confirmed = await trx
			.updateTable('user_mfa')
			.set({
				confirmed_at: now,
				last_used_step: step,
				...(opened.current ? {} : { secret_encrypted: encryptSecret(opened.plain, context(userId)) }),
			})
			.where('user_id', '=', userId)
			.where('confirmed_at', 'is', null)
			.executeTakeFirst()
		if (Number(confirmed.numUpdatedRows) !== 1) return { ok: false, reason: 'notStarted' }
		return { ok: true, recoveryCodes: await storeRecoveryCodes(trx, userId, now) }
	})
}

async function storeRecoveryCodes(db: DB, userId: number, now: number): Promise<string[]> {
	const codes = newRecoveryCodes()
	await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute()
	await db
		.insertInto('mfa_recovery_codes')
		.values(
			codes.map((code) => ({
				user_id: userId,
				code_hash: recoveryCodeHashes(normaliseRecoveryCode(code)!)[0]!,
				created_at: now,
				used_at: null,
			})),
		)
		.execute()
	return codes
}

/** New recovery codes for a user with a confirmed second factor (the old ones stop working); null without one. */
export async function replaceRecoveryCodes(userId: number, now = Date.now(), db: DB = getDb()): Promise<string[] | null> {
	return db.transaction().execute(async (trx) => {
		if (!(await hasSecondFactor(userId, trx))) return null
		return storeRecoveryCodes(trx, userId, now)
	})
}

export type CodeCheck = { ok: true; method: 'totp' | 'recovery' } | { ok: false }

/**
 * Checks a code against the user's confirmed second factor and uses it up: a TOTP code of a time step
 * no newer than the last one accepted is refused (one code, one use), a recovery code is marked used.
 * Six digits are read as a TOTP code, anything else as a recovery code.
 */
export async function acceptSecondFactorCode(userId: number, code: string, now = Date.now(), db: DB = getDb()): Promise<CodeCheck> {
	const input = code.trim()
	if (input.length > 64) return { ok: false }
	if (looksLikeTotpCode(input)) return (await acceptTotpCode(userId, input, now, db)) ? { ok: true, method: 'totp' } : { ok: false }
	return (await acceptRecoveryCode(userId, input, now, db)) ? { ok: true, method: 'recovery' } : { ok: false }
}

async function acceptTotpCode(userId: number, code: string, now: number, db: DB): Promise<boolean> {
	const row = await db
		.selectFrom('user_mfa')
		.select(['secret_encrypted', 'last_used_step'])
		.where('user_id', '=', userId)
		.where('confirmed_at', 'is not', null)
		.executeTakeFirst()
	if (!row) return false
	const opened = openKey(userId, row.secret_encrypted)
	if (!opened) return false
	const step = matchTotpStep(opened.plain, code, now)
	if (step === null || step <= Number(row.last_used_step)) return false
	// Conditional on the step: of two requests with the same code, only one moves it on.
	const used = await db
		.updateTable('user_mfa')
		.set({ last_used_step: step, ...(opened.current ? {} : { secret_encrypted: encryptSecret(opened.plain, context(userId)) }) })
		.where('user_id', '=', userId)
		.where('last_used_step', '<', step)
		.where('confirmed_at', 'is not', null)
		.executeTakeFirst()
	return Number(used.numUpdatedRows) === 1
}

async function acceptRecoveryCode(userId: number, code: string, now: number, db: DB): Promise<boolean> {
	const normalised = normaliseRecoveryCode(code)
	if (!normalised) return false
	if (!(await hasSecondFactor(userId, db))) return false
	const candidate = await db
		.selectFrom('mfa_recovery_codes')
		.select('id')
		.where('user_id', '=', userId)
		.where('code_hash', 'in', recoveryCodeHashes(normalised))
		.where('used_at', 'is', null)
		.executeTakeFirst()
	if (!candidate) {
		await reportUnreadableKey(userId, db)
		return false
	}
	const used = await db
		.updateTable('mfa_recovery_codes')
		.set({ used_at: now })
		.where('id', '=', candidate.id)
		.where('used_at', 'is', null)
		.executeTakeFirst()
	return Number(used.numUpdatedRows) === 1
}

/** Recovery codes are HMACs under SESSION_SECRET too: a refused one may be a right one under another secret, which the key tells. */
async function reportUnreadableKey(userId: number, db: DB) {
	if (reportedUnreadable.has(userId)) return
	const row = await db.selectFrom('user_mfa').select('secret_encrypted').where('user_id', '=', userId).executeTakeFirst()
	if (row) openKey(userId, row.secret_encrypted)
}

/** Removes the user's second factor and recovery codes (turned off by the user, or reset by an administrator). */
export async function removeSecondFactor(userId: number, db: DB = getDb()): Promise<boolean> {
	const removed = await db.deleteFrom('user_mfa').where('user_id', '=', userId).executeTakeFirst()
	await db.deleteFrom('mfa_recovery_codes').where('user_id', '=', userId).execute()
	await db.deleteFrom('mfa_pending_sign_ins').where('user_id', '=', userId).execute()
	return Number(removed.numDeletedRows) > 0
}
