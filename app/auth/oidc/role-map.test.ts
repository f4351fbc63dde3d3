import { describe, expect, test } from 'vitest'
import { assignmentsForGroups, parseRoleMap } from './role-map'

describe('OIDC_ROLE_MAP', () => {
	test('a group gives a role everywhere or in provinces; a person in several groups gets the union', () => {
		const parsed = parseRoleMap(
			'{"field-ag":"operator@an-giang","field-hn":"operator@ha-noi, an-giang","staff":"viewer","ops":["operator","viewer@hue"]}',
		)
		if (!parsed.ok) throw new Error(parsed.message)
		expect(assignmentsForGroups(parsed.map, ['field-ag', 'field-hn', 'unknown'])).toEqual([
			{ roleCode: 'operator', provinces: ['an-giang', 'ha-noi'] },
		])
		expect(assignmentsForGroups(parsed.map, ['field-ag', 'ops'])).toEqual([
			{ roleCode: 'operator', provinces: null },
			{ roleCode: 'viewer', provinces: ['hue'] },
		])
		expect(assignmentsForGroups(parsed.map, [])).toEqual([])
	})

	test.each([
		['not JSON', '{staff: viewer}', 'must be a JSON object'],
		['an array', '["viewer"]', 'must be a JSON object'],
		['an unknown province', '{"field":"operator@atlantis"}', 'gives group "field" the unknown province "atlantis"'],
		['a malformed role', '{"field":"oper ator"}', 'gives group "field" "oper ator"'],
		['two @', '{"field":"operator@hue@hue"}', 'gives group "field" "operator@hue@hue"'],
		['a number', '{"field":7}', 'gives group "field" something that is not a string'],
	])('%s is refused with a message naming the value', (_case, value, message) => {
		const parsed = parseRoleMap(value)
		expect(parsed.ok ? '' : parsed.message).toContain(message)
	})
})
