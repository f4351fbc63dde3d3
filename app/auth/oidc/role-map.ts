import { PROVINCES } from '~/catalogs/provinces'

/** A role the directory gives: everywhere (`provinces` null) or in these provinces only. */
export interface DirectoryAssignment {
	roleCode: string
	provinces: string[] | null
}

/** OIDC_ROLE_MAP parsed: each directory group to the assignments it gives. */
export type RoleMap = ReadonlyMap<string, readonly DirectoryAssignment[]>

const PROVINCE_CODES = new Set<string>(PROVINCES.map((province) => province.code))
const ROLE_CODE = /^[A-Za-z0-9_.-]{1,64}$/

/** `role` or `role@province,province` → an assignment; a message naming the bad value otherwise. */
function parseAssignment(group: string, text: string): DirectoryAssignment | string {
	const [roleCode = '', places, ...rest] = text.trim().split('@')
	if (!ROLE_CODE.test(roleCode) || rest.length > 0)
		return `gives group "${group}" "${text}", which is not a role code or role@province,province`
	if (places === undefined) return { roleCode, provinces: null }
	const provinces = [...new Set(places.split(',').map((place) => place.trim()))]
	const unknown = provinces.find((code) => !PROVINCE_CODES.has(code))
	if (unknown !== undefined) return `gives group "${group}" the unknown province "${unknown}" (province codes such as an-giang, ha-noi)`
	return { roleCode, provinces: provinces.sort() }
}

/**
 * Parses OIDC_ROLE_MAP: a JSON object from a group to `role` or `role@province,…` (or a list of them).
 * Role codes are checked against the database at start-up (`unknownMappedRoles`), provinces here.
 */
export function parseRoleMap(json: string): { ok: true; map: RoleMap } | { ok: false; message: string } {
	let value: unknown
	try {
		value = JSON.parse(json)
	} catch {
		return { ok: false, message: 'must be a JSON object such as {"field-ag":"operator@an-giang","staff":"viewer"}' }
	}
	if (typeof value !== 'object' || value === null || Array.isArray(value)) {
		return { ok: false, message: 'must be a JSON object such as {"field-ag":"operator@an-giang","staff":"viewer"}' }
	}
	const map = new Map<string, DirectoryAssignment[]>()
	for (const [group, given] of Object.entries(value)) {
		const texts: unknown[] = Array.isArray(given) ? given : [given]
		const assignments: DirectoryAssignment[] = []
		for (const text of texts) {
			if (typeof text !== 'string') return { ok: false, message: `gives group "${group}" something that is not a string` }
			const assignment = parseAssignment(group, text)
			if (typeof assignment === 'string') return { ok: false, message: assignment }
			assignments.push(assignment)
		}
		map.set(group, assignments)
	}
	return { ok: true, map }
}

/** Every role code the map names. */
export function mappedRoleCodes(map: RoleMap): string[] {
	return [...new Set([...map.values()].flat().map((assignment) => assignment.roleCode))].sort()
}

/**
 * The assignments a member of `groups` gets, one per role: everywhere when any of the user's groups gives the
 * role everywhere, else the union of the provinces the groups give.
 */
export function assignmentsForGroups(map: RoleMap, groups: readonly string[]): DirectoryAssignment[] {
	const byRole = new Map<string, Set<string> | null>()
	for (const group of new Set(groups)) {
		for (const { roleCode, provinces } of map.get(group) ?? []) {
			const known = byRole.get(roleCode)
			if (provinces === null || known === null) byRole.set(roleCode, null)
			else byRole.set(roleCode, new Set([...(known ?? []), ...provinces]))
		}
	}
	return [...byRole]
		.map(([roleCode, provinces]) => ({ roleCode, provinces: provinces === null ? null : [...provinces].sort() }))
		.sort((a, b) => a.roleCode.localeCompare(b.roleCode))
}
