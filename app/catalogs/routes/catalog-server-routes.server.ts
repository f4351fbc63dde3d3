import { catalogListAction, loadCatalogList } from '~/catalogs/catalog-list-route.server'
import {
	catalogRecordAction,
	loadCatalogRecord,
	loadNewCatalogRecord,
	newCatalogRecordAction,
	type CatalogRecordRoute,
	type RecordSummary,
} from '~/catalogs/catalog-record-route.server'
import { csvResponse, csvTemplateResponse } from '~/catalogs/csv-export.server'
import { bulkCatalogOf, importAdapterOf } from '~/catalogs/engine/adapters.server'
import type { CatalogDefinition, CatalogTypes } from '~/catalogs/engine/definition.server'
import { exportListing } from '~/catalogs/engine/listing.server'
import { todayIso } from '~/catalogs/fields.server'
import { parseListState, type ListSpec, type ListState, type PageInfo } from '~/lists/list-query'
import { EVERYWHERE, type ProvinceScope } from '~/permissions/scope'
import type { CatalogServerRoutes, Permitted } from './contracts.server'

type Allowed = { update: boolean; delete: boolean; export: boolean }

/**
 * A catalog's steps of the generated routes, after each route has checked its grant, from one definition.
 * A catalog of provincial data (its engine definition has `provinceOf`, decision 0052) keeps its record pages,
 * writes and imports to the reader's provinces; every catalog's bulk actions and export keep to them.
 * The CSV files are `<exportFileName>-<today>.csv` and `<exportFileName>-mau-nhap.csv`. The definition gives
 * the engine's definition, the record route and the list's query, and what its pages show besides every catalog's.
 */
export function catalogServerRoutes<
	T extends CatalogTypes & { record: RecordSummary },
	Filter extends string,
	Sort extends string,
	ListPage extends { result: PageInfo & { rows: readonly unknown[] } },
	RecordExtra extends object = Record<never, never>,
	NewExtra extends object = Record<never, never>,
>(definition: {
	/** The engine's definition: fields, form values, pages, listing, export file name, listed column, provinces. */
	catalog: CatalogDefinition<T>
	record: CatalogRecordRoute<T, T['importInput']>
	list: ListSpec<Filter, Sort>
	/** One page of the list (`result`) and what else the list page shows, within where the reader may view. */
	listPage(state: ListState<Filter, Sort>, request: Request, access: Permitted): Promise<ListPage>
	/** What a record's page shows besides the record (its values replaced, if it gives `values`). */
	recordPage?(request: Request, record: T['record'], allowed: Allowed, access: Permitted): Promise<RecordExtra>
	/** What the new-record page shows besides its title. */
	newPage?(request: Request, access: Permitted): Promise<NewExtra>
	/** The rows of the CSV export; without it, those the listing selects, in the list's order. */
	exportRows?(state: ListState<Filter, Sort>, scope: ProvinceScope): Promise<AsyncIterable<T['row'][]>>
}) {
	const { catalog, record, list } = definition
	const { pages, fields, formValues, exportFileName } = catalog
	const scoped = catalog.provinceOf !== undefined
	const within = (scope: ProvinceScope) => (scoped ? scope : EVERYWHERE)
	const recordPage = definition.recordPage ?? (async () => ({}) as RecordExtra)
	const newPage = definition.newPage ?? (async () => ({}) as NewExtra)
	const exportRows = definition.exportRows ?? (async (state, scope) => exportListing<T['row'], Filter, Sort>(catalog.listing, state, scope))
	const bulk = bulkCatalogOf(catalog)
	return {
		list: {
			loader: (request: Request, access: Permitted) =>
				loadCatalogList(request, access, pages, list, (state) => definition.listPage(state, request, access)),
			action: (request: Request) => catalogListAction(request, pages),
		},
		record: {
			loader: (request, params, access) =>
				loadCatalogRecord(
					request,
					params,
					access.grants,
					record,
					(one, allowed) => recordPage(request, one, allowed, access),
					within(access.scope),
				),
			action: (request, params, intent, { user, scope }, view) =>
				catalogRecordAction(request, params, user, intent, record, { view: within(view), write: within(scope) }),
		},
		new: {
			loader: (request: Request, access: Permitted) => loadNewCatalogRecord(request, pages, () => newPage(request, access)),
			action: (request: Request, { user, scope }: Permitted) => newCatalogRecordAction(request, user, record, within(scope)),
		},
		import: { spec: { pages, adapter: importAdapterOf(catalog), choices: catalog.listed?.list }, scoped },
		bulk: async (_request, { scope }) => ({ spec: bulk, scope }),
		export: async (request, { scope }) => {
			const state = parseListState(new URL(request.url).searchParams, list)
			return csvResponse(`${exportFileName}-${todayIso()}.csv`, fields, await exportRows(state, scope), formValues)
		},
		importTemplate: () => csvTemplateResponse(`${exportFileName}-mau-nhap.csv`, fields),
	} satisfies CatalogServerRoutes
}
