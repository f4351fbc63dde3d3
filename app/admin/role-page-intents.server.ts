import type { Actor } from '~/audit/audit.server'
import { formIntents, type Refusal } from '~/utils/form-action.server'
import { parseId } from '~/catalogs/catalog.server'
import { ROLES_PATH, roleGroupHref, roleHref } from './roles'
import { postedGrants, saveRoleGrants } from './roles-matrix.server'
import { deleteRole, roleSchema, updateRole } from './roles.server'

/** Who acts on which role: what the page's `permit` gives each form once the grant is checked. */
export interface RolePageAuth {
	user: Actor
	id: number
}

const builtin = { status: 409, formError: 'admin.roles.errors.builtin', keep: false }

/** The forms of a role's page (`/admin/roles/:id`), for `formAction`. */
export function rolePageIntents() {
	const formIntent = formIntents<RolePageAuth>()
	return {
		update: formIntent({
			permission: 'update',
			schema: roleSchema,
			run: ({ data }, auth) => updateRole(auth.id, data, auth.user),
			refusals: { builtin, codeTaken: { status: 409, errors: { code: { key: 'admin.roles.errors.codeTaken' } } } },
			done: (result, { data }, auth) => ({
				redirect: roleHref(auth.id),
				toast: result.changed ? 'admin.roles.saved' : 'admin.noChanges',
				toastValues: { code: data.code },
			}),
		}),
		grants: formIntent({
			permission: 'update',
			check: async (formData) => {
				const grants = postedGrants(formData)
				const group = formData.get('group')
				return grants
					? { ok: true as const, grants, group: parseId(typeof group === 'string' ? group : undefined) }
					: { ok: false as const, formError: 'admin.roles.errors.badGrant' }
			},
			// A malformed group is refused as an unknown one is, with the boxes kept.
			run: ({ checked }, auth) =>
				checked.group === null
					? Promise.resolve({ ok: false as const, reason: 'unknownGroup' as const })
					: saveRoleGrants(auth.id, checked.group, checked.grants, auth.user),
			// The boxes come back as they were ticked.
			refusals: {
				delegation: (result, { checked }) => grantsRefusal(403, `admin.delegation.${result.refusal}`, checked.grants),
				allAccess: (_result, { checked }) => grantsRefusal(409, 'admin.roles.errors.allAccess', checked.grants),
				unknownGroup: (_result, { checked }) => grantsRefusal(400, 'admin.roles.errors.badGroup', checked.grants),
				unknownFunction: (_result, { checked }) => grantsRefusal(400, 'admin.roles.errors.badGrant', checked.grants),
			},
			done: (result, { checked }, auth) => ({
				redirect: roleGroupHref(auth.id, checked.group!),
				toast: result.changed ? 'admin.roles.grantsSaved' : 'admin.noChanges',
			}),
		}),
		delete: formIntent({
			permission: 'delete',
			run: (_form, auth) => deleteRole(auth.id, auth.user),
			refusals: { builtin },
			done: (result) => ({ redirect: ROLES_PATH, toast: 'admin.roles.deleted', toastValues: { code: result.code } }),
		}),
	}
}

function grantsRefusal(status: number, formError: string, grants: { functionId: number; action: string }[]): Refusal {
	return { status, formError, extra: { granted: grants.map((grant) => `${grant.functionId}:${grant.action}`) } }
}

export type RolePageIntent = keyof ReturnType<typeof rolePageIntents>
