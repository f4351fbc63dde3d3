import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible'
import { getDatabase, type DatabaseHandle } from '~/db/db.server'
import type { Email } from '~/users/email.server'
import { singleton } from '~/utils/singleton.server'
import { FREE_FAILURES, lockSeconds } from './backoff'

/** Failed sign-ins allowed per account, whatever the address, before it is locked (see ./backoff). */
export const ACCOUNT_FAILURES = FREE_FAILURES
/**
 * Failed sign-ins allowed per account from one address in the window, fewer than two rounds of the
 * account's limit: the address that keeps guessing after the account's lock ends is held back for the
 * rest of the window, while the owner, from another address, can sign in.
 */
export const ACCOUNT_ADDRESS_FAILURES = FREE_FAILURES + 3
/** Failed sign-ins allowed per address, whatever the account: high enough for a corporate NAT. */
export const ADDRESS_FAILURES = 100
export const WINDOW_SECONDS = 15 * 60
/** A locked account's count: far above the limit, so points given back by refused attempts cannot reopen it. */
const LOCKED_POINTS = 1_000_000
/** Locks of one account are counted for a day to double the next one. */
const LOCK_MEMORY_SECONDS = 24 * 60 * 60

/** Password-reset emails per account per hour, and per address per hour. */
export const RESET_ACCOUNT_REQUESTS = 3
export const RESET_ADDRESS_REQUESTS = 30
const RESET_WINDOW_SECONDS = 60 * 60

function createLimiter(handle: DatabaseHandle, keyPrefix: string, points: number, duration = WINDOW_SECONDS): Promise<RateLimiterAbstract> {
	return new Promise((resolve, reject) => {
		const options = { keyPrefix, points, duration, tableName: 'rate_limits_' + keyPrefix }
		let limiter: RateLimiterAbstract
		const ready = (error?: unknown) => (error ? reject(error) : resolve(limiter))
		if (handle.driver.kind === 'sqlite') {
			limiter = new RateLimiterSQLite(
				{ ...options, storeClient: handle.driver.client, storeType: 'better-sqlite3', clearExpiredByTimeout: false },
				ready,
			)
		} else {
			limiter = new RateLimiterPostgres({ ...options, storeClient: handle.driver.pool, clearExpiredByTimeout: false }, ready)
		}
	})
}

function limiters() {
	return singleton('sign-in-limiters', async () => {
		const handle = getDatabase()
		const [
			account,
			locks,
			accountAddress,
			address,
			throttleAudit,
			resetAccount,
			resetAddress,
			codeAccount,
			codeLocks,
			codeAccountAddress,
			codeThrottleAudit,
		] = await Promise.all([
			createLimiter(handle, 'signin_account', ACCOUNT_FAILURES),
			createLimiter(handle, 'signin_locks', Number.MAX_SAFE_INTEGER, LOCK_MEMORY_SECONDS),
			createLimiter(handle, 'signin_account_address', ACCOUNT_ADDRESS_FAILURES),
			createLimiter(handle, 'signin_address', ADDRESS_FAILURES),
			createLimiter(handle, 'signin_throttle_audit', 1),
			createLimiter(handle, 'reset_account', RESET_ACCOUNT_REQUESTS, RESET_WINDOW_SECONDS),
			createLimiter(handle, 'reset_address', RESET_ADDRESS_REQUESTS, RESET_WINDOW_SECONDS),
			createLimiter(handle, 'mfa_account', ACCOUNT_FAILURES),
			createLimiter(handle, 'mfa_locks', Number.MAX_SAFE_INTEGER, LOCK_MEMORY_SECONDS),
			createLimiter(handle, 'mfa_account_address', ACCOUNT_ADDRESS_FAILURES),
			createLimiter(handle, 'mfa_throttle_audit', 1),
		])
		return {
			resetAccount,
			resetAddress,
			signIn: { account, locks, accountAddress, address, throttleAudit },
			// Second-factor codes have counts of their own (a right password must not wipe the failed codes)
			// and share the address's count with passwords.
			code: { account: codeAccount, locks: codeLocks, accountAddress: codeAccountAddress, address, throttleAudit: codeThrottleAudit },
		}
	})
}

interface AttemptLimiters {
	account: RateLimiterAbstract
	locks: RateLimiterAbstract
	accountAddress: RateLimiterAbstract
	address: RateLimiterAbstract
	throttleAudit: RateLimiterAbstract
}

/**
 * An account's keys are its canonical email (one key however the address was typed) or, for codes, its
 * user id. They never depend on whether the account exists, so throttling reveals nothing about it.
 */
function keys(account: Email | `user:${number}`, ip: string | null) {
	const address = ip ?? 'unknown'
	return { account, address, accountAddress: `${account}|${address}` }
}

function seconds(ms: number) {
	return Math.max(1, Math.ceil(ms / 1000))
}

export type SignInAttempt =
	| { allowed: true }
	/** `firstInWindow`: the first refusal for this account and address in the window, the one worth an audit row. */
	| { allowed: false; retryAfter: number; firstInWindow: boolean }

/**
 * Counts a sign-in attempt before the password is checked, so concurrent attempts cannot slip past the
 * limit: each one atomically takes a point from the account, the account+address and the address, and
 * gives back what it took when one of them refuses. The attempt that first goes over the account's
 * limit locks the account, each lock twice as long as the last. Call `signInSucceeded` when the
 * password was right.
 */
export async function beginSignInAttempt(email: Email, ip: string | null): Promise<SignInAttempt> {
	return beginAttempt((await limiters()).signIn, keys(email, ip))
}

/**
 * Counts an attempt at a second-factor code, before it is checked, with the same limits and back-off as
 * passwords (per account, per account and address, per address). Call `codeSucceeded` when it was right.
 */
export async function beginCodeAttempt(userId: number, ip: string | null): Promise<SignInAttempt> {
	return beginAttempt((await limiters()).code, keys(`user:${userId}`, ip))
}

/** A right code: the account's failed codes and back-off are forgotten, the address gets its point back. */
export async function codeSucceeded(userId: number, ip: string | null) {
	const limiter = (await limiters()).code
	const key = keys(`user:${userId}`, ip)
	await Promise.all([
		limiter.account.delete(key.account),
		limiter.locks.delete(key.account),
		limiter.accountAddress.delete(key.accountAddress),
		limiter.address.reward(key.address, 1),
	])
}

async function beginAttempt(limiter: AttemptLimiters, key: ReturnType<typeof keys>): Promise<SignInAttempt> {
	const [account, accountAddress, address] = await Promise.allSettled([
		limiter.account.consume(key.account),
		limiter.accountAddress.consume(key.accountAddress),
		limiter.address.consume(key.address),
	])
	const waits: number[] = []
	for (const result of [accountAddress, address]) {
		if (result.status === 'rejected') waits.push(refusal(result.reason).msBeforeNext)
	}
	if (account.status === 'rejected') {
		const state = refusal(account.reason)
		if (state.consumedPoints === ACCOUNT_FAILURES + 1) {
			const lock = await limiter.locks.consume(key.account)
			const lockMs = lockSeconds(lock.consumedPoints) * 1000
			await limiter.account.set(key.account, LOCKED_POINTS, lockMs / 1000)
			waits.push(lockMs)
		} else {
			waits.push(state.msBeforeNext)
		}
	}
	if (waits.length === 0) return { allowed: true }
	// A refused attempt checks no password, so it is no failure: the limits that let it through get their point back.
	await Promise.all(
		(
			[
				[account, limiter.account, key.account],
				[accountAddress, limiter.accountAddress, key.accountAddress],
				[address, limiter.address, key.address],
			] as const
		)
			.filter(([result]) => result.status === 'fulfilled')
			.map(([, which, id]) => which.reward(id, 1)),
	)
	const [audit] = await Promise.allSettled([limiter.throttleAudit.consume(key.accountAddress)])
	if (audit.status === 'rejected') refusal(audit.reason)
	const firstInWindow = audit.status === 'fulfilled'
	return { allowed: false, retryAfter: seconds(Math.max(...waits)), firstInWindow }
}

/** The limiter rejects with its state when over the limit; anything else is a store failure. */
function refusal(reason: unknown): RateLimiterRes {
	if (reason instanceof Error) throw reason
	return reason as RateLimiterRes
}

/** A right password: the account's failures and back-off are forgotten, the address gets its point back. */
export async function signInSucceeded(email: Email, ip: string | null) {
	const limiter = (await limiters()).signIn
	const key = keys(email, ip)
	await Promise.all([clearAccountBackOff(email, ip), limiter.address.reward(key.address, 1)])
}

/** Ends the account's lock and back-off, e.g. once its owner has reset the password. */
export async function clearAccountBackOff(email: Email, ip: string | null) {
	const limiter = (await limiters()).signIn
	const key = keys(email, ip)
	await Promise.all([
		limiter.account.delete(key.account),
		limiter.locks.delete(key.account),
		limiter.accountAddress.delete(key.accountAddress),
	])
}

/**
 * Counts a password-reset request; seconds to wait when the account or the address has asked too
 * often (the answer the user sees stays the same, so this reveals nothing about the account).
 */
export async function passwordResetRetryAfter(email: Email, ip: string | null): Promise<number | null> {
	const { resetAccount, resetAddress } = await limiters()
	const key = keys(email, ip)
	const results = await Promise.allSettled([resetAccount.consume(key.account), resetAddress.consume(key.address)])
	const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
	if (refused.length === 0) return null
	const waits = refused.map((result) => (result.reason as RateLimiterRes).msBeforeNext ?? RESET_WINDOW_SECONDS * 1000)
	return Math.max(1, Math.ceil(Math.max(...waits) / 1000))
}
