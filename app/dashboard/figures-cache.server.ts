import { versionedCache } from '~/utils/versioned-cache.server'

/**
 * The dashboard's figures, kept by each instance while the catalog version (migration 0008) stands still
 * and for at most MAX_AGE_MS: a page reads one counter, with the user's roles (`Access.catalogVersion`),
 * instead of five queries. Any catalog write, on any instance or behind the app's back, moves the
 * version in its own transaction, so a user sees their own change on their next load; MAX_AGE_MS
 * bounds what nothing would otherwise tell (docs/decisions/0014-dashboard-figures-cache.md).
 * Requests that miss at the same time share one computation.
 */
export const MAX_AGE_MS = 5_000

const figures = versionedCache('dashboard-figures', { maxAgeMs: MAX_AGE_MS, maxEntries: 256 })

/** The figure under `key` at `version`: kept, or computed once for everyone asking. */
export function cachedFigure<Value>(key: string, version: number, compute: () => Promise<Value>, now = Date.now()): Promise<Value> {
	return figures.get(key, version, compute, now)
}
