import { entityAudit, type Actor } from '~/audit/audit.server'
import { getDb, type DB } from '~/db/db.server'
import type { FunctionRow } from '~/db/schema'
import { getFixedT } from '~/i18n/i18n.server'
import { LANGUAGE_CODES, type LanguageCode } from '~/i18n/languages'
import { BUILTIN_FUNCTIONS, functionDescriptionKey } from '~/permissions/builtins'
import { functionLabel } from '~/permissions/menu.server'
import type { FunctionInput } from './function-form.server'
import { MAX_DEPTH } from './functions'
import { columnChanges, updateIfChanged } from './audited-update.server'

/**
 * The function tree (menu entries): add, edit, reorder. Every write moves the database's access
 * version (migration 0006), so every instance's menus follow on their next request.
 */

export interface TreeEntry {
	id: number
	code: string
	label: string
	/** A built-in function's translated description; '' for the others. */
	description: string
	depth: number
	parentId: number | null
	sortOrder: number
	path: string | null
	icon: string | null
	isTitle: boolean
	isHidden: boolean
	enabled: boolean
	badgeText: string | null
	badgeVariant: string | null
	/** Position among its siblings, to offer "up" and "down". */
	first: boolean
	last: boolean
}

function bySiblingOrder(a: FunctionRow, b: FunctionRow) {
	return a.sort_order - b.sort_order || a.code.localeCompare(b.code)
}

function description(code: string, t: ReturnType<typeof getFixedT>) {
	const key = functionDescriptionKey(code)
	return key ? t(key) : ''
}

/** Every function in tree order, labelled and described in `language`. */
export async function functionTreeEntries(language: LanguageCode, db: DB = getDb()): Promise<TreeEntry[]> {
	const rows = await db.selectFrom('functions').selectAll().execute()
	const t = getFixedT(language)
	const children = new Map<number | null, FunctionRow[]>()
	for (const row of rows) {
		const parent = row.parent_id === null ? null : Number(row.parent_id)
		children.set(parent, [...(children.get(parent) ?? []), row])
	}
	const result: TreeEntry[] = []
	const seen = new Set<number>()
	const walk = (parent: number | null, depth: number) => {
		const siblings = (children.get(parent) ?? []).sort(bySiblingOrder)
		siblings.forEach((row, index) => {
			const id = Number(row.id)
			if (seen.has(id)) return
			seen.add(id)
			result.push({
				id,
				code: row.code,
				label: functionLabel(row, language, t),
				description: description(row.code, t),
				depth,
				parentId: parent,
				sortOrder: row.sort_order,
				path: row.path,
				icon: row.icon,
				isTitle: Boolean(row.is_title),
				isHidden: Boolean(row.is_hidden),
				enabled: Boolean(row.enabled),
				badgeText: row.badge_text,
				badgeVariant: row.badge_variant,
				first: index === 0,
				last: index === siblings.length - 1,
			})
			walk(id, depth + 1)
		})
	}
	walk(null, 0)
	return result
}

export function getFunctionRow(id: number, db: DB = getDb()) {
	return db.selectFrom('functions').selectAll().where('id', '=', id).executeTakeFirst()
}

function columnsOf(input: FunctionInput) {
	const labels: Record<string, string> = {}
	for (const code of LANGUAGE_CODES) {
		const value = input[`label_${code}`]
		if (value) labels[code] = value
	}
	return {
		code: input.code,
		parent_id: input.parentId === '' ? null : Number(input.parentId),
		sort_order: input.sortOrder,
		icon: input.icon || null,
		path: input.path || null,
		param: input.param || null,
		badge_text: input.badgeText || null,
		badge_variant: input.badgeText ? input.badgeVariant || 'danger' : null,
		is_title: input.isTitle ? 1 : 0,
		is_hidden: input.isHidden ? 1 : 0,
		enabled: input.enabled ? 1 : 0,
		labels: Object.keys(labels).length > 0 ? JSON.stringify(labels) : null,
	}
}

export type FunctionWriteResult =
	| { ok: true; id: number; changed: boolean }
	| { ok: false; reason: 'notFound' | 'codeTaken' | 'parentUnknown' | 'parentCycle' | 'tooDeep' | 'builtinCode' }

/** Depth of `parentId` (0 for a top-level parent) and whether `selfId` is among its ancestors. */
async function parentCheck(
	db: DB,
	parentId: number | null,
	selfId: number | null,
	subtreeHeight: number,
): Promise<FunctionWriteResult | null> {
	if (parentId === null) return subtreeHeight > MAX_DEPTH ? { ok: false, reason: 'tooDeep' } : null
	const rows = await db.selectFrom('functions').select(['id', 'parent_id']).execute()
	const parentOf = new Map(rows.map((row) => [Number(row.id), row.parent_id === null ? null : Number(row.parent_id)]))
	if (!parentOf.has(parentId)) return { ok: false, reason: 'parentUnknown' }
	let depth = 1
	for (let at: number | null = parentId; at !== null; at = parentOf.get(at) ?? null) {
		if (at === selfId) return { ok: false, reason: 'parentCycle' }
		depth += 1
		if (depth > 10) break
	}
	// `depth - 1` levels above the function, plus the function and its own descendants.
	return depth - 1 + subtreeHeight > MAX_DEPTH ? { ok: false, reason: 'tooDeep' } : null
}

/** Levels in the subtree of `id` (1 for a leaf). */
async function subtreeHeight(db: DB, id: number): Promise<number> {
	const rows = await db.selectFrom('functions').select(['id', 'parent_id']).execute()
	const children = new Map<number, number[]>()
	for (const row of rows)
		if (row.parent_id !== null) children.set(Number(row.parent_id), [...(children.get(Number(row.parent_id)) ?? []), Number(row.id)])
	const height = (at: number, guard: number): number =>
		guard > 10 ? 1 : 1 + Math.max(0, ...(children.get(at) ?? []).map((child) => height(child, guard + 1)))
	return height(id, 0)
}

async function codeTaken(db: DB, code: string, exceptId: number | null) {
	let query = db.selectFrom('functions').select('id').where('code', '=', code)
	if (exceptId !== null) query = query.where('id', '<>', exceptId)
	return Boolean(await query.executeTakeFirst())
}

const audit = entityAudit('function')

export async function createFunction(input: FunctionInput, actor: Actor, db: DB = getDb()): Promise<FunctionWriteResult> {
	return db.transaction().execute(async (trx): Promise<FunctionWriteResult> => {
		const columns = columnsOf(input)
		if (await codeTaken(trx, columns.code, null)) return { ok: false, reason: 'codeTaken' }
		const refused = await parentCheck(trx, columns.parent_id, null, 1)
		if (refused) return refused
		const stamp = Date.now()
		const row = await trx
			.insertInto('functions')
			.values({ ...columns, label_key: null, created_at: stamp, updated_at: stamp })
			.returning('id')
			.executeTakeFirstOrThrow()
		const id = Number(row.id)
		await audit(trx, 'function.created', actor, id, { code: columns.code, changes: columnChanges(null, columns) })
		return { ok: true, id, changed: true }
	})
}

export async function updateFunction(id: number, input: FunctionInput, actor: Actor, db: DB = getDb()): Promise<FunctionWriteResult> {
	return db.transaction().execute(async (trx): Promise<FunctionWriteResult> => {
		const before = await getFunctionRow(id, trx)
		if (!before) return { ok: false, reason: 'notFound' }
		const columns = columnsOf(input)
		// The built-in codes are named by the routes' permission checks: they stay.
		if (columns.code !== before.code && BUILTIN_FUNCTIONS.some((fn) => fn.code === before.code)) return { ok: false, reason: 'builtinCode' }
		if (await codeTaken(trx, columns.code, id)) return { ok: false, reason: 'codeTaken' }
		const refused = await parentCheck(trx, columns.parent_id, id, await subtreeHeight(trx, id))
		if (refused) return refused
		const audited = { write: audit, action: 'function.updated', actor }
		const changed = await updateIfChanged(trx, { table: 'functions', id, before, after: columns, audit: audited })
		return { ok: true, id, changed }
	})
}

export type MoveResult = { ok: true; moved: boolean; code: string } | { ok: false; reason: 'notFound' }

/** Swaps the function with its previous (`up`) or next (`down`) sibling; siblings are renumbered 10, 20, … */
export async function moveFunction(id: number, direction: 'up' | 'down', actor: Actor, db: DB = getDb()): Promise<MoveResult> {
	return db.transaction().execute(async (trx): Promise<MoveResult> => {
		const row = await getFunctionRow(id, trx)
		if (!row) return { ok: false, reason: 'notFound' }
		let query = trx.selectFrom('functions').selectAll()
		query = row.parent_id === null ? query.where('parent_id', 'is', null) : query.where('parent_id', '=', row.parent_id)
		const siblings = (await query.execute()).sort(bySiblingOrder)
		const index = siblings.findIndex((sibling) => Number(sibling.id) === id)
		const other = direction === 'up' ? index - 1 : index + 1
		if (other < 0 || other >= siblings.length) return { ok: true, moved: false, code: row.code }
		;[siblings[index], siblings[other]] = [siblings[other]!, siblings[index]!]
		const stamp = Date.now()
		for (const [position, sibling] of siblings.entries()) {
			const order = (position + 1) * 10
			if (sibling.sort_order !== order)
				await trx.updateTable('functions').set({ sort_order: order, updated_at: stamp }).where('id', '=', sibling.id).execute()
		}
		await audit(trx, 'function.moved', actor, id, {
			code: row.code,
			direction,
			changes: { sort_order: { from: String(row.sort_order), to: String((siblings.findIndex((s) => Number(s.id) === id) + 1) * 10) } },
		})
		return { ok: true, moved: true, code: row.code }
	})
}
