/** Paths of the role administration (shared by loaders and links). */
export const ROLES_FUNCTION = 'QUANTRI_ROLES'
export const ROLES_PATH = '/admin/roles'
export function roleHref(id: number) {
	return `${ROLES_PATH}/${id}`
}
