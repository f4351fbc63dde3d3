/**
 * What the demo data sets share (stations, tools, staff): realistic records, the same on every run (a seeded
 * pseudo-random generator, fixed dates). Pure: the CLI writes what these functions produce.
 */

/** mulberry32: small, fast, good enough for demo data, and the same sequence everywhere. */
export function randomGenerator(seed: number) {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
	const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!
	/** Picks by weight: `[['a', 3], ['b', 1]]` gives `a` three times as often. */
	const weighted = <T>(items: readonly (readonly [T, number])[]): T => {
		const total = items.reduce((sum, [, weight]) => sum + weight, 0)
		let roll = next() * total
		for (const [item, weight] of items) {
			roll -= weight
			if (roll < 0) return item
		}
		return items[items.length - 1]![0]
	}
	return { next, int, pick, weighted }
}

export function pad(n: number, width: number) {
	return String(n).padStart(width, '0')
}

export function isoDate(year: number, month: number, day: number) {
	return `${year}-${pad(month, 2)}-${pad(day, 2)}`
}

/** Fixed timestamps keep the data set identical from run to run: 2025-01-01 plus a few minutes per row. */
export const BASE_TIME = Date.UTC(2025, 0, 1)
