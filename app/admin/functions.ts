/** The function tree administration: paths and choices shared by loaders and components. */
export const FUNCTIONS_PATH = '/admin/functions'
export const MAX_DEPTH = 3
export const BADGE_VARIANTS = ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'dark'] as const
export function functionHref(id: number) {
	return `${FUNCTIONS_PATH}/${id}`
}
