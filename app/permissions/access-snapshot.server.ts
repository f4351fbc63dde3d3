import { getDb, type DB } from '~/db/db.server'
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

export async function readAccessVersion(db: DB = getDb()): Promise<number> {
	const row = await db.selectFrom('access_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow()
	return Number(row.version)
}

/**
 * The snapshot for the version the database holds now. The version is read before anything is
 * derived, so what a snapshot holds is never older than its version.
 */
export async function getAccessSnapshot(db: DB = getDb()): Promise<AccessSnapshot> {
	const version = await readAccessVersion(db)
	if (current.snapshot?.version !== version) current.snapshot = createSnapshot(version)
	return current.snapshot
}
