/**
 * Keeps one instance per process even when a module is evaluated twice
 * (the dev server's rebuilds, or the CLI importing alongside tests).
 */
export function singleton<Value>(name: string, create: () => Value): Value {
	const store = globalThis as unknown as { __staffPortalSingletons?: Map<string, unknown> }
	store.__staffPortalSingletons ??= new Map()
	if (!store.__staffPortalSingletons.has(name)) {
		store.__staffPortalSingletons.set(name, create())
	}
	return store.__staffPortalSingletons.get(name) as Value
}

export function resetSingleton(name: string) {
	const store = globalThis as unknown as { __staffPortalSingletons?: Map<string, unknown> }
	store.__staffPortalSingletons?.delete(name)
}

/** Forgets every instance: the next use creates it again (a test file starting on its own database in a reused process). */
export function resetSingletons() {
	const store = globalThis as unknown as { __staffPortalSingletons?: Map<string, unknown> }
	store.__staffPortalSingletons?.clear()
}
