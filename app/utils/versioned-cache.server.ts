import { singleton } from './singleton.server'

export interface VersionedCacheOptions {
	/** A value is computed again after this long even when the version stands still. */
	maxAgeMs: number
	/** Beyond this many keys, the one used least recently goes. */
	maxEntries: number
}

export interface VersionedCache {
	/** The value under `key` at `version`: kept, or computed once for everyone asking. */
	get<Value>(key: string, version: number, compute: () => Promise<Value>, now?: number): Promise<Value>
}

interface Entry {
	version: number
	at: number
	value: Promise<unknown>
}

/**
 * Values an instance keeps while a version stands still: a counter the database moves, in the same
 * transaction, on every write that could change them (whoever writes, on any instance). The caller reads
 * the version before computing, so a value is never kept under a version older than the data it saw.
 * `maxAgeMs` bounds what no version tells (a database restored under the running server). Requests that
 * miss at the same time share one computation; a failure is not kept.
 */
export function versionedCache(name: string, { maxAgeMs, maxEntries }: VersionedCacheOptions): VersionedCache {
	const entries = singleton(`versioned-cache:${name}`, () => new Map<string, Entry>())
	return {
		get<Value>(key: string, version: number, compute: () => Promise<Value>, now = Date.now()): Promise<Value> {
			const kept = entries.get(key)
			if (kept) entries.delete(key)
			if (kept && kept.version === version && now - kept.at < maxAgeMs) {
				entries.set(key, kept)
				return kept.value as Promise<Value>
			}
			if (entries.size >= maxEntries) entries.delete(entries.keys().next().value as string)
			const entry: Entry = { version, at: now, value: compute() }
			entries.set(key, entry)
			entry.value.catch(() => {
				if (entries.get(key) === entry) entries.delete(key)
			})
			return entry.value as Promise<Value>
		},
	}
}
