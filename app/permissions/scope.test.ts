import { describe, expect, it } from 'vitest'
import { NO_GRANTS, type Grants } from './grants'
import { inScope, isProvinceCode, provincesIn, scopeKey, scopeOf, scopeWithin, type RoleAssignment } from './scope'

const VIEWER = 1
const OPERATOR = 2
const ADMIN = 3
const grantsOf = (roleId: number): Grants =>
	roleId === ADMIN
		? { allAccess: true, byFunction: new Map() }
		: roleId === VIEWER
			? { allAccess: false, byFunction: new Map([['DANHMUC_TRAM', new Set(['view'] as const)]]) }
			: roleId === OPERATOR
				? { allAccess: false, byFunction: new Map([['DANHMUC_TRAM', new Set(['view', 'update'] as const)]]) }
				: NO_GRANTS

describe('scopeOf', () => {
	it('is everywhere when one assignment carrying the action holds everywhere', () => {
		const assignments: RoleAssignment[] = [
			{ roleId: VIEWER, provinces: null },
			{ roleId: OPERATOR, provinces: ['can-tho', 'an-giang'] },
		]
		expect(scopeOf(assignments, grantsOf, 'DANHMUC_TRAM', 'view')).toBeNull()
		expect(scopeOf(assignments, grantsOf, 'DANHMUC_TRAM', 'update')).toEqual(['an-giang', 'can-tho'])
	})

	it('is the union of the provinces of the assignments that carry the action, and nowhere without one', () => {
		const assignments: RoleAssignment[] = [
			{ roleId: VIEWER, provinces: ['ha-noi'] },
			{ roleId: OPERATOR, provinces: ['an-giang', 'ha-noi'] },
		]
		expect(scopeOf(assignments, grantsOf, 'DANHMUC_TRAM', 'view')).toEqual(['an-giang', 'ha-noi'])
		expect(scopeOf(assignments, grantsOf, 'DANHMUC_TRAM', 'delete')).toEqual([])
		expect(scopeOf(assignments, grantsOf, 'CONGCU_LIST', 'view')).toEqual([])
	})

	it('limits a role with all access to its provinces', () => {
		expect(scopeOf([{ roleId: ADMIN, provinces: ['hue'] }], grantsOf, 'CONGCU_LIST', 'delete')).toEqual(['hue'])
	})
})

describe('scope helpers', () => {
	it('tells what lies in a scope', () => {
		expect(inScope(null, 'hue')).toBe(true)
		expect(inScope(null, null)).toBe(true)
		expect(inScope(['hue'], 'hue')).toBe(true)
		expect(inScope(['hue'], 'ha-noi')).toBe(false)
		// A tool without a station is reachable only everywhere.
		expect(inScope(['hue'], null)).toBe(false)
	})

	it('compares scopes', () => {
		expect(scopeWithin(['hue'], null)).toBe(true)
		expect(scopeWithin(null, ['hue'])).toBe(false)
		expect(scopeWithin(['hue', 'ha-noi'], ['ha-noi', 'hue', 'can-tho'])).toBe(true)
		expect(scopeWithin(['hue', 'an-giang'], ['hue'])).toBe(false)
	})

	it('keys, filters and checks province codes', () => {
		expect(scopeKey(null)).toBe('*')
		expect(scopeKey(['an-giang', 'hue'])).toBe('an-giang,hue')
		expect(provincesIn(['hue'], [{ code: 'hue' }, { code: 'ha-noi' }])).toEqual([{ code: 'hue' }])
		expect(provincesIn(null, [{ code: 'hue' }, { code: 'ha-noi' }])).toHaveLength(2)
		expect(isProvinceCode('an-giang')).toBe(true)
		expect(isProvinceCode('atlantis')).toBe(false)
	})
})
