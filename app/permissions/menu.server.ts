import type { TFunction } from 'i18next'
import { getDb, type DB } from '~/db/db.server'
import { getFixedT, getLanguage } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import { requireUserWithGrants } from './grants.server'
import type { Grants } from './grants'
import { buildMenu, type MenuFunction, type MenuItem } from './menu'

/** All enabled functions, in one query. */
export function loadMenuFunctions(db: DB = getDb()): Promise<MenuFunction[]> {
	return db
		.selectFrom('functions')
		.select(['id', 'code', 'parent_id', 'sort_order', 'label_key', 'labels', 'icon', 'path', 'param', 'is_title', 'is_hidden', 'badge_text', 'badge_variant'])
		.where('enabled', '=', 1)
		.execute()
}

export function functionLabel(fn: Pick<MenuFunction, 'code' | 'label_key' | 'labels'>, language: LanguageCode, t: TFunction): string {
	if (fn.labels) {
		try {
			const overrides = JSON.parse(fn.labels) as Partial<Record<LanguageCode, string>>
			const label = overrides[language]?.trim()
			if (label) return label
		} catch {
			/* malformed overrides: fall back to the key */
		}
	}
	return fn.label_key && t(fn.label_key, { defaultValue: '' }) ? t(fn.label_key) : fn.code
}

export async function menuFor(grants: Grants, language: LanguageCode, db: DB = getDb()): Promise<MenuItem[]> {
	const t = getFixedT(language)
	return buildMenu(await loadMenuFunctions(db), grants, (fn) => functionLabel(fn, language, t))
}

/** The signed-in user's menu in the request's language: one grants query, one functions query. */
export async function getMenu(request: Request): Promise<MenuItem[]> {
	const [{ grants }, language] = await Promise.all([requireUserWithGrants(request), getLanguage(request)])
	return menuFor(grants, language)
}
