/** What a role may do on a function. `view` is also what puts the function in the menu. */
export const ACTIONS = ['view', 'create', 'update', 'delete', 'export', 'import'] as const
export type Action = (typeof ACTIONS)[number]

export function isAction(value: unknown): value is Action {
	return typeof value === 'string' && (ACTIONS as readonly string[]).includes(value)
}
