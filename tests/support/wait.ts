/**
 * Waits until `check()` holds, looking every 100 ms (or `intervalMs`); fails after 15 s (or `timeoutMs`) of
 * looking: something that never happens, not a slow one. A check that throws ends the wait with its error.
 */
export async function until(
	check: () => boolean | Promise<boolean>,
	what: string,
	{ timeoutMs = 15_000, intervalMs = 100 }: { timeoutMs?: number; intervalMs?: number } = {},
) {
	const tries = Math.ceil(timeoutMs / intervalMs)
	for (let tried = 0; tried < tries; tried++) {
		if (await check()) return
		await new Promise((resolve) => setTimeout(resolve, intervalMs))
	}
	throw new Error(`${what} did not happen within ${timeoutMs / 1000} s`)
}
