import type { LanguageCode } from '~/i18n/languages'
import { loadAccess, loadRoleAccess } from './grants.server'
import type { MenuItem } from './menu'
import { visibleMenuFor } from './menu.server'

/** The menu a role gives on its own, as the sidebar shows it (the role's page previews it). */
export async function roleMenuPreview(roleId: number, language: LanguageCode): Promise<MenuItem[]> {
	return visibleMenuFor(await loadRoleAccess([roleId]), language)
}

/** The menu a user sees, as the sidebar shows it (the user's page previews it). */
export async function userMenuPreview(userId: number, language: LanguageCode): Promise<MenuItem[]> {
	return visibleMenuFor(await loadAccess(userId), language)
}
