import { describe, expect, test } from 'vitest'
import { ConfigError, parseEnv } from '~/config.server'
import { assignmentsForGroups, parseRoleMap } from './role-map'

function problemsOf(env: Record<string, string>): string[] {
	try {
		parseEnv(env)
		return []
	} catch (error) {
		if (error instanceof ConfigError) return error.problems
		throw error
	}
}

const SSO = { OIDC_ISSUER: 'https://login.example.com/realms/staff', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 's3cret', PUBLIC_URL: 'https://portal.example.com' }

describe('OIDC_ROLE_MAP', () => {
	test('a group gives a role everywhere or in provinces; a person in several groups gets the union', () => {
		const parsed = parseRoleMap('{"field-ag":"operator@an-giang","field-hn":"operator@ha-noi, an-giang","staff":"viewer","ops":["operator","viewer@hue"]}')
		if (!parsed.ok) throw new Error(parsed.message)
		expect(assignmentsForGroups(parsed.map, ['field-ag', 'field-hn', 'unknown'])).toEqual([{ roleCode: 'operator', provinces: ['an-giang', 'ha-noi'] }])
		expect(assignmentsForGroups(parsed.map, ['field-ag', 'ops'])).toEqual([
			{ roleCode: 'operator', provinces: null },
			{ roleCode: 'viewer', provinces: ['hue'] },
		])
		expect(assignmentsForGroups(parsed.map, [])).toEqual([])
	})

	test.each([
		['not JSON', '{staff: viewer}', 'OIDC_ROLE_MAP must be a JSON object'],
		['an array', '["viewer"]', 'OIDC_ROLE_MAP must be a JSON object'],
		['an unknown province', '{"field":"operator@atlantis"}', 'OIDC_ROLE_MAP gives group "field" the unknown province "atlantis"'],
		['a malformed role', '{"field":"oper ator"}', 'OIDC_ROLE_MAP gives group "field" "oper ator"'],
		['two @', '{"field":"operator@hue@hue"}', 'OIDC_ROLE_MAP gives group "field" "operator@hue@hue"'],
		['a number', '{"field":7}', 'OIDC_ROLE_MAP gives group "field" something that is not a string'],
	])('%s stops start-up with a message naming the variable and the value', (_case, value, message) => {
		expect(problemsOf({ ...SSO, OIDC_ROLE_MAP: value }).join('\n')).toContain(message)
	})
})

describe('single sign-on settings', () => {
	test('need the client and PUBLIC_URL, and an https issuer (plain http on this machine only)', () => {
		expect(problemsOf({ OIDC_ISSUER: SSO.OIDC_ISSUER })).toEqual([
			'OIDC_CLIENT_ID is required when OIDC_ISSUER is set',
			'OIDC_CLIENT_SECRET is required when OIDC_ISSUER is set',
			'PUBLIC_URL is required when OIDC_ISSUER is set',
		])
		expect(problemsOf({ ...SSO, OIDC_ISSUER: 'http://login.example.com' })[0]).toMatch(/^OIDC_ISSUER must be the provider's https URL/)
		expect(problemsOf({ ...SSO, OIDC_ISSUER: 'http://127.0.0.1:4000' })).toEqual([])
		expect(problemsOf({ ...SSO, OIDC_SCOPES: 'email profile' })).toEqual(['OIDC_SCOPES must include openid'])
		expect(problemsOf({ ...SSO, OIDC_PASSWORDS: 'some' })).toEqual(['OIDC_PASSWORDS must be on, admins or off'])
		expect(problemsOf({ OIDC_PASSWORDS: 'off' })).toEqual(['OIDC_PASSWORDS can limit password sign-in only when OIDC_ISSUER is set'])
		expect(problemsOf({ ...SSO, OIDC_CREATE_ACCOUNTS: 'yes' })).toEqual(['OIDC_CREATE_ACCOUNTS must be true or false'])
	})

	test('have their defaults', () => {
		const env = parseEnv(SSO)
		expect(env).toMatchObject({ OIDC_SCOPES: 'openid email profile', OIDC_GROUPS_CLAIM: 'groups', OIDC_CREATE_ACCOUNTS: 'false', OIDC_PASSWORDS: 'on', OIDC_TRUST_AMR: 'false' })
	})
})
