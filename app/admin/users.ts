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
