import { data, redirect } from '@remix-run/node'
import { differencesFrom, parseId, recordHistory, type Actor } from '~/catalogs/catalog.server'
import type { ConflictInfo } from '~/components/catalog'
import type { RecordRefusal } from '~/components/catalog-record'
import { getDb } from '~/db/db.server'
import { getLanguage, getT } from '~/i18n/i18n.server'
import { can, type Grants } from '~/permissions/grants'
import { forbidden } from '~/permissions/grants.server'
import { flashSuccess } from '~/utils/flash.server'
import { invalid, noteFormFailed, parseForm } from '~/utils/form.server'
import { listText, type ReferenceListDefinition } from './definitions'
import { editItemSchema, newItemSchema } from './item-schema.server'
import { getItemRecord, itemFormValues, itemLabel, itemStore, listItems, nextSortOrder, referenceOptions, type ItemRecord } from './reference-lists.server'
import { notFound } from '~/utils/responses.server'

/**
 * The loaders and actions of every reference list's pages (list, new, item with its delete
 * confirmation). The route modules check the permission, then hand over here with their definition.
 */

const itemHref = (list: ReferenceListDefinition, id: number) => `${list.path}/${id}`

export async function referenceListLoader(list: ReferenceListDefinition, request: Request, grants: Grants) {
	const [t, language] = [await getT(request), await getLanguage(request)]
	const items = await listItems(list)
	return {
		list,
		title: t(listText(list, 'title')),
		items: items.map((item) => ({ id: item.id, code: item.code, label: itemLabel(item, language), sortOrder: item.sort_order })),
		allowed: { create: can(grants, list.functionCode, 'create') },
	}
}

export async function newItemLoader(list: ReferenceListDefinition, request: Request) {
	const t = await getT(request)
	return { list, title: t(listText(list, 'new')), values: { sortOrder: String(await nextSortOrder(list)) } }
}

export async function newItemAction(list: ReferenceListDefinition, request: Request, user: Actor) {
	const form = await parseForm(request, newItemSchema)
	if (!form.ok) return invalid(form)
	const result = await itemStore(list).create(form.data, user)
	if (!result.ok) return invalid({ errors: { code: { key: 'catalog.errors.codeTaken' } }, values: form.values }, { status: 409 })
	await flashSuccess(request, listText(list, 'created'), { code: form.data.code })
	return redirect(itemHref(list, result.id))
}

export async function itemLoader(list: ReferenceListDefinition, request: Request, rawId: string | undefined, grants: Grants) {
	const id = parseId(rawId)
	const item = id === null ? undefined : await getItemRecord(list, id)
	if (!item) throw notFound()
	const confirmDelete = new URL(request.url).searchParams.get('intent') === 'delete'
	if (confirmDelete && !can(grants, list.functionCode, 'delete')) throw forbidden()
	const [t, language] = [await getT(request), await getLanguage(request)]
	const label = itemLabel(item, language)
	return {
		list,
		title: confirmDelete ? t(listText(list, 'deleteTitle'), { code: item.code }) : `${item.code} · ${label}`,
		item,
		label,
		values: itemFormValues(item),
		history: await recordHistory(getDb(), list.auditEntity, item.id),
		confirmDelete,
		allowed: { update: can(grants, list.functionCode, 'update'), delete: can(grants, list.functionCode, 'delete') },
	}
}

/** A reference item page's refused post: the same answer as a catalog record page's. */
export type ItemRefusal = RecordRefusal

function refused(body: Partial<ItemRefusal>, status: number) {
	noteFormFailed()
	return data<ItemRefusal>({ ok: false, errors: {}, values: {}, formError: null, ...body }, { status })
}

function conflictOf(current: ItemRecord, sent: Record<string, string>): ConflictInfo {
	return { by: current.updated_by_name, at: current.updated_at, version: current.version, differences: differencesFrom(itemFormValues(current), sent) }
}

function postedVersion(formData: FormData): number | null {
	const text = String(formData.get('version') ?? '')
	return /^\d{1,9}$/.test(text) ? Number(text) : null
}

/** The item page's POST: `intent` (read and permitted by the route) is `delete` or `update`. */
export async function itemAction(list: ReferenceListDefinition, request: Request, rawId: string | undefined, user: Actor, intent: 'delete' | 'update') {
	const id = parseId(rawId)
	if (id === null) throw notFound()
	const form = await parseForm(request, editItemSchema)
	if (intent === 'delete') {
		const result = await itemStore(list).remove(id, postedVersion(form.formData), user)
		if (result.ok) {
			await flashSuccess(request, listText(list, 'deleted'), { code: result.code })
			return redirect(list.path)
		}
		if (result.reason === 'notFound') throw notFound()
		if (result.reason === 'inUse') return refused({ deleteRefused: { count: result.count } }, 409)
		return refused({ conflict: conflictOf(result.current, {}) }, 409)
	}
	if (!form.ok) return invalid(form)
	const result = await itemStore(list).update(id, form.data, user)
	if (result.ok) {
		await flashSuccess(request, result.changed ? listText(list, 'saved') : 'catalog.noChanges', { code: result.code })
		return redirect(itemHref(list, id))
	}
	switch (result.reason) {
		case 'notFound':
			throw notFound()
		case 'versionMissing':
			return refused({ values: form.values, formError: 'catalog.errors.versionMissing' }, 409)
		case 'conflict':
			return refused({ values: form.values, conflict: conflictOf(result.current, form.values) }, 409)
		case 'codeTaken':
			return refused({ values: form.values, errors: { code: { key: 'catalog.errors.codeTaken' } } }, 409)
	}
}

/** A list's items as options in the reader's language (catalog pages: selects, filters, labels). */
export async function optionsFor(list: ReferenceListDefinition, request: Request) {
	return referenceOptions(list, await getLanguage(request))
}
