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

/**
 * Grants from the rows of the user's roles. `codeOf` names the enabled functions by id: a grant on a
 * disabled or unknown function counts for nothing.
 */
export function grantsFromRows(
	rows: ReadonlyArray<{ all_access: number; function_id: number | null; action: string | null }>,
	codeOf: (functionId: number) => string | undefined,
): Grants {
	const byFunction = new Map<string, Set<Action>>()
	let allAccess = false
	for (const row of rows) {
		if (row.all_access) allAccess = true
		const code = row.function_id === null ? undefined : codeOf(row.function_id)
		if (code && row.action) {
			let actions = byFunction.get(code)
			if (!actions) byFunction.set(code, (actions = new Set()))
			actions.add(row.action as Action)
		}
	}
	return { allAccess, byFunction }
}
