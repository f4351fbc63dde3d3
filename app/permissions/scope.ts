import { PROVINCES, type ProvinceCode } from '~/catalogs/provinces'
import type { Action } from './actions'
import { can, type Grants } from './grants'

/**
 * Regional scope (decision 0052). A user holds a role either everywhere or in a set of provinces; for a
 * function and an action they hold it in the union of the provinces of their assignments that carry it.
 */

/** The provinces a grant holds in, by code (app/catalogs/provinces.ts), sorted; null: everywhere. An empty list: nowhere. */
export type ProvinceScope = readonly string[] | null

export const EVERYWHERE: ProvinceScope = null

/** One role given to a user, everywhere (`provinces: null`) or in those provinces (never an empty list). */
export interface RoleAssignment {
	roleId: number
	provinces: readonly ProvinceCode[] | null
}

const PROVINCE_CODES = new Set<string>(PROVINCES.map((province) => province.code))

export function isProvinceCode(value: unknown): value is ProvinceCode {
	return typeof value === 'string' && PROVINCE_CODES.has(value)
}

/** Province codes without repeats, in one order (so equal scopes compare and key equal). */
export function normalizeProvinces(codes: Iterable<ProvinceCode>): ProvinceCode[] {
	return [...new Set(codes)].sort()
}

/** Where a user holds `action` on `functionCode`, from their assignments and what each role grants. */
export function scopeOf(
	assignments: readonly RoleAssignment[],
	grantsOfRole: (roleId: number) => Grants,
	functionCode: string,
	action: Action,
): ProvinceScope {
	const provinces = new Set<ProvinceCode>()
	for (const assignment of assignments) {
		if (!can(grantsOfRole(assignment.roleId), functionCode, action)) continue
		if (assignment.provinces === null) return EVERYWHERE
		for (const province of assignment.provinces) provinces.add(province)
	}
	return normalizeProvinces(provinces)
}

export function isEverywhere(scope: ProvinceScope): scope is null {
	return scope === null
}

/** Whether a record in `province` (null: a tool without a station) lies in the scope. */
export function inScope(scope: ProvinceScope, province: string | null | undefined): boolean {
	if (scope === null) return true
	return province != null && scope.includes(province)
}

/** Whether `inner` lies wholly within `outer`. */
export function scopeWithin(inner: ProvinceScope, outer: ProvinceScope): boolean {
	if (outer === null) return true
	if (inner === null) return false
	return inner.every((province) => outer.includes(province))
}

/** Where both scopes hold. */
export function scopeIntersection(a: ProvinceScope, b: ProvinceScope): ProvinceScope {
	if (a === null) return b
	if (b === null) return a
	return a.filter((province) => b.includes(province))
}

/** A short key for caches kept per scope: `*` for everywhere. */
export function scopeKey(scope: ProvinceScope): string {
	return scope === null ? '*' : scope.join(',')
}

/** The provinces a province filter offers: all of them everywhere, else the scope's. */
export function provincesIn<Province extends { code: string }>(scope: ProvinceScope, provinces: readonly Province[]): Province[] {
	return scope === null ? [...provinces] : provinces.filter((province) => inScope(scope, province.code))
}
