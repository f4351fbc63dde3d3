import { RateLimiterPostgres, RateLimiterSQLite, type RateLimiterAbstract, type RateLimiterRes } from 'rate-limiter-flexible'
import { getDatabase, type DatabaseHandle } from '~/db/db.server'
import { singleton } from '~/utils/singleton.server'

/** Failed sign-ins allowed per account and address in the window. */
export const ACCOUNT_FAILURES = 5
/** Failed sign-ins allowed per address, whatever the account: high enough for a corporate NAT. */
export const ADDRESS_FAILURES = 100
export const WINDOW_SECONDS = 15 * 60

function createLimiter(handle: DatabaseHandle, keyPrefix: string, points: number): Promise<RateLimiterAbstract> {
	return new Promise((resolve, reject) => {
		const options = { keyPrefix, points, duration: WINDOW_SECONDS, tableName: 'rate_limits_' + keyPrefix }
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
		const [account, address] = await Promise.all([
			createLimiter(handle, 'signin_account', ACCOUNT_FAILURES),
			createLimiter(handle, 'signin_address', ADDRESS_FAILURES),
		])
		return { account, address }
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
