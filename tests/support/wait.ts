/** Waits until `check()` holds, looking every 100 ms; fails after 15 s (something that never happens, not a slow one). */
export async function until(check: () => boolean | Promise<boolean>, what: string) {
	for (let tries = 0; tries < 150; tries++) {
		if (await check()) return
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
	throw new Error(`${what} did not happen within 15 s`)
}
