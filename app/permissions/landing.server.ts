import type { LanguageCode } from '~/i18n/languages'
import { sitePath } from '~/utils/redirect'
import { loadAccess, type Access } from './grants.server'
import { firstPage, menuHref, visibleItems } from './menu'
import { menuFor } from './menu.server'

/**
 * The first page of the user's menu, or null when they may open nothing (`/` lands there). A redirect like
 * any other: through `sitePath`, though the menu links only site paths (`linksOnSite`).
 */
export function landingFor(access: Access, language: LanguageCode): string | null {
	const first = firstPage(visibleItems(menuFor(access, language)))
	return first ? sitePath(menuHref(first)) : null
}

/**
 * The landing page of a user. Actions redirect here directly rather than through `/`, so a flash
 * message is shown by the page that renders, not taken by a redirect on the way.
 */
export async function landingPath(userId: number, language: LanguageCode): Promise<string | null> {
	return landingFor(await loadAccess(userId), language)
}
