import type { Actor } from '~/audit/audit.server'
import { catalogListAction, loadCatalogList } from '~/catalogs/catalog-list-route.server'
import {
	catalogRecordAction,
	loadCatalogRecord,
	loadNewCatalogRecord,
	newCatalogRecordAction,
	type CatalogRecordRoute,
} from '~/catalogs/catalog-record-route.server'
import type { User } from '~/db/schema'
import { getLanguage } from '~/i18n/i18n.server'
import { parseListState } from '~/lists/list-query'
import type { Grants } from '~/permissions/grants'
import { csvResponse, csvTemplateResponse } from '~/catalogs/csv-export.server'
import { todayIso } from '~/catalogs/fields.server'
import type { CatalogImportSpec } from '~/catalogs/import-route.server'
import type { CatalogServerRoutes } from '~/catalogs/routes/contracts.server'
import { EVERYWHERE } from '~/permissions/scope'
import { ITEM_FIELDS, listPages, REFERENCE_LIST_SPEC } from './definitions'
import type { ReferenceListDefinition } from './definition'
import { editItemSchema, newItemSchema, type ItemInput } from './item-schema.server'
import {
	exportItems,
	getItemRecord,
	itemFormValues,
	itemLabel,
	itemStore,
	nextSortOrder,
	readItems,
	type ItemTypes,
} from './reference-lists.server'
import { itemBulk, itemImport } from './item-bulk.server'

/**
 * The loaders and actions of every reference list's pages (list, new, item with its delete
 * confirmation). The route modules check the permission, then hand over here with their definition.
 */

/** A list's page: the catalogs' list (search, sort, pages, column choice and saved views, bulk actions), its items labelled in the reader's language. */
export async function referenceListLoader(
	list: ReferenceListDefinition,
	request: Request,
	access: { user: Pick<User, 'id'>; grants: Grants; catalogVersion: number },
) {
	const language = await getLanguage(request)
	return loadCatalogList(request, access, listPages(list), REFERENCE_LIST_SPEC, async (state) => ({
		list,
		result: await readItems(list, state, language, access.catalogVersion),
	}))
}

/** The list page's POST: the user's column choice and saved views. */
export function referenceListAction(list: ReferenceListDefinition, request: Request) {
	return catalogListAction(request, listPages(list))
}

/** The bulk actions on the list's ticked items, naming them in the reader's language. */
export async function bulkOf(list: ReferenceListDefinition, request: Request) {
	return itemBulk(list, await getLanguage(request))
}

/** What an item's page and new-item page do on the server: the catalogs' record pages, with the list's texts, function and store. */
function itemRecordRoute(list: ReferenceListDefinition): CatalogRecordRoute<ItemTypes, ItemInput & { code?: string }> {
	return {
		pages: listPages(list),
		formSchema: async (purpose) => (purpose === 'create' ? newItemSchema : editItemSchema),
		getRecord: (id) => getItemRecord(list, id),
		displayName: itemLabel,
		formValues: itemFormValues,
		store: itemStore(list),
		refusals: {},
		holderCount: (blocked) => blocked.count,
	}
}

export async function newItemLoader(list: ReferenceListDefinition, request: Request) {
	return loadNewCatalogRecord(request, itemRecordRoute(list).pages, async () => ({
		list,
		values: { sortOrder: String(await nextSortOrder(list)) },
	}))
}

export function newItemAction(list: ReferenceListDefinition, request: Request, user: Actor) {
	return newCatalogRecordAction(request, user, itemRecordRoute(list))
}

export async function itemLoader(list: ReferenceListDefinition, request: Request, id: string | undefined, grants: Grants) {
	const language = await getLanguage(request)
	return loadCatalogRecord(request, { id }, grants, itemRecordRoute(list), async (item) => ({ list, label: itemLabel(item, language) }))
}

/** The item page's POST: `intent` (read and permitted by the route) is `delete` or `update`. */
export function itemAction(
	list: ReferenceListDefinition,
	request: Request,
	id: string | undefined,
	user: Actor,
	intent: 'delete' | 'update',
) {
	return catalogRecordAction(request, { id }, user, intent, itemRecordRoute(list))
}

/** The list's CSV import page: the catalogs' import, matching rows by code within the list. */
export function itemImportSpec(list: ReferenceListDefinition): CatalogImportSpec {
	return { pages: listPages(list), adapter: itemImport(list) }
}

/** The list's items as a CSV file, those its search selects in its order, each with the version an import needs to change it. */
export async function itemsExportResponse(list: ReferenceListDefinition, request: Request) {
	const state = parseListState(new URL(request.url).searchParams, REFERENCE_LIST_SPEC)
	return csvResponse(
		`${list.exportFileName}-${todayIso()}.csv`,
		ITEM_FIELDS,
		exportItems(list, state, await getLanguage(request)),
		itemFormValues,
	)
}

/** An empty import file for the list: the header row only. */
export function itemsTemplateResponse(list: ReferenceListDefinition) {
	return csvTemplateResponse(`${list.exportFileName}-mau-nhap.csv`, ITEM_FIELDS)
}

/** A list's steps of the generated catalog routes (app/catalogs/routes/*): the functions above, after each route has checked its grant. */
export function referenceListRoutes(list: ReferenceListDefinition): CatalogServerRoutes {
	return {
		list: {
			loader: (request, access) => referenceListLoader(list, request, access),
			action: (request) => referenceListAction(list, request),
		},
		record: {
			loader: (request, params, { grants }) => itemLoader(list, request, params.id, grants),
			action: (request, params, intent, { user }) => itemAction(list, request, params.id, user, intent),
		},
		new: { loader: (request) => newItemLoader(list, request), action: (request, { user }) => newItemAction(list, request, user) },
		import: { spec: itemImportSpec(list), scoped: false },
		bulk: async (request) => ({ spec: await bulkOf(list, request), scope: EVERYWHERE }),
		export: (request) => itemsExportResponse(list, request),
		importTemplate: () => itemsTemplateResponse(list),
	}
}
