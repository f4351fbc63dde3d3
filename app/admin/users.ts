import type { ListSpec } from '~/lists/list-query'

/** The administration's user list: shared by its loader and its links (no server code). */

export const USERS_FUNCTION = 'QUANTRI_USERS'
export const USERS_PATH = '/admin/users'
export const USER_STATES = ['active', 'locked'] as const

export type UserSort = 'email' | 'name' | 'createdAt' | 'lastSignIn'

export const USER_LIST: ListSpec<'role' | 'state', UserSort> = {
	filters: {
		role: { kind: 'text', max: 50 },
		state: { kind: 'choice', values: USER_STATES },
	},
	sorts: ['email', 'name', 'createdAt', 'lastSignIn'],
	defaultSort: 'email',
	defaultDir: 'asc',
}

export function userHref(id: number) {
	return `${USERS_PATH}/${id}`
}

export const USER_LIMITS = { email: 254, displayName: 100, firstName: 50, lastName: 50 } as const

/** A role's province choice in a user form: `scope-<code>` is `all` or `some`, the provinces the `provinces-<code>` checkboxes. */
export const scopeFieldName = (code: string) => `scope-${code}`
export const provincesFieldName = (code: string) => `provinces-${code}`

/** The role choices a user form posted, kept to show again: `roles`, and each role's scope fields (provinces comma-joined). */
export function keptRoleValues(formData: FormData): Record<string, string> {
	const values: Record<string, string> = { roles: formData.getAll('roles').map(String).join(',') }
	for (const code of formData.getAll('roles').map(String)) {
		values[scopeFieldName(code)] = String(formData.get(scopeFieldName(code)) ?? 'all')
		values[provincesFieldName(code)] = formData.getAll(provincesFieldName(code)).map(String).join(',')
	}
	return values
}

/** Each role's provinces as kept values give them (null: everywhere). */
export function keptScopes(values: Readonly<Record<string, string>>): Record<string, readonly string[] | null> {
	const scopes: Record<string, readonly string[] | null> = {}
	for (const code of (values.roles ?? '').split(',').filter(Boolean)) {
		scopes[code] = values[scopeFieldName(code)] === 'some' ? (values[provincesFieldName(code)] ?? '').split(',').filter(Boolean) : null
	}
	return scopes
}
