import type { Action } from './actions'

/** What one user may do: read once per request, asked many times. */
export interface Grants {
	/** Holds a role with every action on every function. */
	allAccess: boolean
	byFunction: ReadonlyMap<string, ReadonlySet<Action>>
}

export const NO_GRANTS: Grants = { allAccess: false, byFunction: new Map() }

export function can(grants: Grants, functionCode: string, action: Action = 'view'): boolean {
	return grants.allAccess || (grants.byFunction.get(functionCode)?.has(action) ?? false)
}

export function grantsFromRows(rows: ReadonlyArray<{ all_access: number; code: string | null; action: string | null }>): Grants {
	const byFunction = new Map<string, Set<Action>>()
	let allAccess = false
	for (const row of rows) {
		if (row.all_access) allAccess = true
		if (row.code && row.action) {
			let actions = byFunction.get(row.code)
			if (!actions) byFunction.set(row.code, (actions = new Set()))
			actions.add(row.action as Action)
		}
	}
	return { allAccess, byFunction }
}
