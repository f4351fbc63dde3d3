import { singleton } from '~/utils/singleton.server'

/**
 * What this instance knows of functions, roles and grants at one `access_version` (migration 0006:
 * the database moves it on every write to those tables). Everything derived from them — the indexed
 * function tree, each role set's grants, menus, serialised API answers — is kept here and dropped as a
 * whole when the version moves, so a request costs one primary-key read to know its cache still holds,
 * and a change made anywhere takes effect on every instance's next request.
 */
export interface AccessSnapshot {
	version: number
	/** The value for `key`, computed once per version (a failed computation is not kept). */
	remember<Value>(key: string, compute: () => Promise<Value>): Promise<Value>
	rememberSync<Value>(key: string, compute: () => Value): Value
}

/** Distinct role sets × languages stay few; the bound only guards memory against the unexpected. */
const MAX_ENTRIES = 256

function createSnapshot(version: number): AccessSnapshot {
	const entries = new Map<string, unknown>()
	const store = (key: string, value: unknown) => {
		if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value as string)
		entries.set(key, value)
	}
	return {
		version,
		remember<Value>(key: string, compute: () => Promise<Value>) {
			if (entries.has(key)) return entries.get(key) as Promise<Value>
			const pending = compute()
			store(key, pending)
			pending.catch(() => {
				if (entries.get(key) === pending) entries.delete(key)
			})
			return pending
		},
		rememberSync<Value>(key: string, compute: () => Value) {
			if (entries.has(key)) return entries.get(key) as Value
			const value = compute()
			store(key, value)
			return value
		},
	}
}

const current = singleton('access-snapshot', () => ({ snapshot: null as AccessSnapshot | null }))

/**
 * The snapshot for a version just read from the database. Read the version before anything derived
 * from it, so what a snapshot holds is never older than its version.
 */
export function accessSnapshotAt(version: number): AccessSnapshot {
	if (current.snapshot?.version !== version) current.snapshot = createSnapshot(version)
	return current.snapshot
}
