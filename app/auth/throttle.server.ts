import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible'
import { getDatabase, type DatabaseHandle } from '~/db/db.server'
import { singleton } from '~/utils/singleton.server'

/** Failed sign-ins allowed per account and address in the window. */
export const ACCOUNT_FAILURES = 5
/** Failed sign-ins allowed per address, whatever the account: high enough for a corporate NAT. */
export const ADDRESS_FAILURES = 100
export const WINDOW_SECONDS = 15 * 60

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
		const [account, address, resetAccount, resetAddress] = await Promise.all([
			createLimiter(handle, 'signin_account', ACCOUNT_FAILURES),
			createLimiter(handle, 'signin_address', ADDRESS_FAILURES),
			createLimiter(handle, 'reset_account', RESET_ACCOUNT_REQUESTS, RESET_WINDOW_SECONDS),
			createLimiter(handle, 'reset_address', RESET_ADDRESS_REQUESTS, RESET_WINDOW_SECONDS),
		])
		return { account, address, resetAccount, resetAddress }
	})
}

function keys(email: string, ip: string | null) {
	const address = ip ?? 'unknown'
	return { account: `${email.trim().toLowerCase()}|${address}`, address }
}

/** Seconds until another attempt is allowed, or null when the caller may try now. */
export async function signInRetryAfter(email: string, ip: string | null): Promise<number | null> {
	const { account, address } = await limiters()
	const key = keys(email, ip)
	const [accountState, addressState] = await Promise.all([account.get(key.account), address.get(key.address)])
	const blocked = [
		[accountState, ACCOUNT_FAILURES],
		[addressState, ADDRESS_FAILURES],
	].filter(([state, limit]) => state && (state as RateLimiterRes).consumedPoints >= (limit as number))
	if (blocked.length === 0) return null
	const waitMs = Math.max(...blocked.map(([state]) => (state as RateLimiterRes).msBeforeNext))
	return Math.max(1, Math.ceil(waitMs / 1000))
}

export async function recordSignInFailure(email: string, ip: string | null) {
	const { account, address } = await limiters()
	const key = keys(email, ip)
	await Promise.all([
		account.penalty(key.account, 1),
		address.penalty(key.address, 1),
	])
}

export async function clearSignInFailures(email: string, ip: string | null) {
	const { account } = await limiters()
	await account.delete(keys(email, ip).account)
}

/**
 * Counts a password-reset request; seconds to wait when the account or the address has asked too
 * often (the answer the user sees stays the same, so this reveals nothing about the account).
 */
export async function passwordResetRetryAfter(email: string, ip: string | null): Promise<number | null> {
	const { resetAccount, resetAddress } = await limiters()
	const key = keys(email, ip)
	const results = await Promise.allSettled([resetAccount.consume(email.trim().toLowerCase()), resetAddress.consume(key.address)])
	const refused = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected')
	if (refused.length === 0) return null
	const waits = refused.map((result) => (result.reason as RateLimiterRes).msBeforeNext ?? RESET_WINDOW_SECONDS * 1000)
	return Math.max(1, Math.ceil(Math.max(...waits) / 1000))
}
