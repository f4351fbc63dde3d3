import { getDb } from '~/db/db.server'
import { listedCodes } from '~/reference-lists/listed-codes.server'
import type { CatalogRecordRoute, RecordSummary } from './catalog-record-route.server'
import type { CatalogDefinition, CatalogTypes } from './engine/definition.server'
import { recordStore } from './engine/record-store.server'

type Own<T extends CatalogTypes & { record: RecordSummary }> = Omit<
	CatalogRecordRoute<T, T['importInput']>,
	'pages' | 'formSchema' | 'getRecord' | 'displayName' | 'formValues' | 'store'
>

/**
 * A catalog's record pages' server side from its engine definition: its pages, record, form values and
 * store, the form's rules those of an imported row with the codes its listed column takes now, and the
 * record named by its `name`. `own` gives the rest: where a record lies, the catalog's refusals' field
 * errors, and what a form names that the store needs resolved (a tool's station).
 */
export function catalogRecordRoute<T extends CatalogTypes & { record: RecordSummary & { name: string } }>(
	catalog: CatalogDefinition<T>,
	own: Own<T>,
): CatalogRecordRoute<T, T['importInput']> {
	return {
		pages: catalog.pages,
		formSchema: async () => catalog.importSchema(catalog.listed ? await listedCodes(catalog.listed.list) : []),
		getRecord: (id) => catalog.getRecord(id, getDb()),
		displayName: (record) => record.name,
		// A record as its page shows it is its stored row with more.
		formValues: (record) => catalog.formValues(record as unknown as T['row']),
		store: recordStore(catalog),
		...own,
	}
}
