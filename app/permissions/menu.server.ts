import type { TFunction } from 'i18next'
import { getDb, type DB } from '~/db/db.server'
import { getFixedT } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import type { AccessSnapshot } from './access-snapshot.server'
import type { Grants } from './grants'
import { buildMenu, indexMenu, visibleItems, type MenuFunction, type MenuIndex, type MenuItem } from './menu'

/** All enabled functions. */
export function loadMenuFunctions(db: DB = getDb()): Promise<MenuFunction[]> {
	return db
		.selectFrom('functions')
		.select([
			'id',
			'code',
			'parent_id',
			'sort_order',
			'label_key',
			'labels',
			'icon',
			'path',
			'param',
			'is_title',
			'is_hidden',
			'badge_text',
			'badge_variant',
		])
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

/** What the menu is built from: a user's or role's grants and the function tree they were read against (see `Access`). */
export interface MenuAccess {
	grants: Grants
	functions: IndexedFunctions
	roleKey: string
	snapshot: AccessSnapshot
}

export interface IndexedFunctions {
	index: MenuIndex
	labels: Map<LanguageCode, Map<number, string>>
}

/** The indexed function tree of the snapshot's version: read once per change of the functions. */
export function getIndexedFunctions(snapshot: AccessSnapshot, db: DB = getDb()): Promise<IndexedFunctions> {
	return snapshot.remember('functions', async () => ({ index: indexMenu(await loadMenuFunctions(db)), labels: new Map() }))
}

function labelsFor(indexed: IndexedFunctions, language: LanguageCode): Map<number, string> {
	let labels = indexed.labels.get(language)
	if (!labels) {
		const t = getFixedT(language)
		labels = new Map()
		for (const siblings of indexed.index.childrenOf.values()) for (const fn of siblings) labels.set(fn.id, functionLabel(fn, language, t))
		indexed.labels.set(language, labels)
	}
	return labels
}

/**
 * The menu for what a user may do (see `loadAccess`), in `language`. No query of its own; built once
 * per role set, language and version of the access snapshot. Callers must not change it.
 */
export function menuFor(access: MenuAccess, language: LanguageCode): MenuItem[] {
	return access.snapshot.rememberSync(`menu:${access.roleKey}:${language}`, () => {
		const labels = labelsFor(access.functions, language)
		return buildMenu(access.functions.index, access.grants, (fn) => labels.get(fn.id) ?? fn.code)
	})
}

/** The menu as rendered (hidden entries and empty groups left out), kept like `menuFor`. */
export function visibleMenuFor(access: MenuAccess, language: LanguageCode): MenuItem[] {
	return access.snapshot.rememberSync(`menu-visible:${access.roleKey}:${language}`, () => visibleItems(menuFor(access, language)))
}
