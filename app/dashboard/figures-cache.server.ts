import { singleton } from '~/utils/singleton.server'

/**
 * The dashboard's figures, kept by each instance while the catalog version (migration 0008) stands still
 * and for at most MAX_AGE_MS: a page reads one counter, with the user's roles (`Access.catalogVersion`),
 * instead of five queries. Any catalog write, on any instance or behind the app's back, moves the
 * version in its own transaction, so a user sees their own change on their next load; MAX_AGE_MS
 * bounds what nothing would otherwise tell (docs/decisions/0014-dashboard-figures-cache.md).
 * Requests that miss at the same time share one computation.
 */
export const MAX_AGE_MS = 5_000
const MAX_ENTRIES = 64

interface Entry {
	version: number
	at: number
	value: Promise<unknown>
}

const entries = singleton('dashboard-figures', () => new Map<string, Entry>())

/** The figure under `key` at `version`: kept, or computed once for everyone asking. */
export function cachedFigure<Value>(key: string, version: number, compute: () => Promise<Value>, now = Date.now()): Promise<Value> {
	const kept = entries.get(key)
	if (kept && kept.version === version && now - kept.at < MAX_AGE_MS) return kept.value as Promise<Value>
	if (!kept && entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
	const entry: Entry = { version, at: now, value: compute() }
	entries.set(key, entry)
	// A failure is not kept: the next page asks again.
	entry.value.catch(() => {
		if (entries.get(key) === entry) entries.delete(key)
	})
	return entry.value as Promise<Value>
}
