import type { TFunction } from 'i18next'
import { getDb, type DB } from '~/db/db.server'
import { getFixedT } from '~/i18n/i18n.server'
import type { LanguageCode } from '~/i18n/languages'
import { singleton } from '~/utils/singleton.server'
import type { Grants } from './grants'
import { buildMenu, indexMenu, type MenuFunction, type MenuIndex, type MenuItem } from './menu'

/** All enabled functions. */
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

export interface IndexedFunctions {
	/** Changes whenever a function is added, edited, hidden, disabled or removed. */
	stamp: string
	index: MenuIndex
	labels: Map<LanguageCode, Map<number, string>>
}

const cache = singleton('menu-index', () => ({ current: null as IndexedFunctions | null }))

/**
 * The indexed function tree. One small query tells whether the functions changed since they were
 * indexed (every write to `functions` moves `updated_at` or the count); only then are they read again.
 * Every instance sees a change on its next request, however many instances share the database.
 */
export async function getMenuIndex(db: DB = getDb()): Promise<IndexedFunctions> {
	const row = await db
		.selectFrom('functions')
		.select((eb) => [eb.fn.max('updated_at').as('latest'), eb.fn.countAll<number>().as('count')])
		.executeTakeFirstOrThrow()
	const stamp = `${Number(row.latest ?? 0)}:${Number(row.count)}`
	if (cache.current?.stamp !== stamp) {
		cache.current = { stamp, index: indexMenu(await loadMenuFunctions(db)), labels: new Map() }
	}
	return cache.current
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

/** The menu for what a user may do (see `loadAccess`), in `language`. No query of its own. */
export function menuFor({ grants, functions }: { grants: Grants; functions: IndexedFunctions }, language: LanguageCode): MenuItem[] {
	const labels = labelsFor(functions, language)
	return buildMenu(functions.index, grants, (fn) => labels.get(fn.id) ?? fn.code)
}

/**
 * The `updated_at` to write with any change to `functions`: later than every stamp already there, so
 * the menu index above notices the change even within the same millisecond.
 */
export async function nextFunctionsStamp(db: DB = getDb()): Promise<number> {
	const row = await db.selectFrom('functions').select((eb) => eb.fn.max('updated_at').as('latest')).executeTakeFirst()
	return Math.max(Date.now(), Number(row?.latest ?? 0) + 1)
}
