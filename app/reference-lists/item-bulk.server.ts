import { changeColumns, creationColumns } from '~/catalogs/catalog.server'
import type { BulkCatalog } from '~/catalogs/bulk.server'
import type { ImportAdapter } from '~/catalogs/csv-import-adapter.server'
import type { ReferenceItem } from '~/db/schema'
import type { LanguageCode } from '~/i18n/languages'
import { ITEM_FIELDS, listText, REFERENCE_LIST_SPEC } from './definitions'
import type { ReferenceListDefinition } from './definition'
import { newItemSchema, type NewItemInput } from './item-schema.server'
import { columnsOf, holdersOf, itemFormValues, itemLabel, itemSorts } from './reference-lists.server'

/**
 * The bulk actions on a list's ticked items, in the reader's language: the list's part of
 * reference_items (an id of the other list is missing), each item named by its label, deletes refused
 * while records name the item.
 */
export function itemBulk(list: ReferenceListDefinition, language: LanguageCode): BulkCatalog<ReferenceItem & { name: string }> {
	const holders = holdersOf(list)
	return {
		entity: list.auditEntity,
		table: 'reference_items',
		partition: { column: 'list_key', value: list.key },
		titleKey: listText(list, 'title'),
		listPath: list.path,
		list: REFERENCE_LIST_SPEC,
		fileName: list.exportFileName,
		columns: ITEM_FIELDS,
		sortColumns: itemSorts(language),
		formValues: itemFormValues,
		nameOf: (item) => itemLabel(item, language),
		async deleteBlockers(db, ids) {
			const counts = await holders(db, ids)
			return new Map([...counts].map(([id, count]) => [id, { key: listText(list, 'bulkRefused'), values: { count } }]))
		},
	}
}

/** The CSV import of a list's items: rows matched by code within the list, labels and order written over. */
export function itemImport(list: ReferenceListDefinition): ImportAdapter<NewItemInput, ReferenceItem> {
	const owner = { list_key: list.key }
	const blank: ReferenceItem = {
		id: 0,
		...owner,
		code: '',
		label_vn: '',
		label_en: null,
		label_es: null,
		label_de: null,
		label_it: null,
		label_ru: null,
		sort_order: 0,
		created_by: null,
		created_at: 0,
		updated_by: null,
		updated_at: 0,
		version: 1,
	}
	return {
		entity: list.auditEntity,
		table: 'reference_items',
		partition: { column: 'list_key', value: list.key },
		columns: ITEM_FIELDS,
		schema: async () => newItemSchema,
		formValues: itemFormValues,
		merged: (current, input) => ({ ...(current ?? blank), ...columnsOf(input) }),
		insertValues: (input, actor, now) => ({ ...columnsOf(input), ...owner, ...creationColumns(actor, now) }),
		updateValues: (input, actor, now, version) => ({ ...columnsOf(input), ...changeColumns(actor, now, version) }),
	}
}
