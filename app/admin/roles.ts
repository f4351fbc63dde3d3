/** Paths of the role administration (shared by loaders and links). */
export const ROLES_FUNCTION = 'QUANTRI_ROLES'
export const ROLES_PATH = '/admin/roles'
export function roleHref(id: number) {
	return `${ROLES_PATH}/${id}`
}

/** A role's page showing the matrix of one function group (a top-level function and everything under it). */
export function roleGroupHref(id: number, groupId: number) {
	return `${roleHref(id)}?group=${groupId}`
}

/** The page previewing the menu a role gives. */
export function roleMenuHref(id: number) {
	return `${roleHref(id)}/menu`
}

/** The functions in tree order, cut into their top-level groups (a group: a top-level function and everything under it). */
export function matrixGroups<Row extends { depth: number }>(functions: readonly Row[]): Row[][] {
	const groups: Row[][] = []
	for (const fn of functions) {
		if (fn.depth === 0 || groups.length === 0) groups.push([fn])
		else groups.at(-1)!.push(fn)
	}
	return groups
}

/**
 * The functions of a matrix (in tree order, with depths) that the menu shows as a group only: not
 * viewable themselves, but above one that is (see `buildMenu`).
 */
export function impliedGroups(functions: readonly { id: number; depth: number }[], viewable: (id: number) => boolean): Set<number> {
	const implied = new Set<number>()
	const ancestors: { id: number; depth: number }[] = []
	for (const fn of functions) {
		while (ancestors.length > 0 && ancestors.at(-1)!.depth >= fn.depth) ancestors.pop()
		if (viewable(fn.id)) for (const ancestor of ancestors) if (!viewable(ancestor.id)) implied.add(ancestor.id)
		ancestors.push(fn)
	}
	return implied
}
