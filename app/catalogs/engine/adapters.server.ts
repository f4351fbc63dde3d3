import { changeColumns, creationColumns } from '~/catalogs/catalog.server'
import { holdListedCodes } from '~/reference-lists/listed-codes.server'
import type { BulkCatalog } from '../bulk.server'
import type { Actor } from '~/audit/audit.server'
import type { RowError } from '../csv'
import type { ImportAdapter } from '../csv-import-adapter.server'
import { inScope } from '~/permissions/scope'
import { newRowOf, storageOf, type CatalogDefinition, type CatalogTypes } from './definition.server'

/** What the bulk actions (export and delete of ticked rows) need of a catalog, from its definition. */
export function bulkCatalogOf<T extends CatalogTypes>(definition: CatalogDefinition<T>): BulkCatalog<T['row']> {
	const { fields, formValues, pages, listing, exportFileName, deleteBlocker } = definition
	const { entity, table } = storageOf(definition)
	return {
		entity,
		table,
		titleKey: `${pages.key}.title`,
		listPath: pages.views.path,
		list: pages.views.spec,
		fileName: exportFileName,
		sortColumns: listing.sorts,
		columns: fields,
		formValues,
		inProvinces: listing.inProvinces,
		...(deleteBlocker && {
			async deleteBlockers(db, ids) {
				const holders = await deleteBlocker.holders(db, ids)
				return new Map([...holders].map(([id, count]) => [id, deleteBlocker.bulkReason(count)]))
			},
		}),
	}
}

/** What the CSV import needs of a catalog (rows matched by code), from its definition. */
export function importAdapterOf<T extends CatalogTypes>(definition: CatalogDefinition<T>): ImportAdapter<T['importInput'], T['row']> {
	const { fields, formValues, listed, reference, provinceOf, scopeField } = definition
	const { entity, table } = storageOf(definition)
	// Without a reference to resolve, an imported row is already what the store writes.
	const columnsOf = (input: T['importInput']) => definition.columnsOf(reference ? reference.resolved(input) : (input as T['input']))
	const newRow = newRowOf(definition)
	return {
		entity,
		table,
		columns: fields,
		schema: async (trx) => definition.importSchema(listed ? await holdListedCodes(listed.list, trx) : []),
		...(reference && { resolve: reference.resolveImported }),
		formValues,
		...(provinceOf &&
			scopeField && {
				async outsideScope(rows, scope, db) {
					const errors: RowError[] = []
					for (const { line, current, merged } of rows) {
						const outside = (current && !inScope(scope, await provinceOf(current, db))) || !inScope(scope, await provinceOf(merged, db))
						if (outside) errors.push({ line, column: scopeField, error: { key: 'scope.errors.importRow' } })
					}
					return errors
				},
			}),
		merged: (current, input) => ({ ...(current ?? newRow), ...columnsOf(input) }),
		insertValues: (input, actor: Actor, now) => ({ ...columnsOf(input), ...creationColumns(actor, now) }),
		updateValues: (input, actor: Actor, now, version) => ({ ...columnsOf(input), ...changeColumns(actor, now, version) }),
	}
}
