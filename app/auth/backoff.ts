/** Failed sign-ins an account gets for free before its first lock. */
export const FREE_FAILURES = 5
export const FIRST_LOCK_SECONDS = 60
export const MAX_LOCK_SECONDS = 60 * 60

/** How long the account's `lockNumber`-th lock (1 for the first) lasts: doubling, capped. */
export function lockSeconds(lockNumber: number): number {
	const doublings = Math.max(0, Math.min(lockNumber - 1, 30))
	return Math.min(FIRST_LOCK_SECONDS * 2 ** doublings, MAX_LOCK_SECONDS)
}
