import type { z } from 'zod'
import type { DB } from '~/db/db.server'
import type { ReferenceListDefinition } from '~/reference-lists/definition'
import type { BlockReason } from '../bulk'
import type { CatalogEntity } from '../catalog.server'
import type { CatalogPages } from '../catalog-pages'
import type { RowError } from '../csv'
import type { CatalogListing, CatalogTable } from './listing.server'

/**
 * What a catalog is, for the engine that writes it: one definition per catalog gives its create, update
 * and delete (record-store.server.ts), its bulk actions and its CSV import (adapters.server.ts).
 */

/** The columns every record the engine stores has: its code, who and when, and its version. */
export interface StoredRow {
	id: number
	code: string
	created_by: number | null
	created_at: number
	updated_by: number | null
	updated_at: number
	version: number
}

/** The columns every catalog record has besides: its name and the stored keys its list sorts and searches by. */
export interface CatalogRow extends StoredRow {
	name: string
	name_key: string
	search_text: string
}

/** The columns the engine writes itself (who and when, and the version), not the catalog's input. */
export type BookkeepingColumn = 'id' | 'created_by' | 'created_at' | 'updated_by' | 'updated_at' | 'version'

/** The types the record store writes (app/catalogs/engine/record-store.server.ts). */
export interface RecordTypes {
	/** A stored row. */
	row: StoredRow
	/** A validated form, as the store writes it; without a code, the record's code stays as it is. */
	input: { code?: string; version: number | null }
	/** A record as its page shows it (a conflict answers with it). */
	record: object
	/** The catalog's own reasons a write is refused (a reference that names nothing). */
	refusal: string
	/** The catalog's own answer to a refused delete (never, when nothing blocks one). */
	blocked: { ok: false; reason: string }
}

/** The types one catalog is made of. */
export interface CatalogTypes extends RecordTypes {
	row: CatalogRow
	input: { code: string; version: number | null }
	/** A CSV row as validated (before its references are resolved). */
	importInput: { code: string; version: number | null }
}

/** A column whose value must be a code of a reference list (a station's type, a tool's category). */
export interface ListedColumn<T extends RecordTypes> {
	list: ReferenceListDefinition
	/** The column's value in an input or a stored row. */
	code(values: T['input'] | T['row']): string
	/** The refusal when the code is not (no longer) in the list. */
	reason: T['refusal']
}

/** A catalog whose records name a record of another through a foreign key (a tool its station). */
export interface RecordReference<T extends CatalogTypes> {
	/** The refusal when the named record was deleted between the check and the write. */
	reason: T['refusal']
	/** Resolves the references of imported rows (ids or codes) in place; returns the rows that name none. */
	resolveImported(rows: { line: number; input: T['importInput'] }[], db: DB): Promise<RowError[]>
	/** An imported row with its reference resolved, as the store writes it. */
	resolved(input: T['importInput']): T['input']
}

/** Records that hold a record, so it may not be deleted (a station's tools, the stations of a type). */
export interface DeleteBlocker<T extends RecordTypes> {
	/** How many hold each of `ids`, read in the delete's transaction; an id none holds is left out. */
	holders(db: DB, ids: number[]): Promise<Map<number, number>>
	/** The delete's refusal for `count` holders. */
	refusal(count: number): T['blocked']
}

/** Where a kind of record is stored and audited. */
export interface RecordStorage {
	/** The audit log's entity: actions `<entity>.created`, `.updated`, `.deleted` (and `.imported`). */
	entity: CatalogEntity
	table: CatalogTable
	/** When kinds of record share a table (the reference lists' items): the column that tells them apart, and this kind's value. */
	partition?: { column: 'list_key'; value: string }
}

/** What the record store needs of a kind of record. */
export interface RecordDefinition<T extends RecordTypes> {
	storage: RecordStorage
	/** A record as its form shows it (and as the CSV export and the audit log write it): text per field. */
	formValues(row: T['row']): Record<string, string>
	/** The stored columns an input sets (the code only when the input has one). */
	columnsOf(input: T['input']): Partial<Omit<T['row'], BookkeepingColumn>>
	/** A record as its page shows it, or undefined when there is none. */
	getRecord(id: number, db: DB): Promise<T['record'] | undefined>
	listed?: ListedColumn<T>
	/** A foreign key that may refuse a write (see RecordReference), and the refusal then. */
	reference?: { reason: T['refusal'] }
	deleteBlocker?: DeleteBlocker<T>
	provinceOf?: ProvinceOf<T>
}

/**
 * The province of a stored row or of the columns a write sets (a station's own, a tool's station's;
 * null: none, reachable only everywhere). A catalog without it holds no provincial data (decision 0052).
 */
export type ProvinceOf<T extends RecordTypes> = (values: Partial<T['row']>, db: DB) => Promise<string | null>

export interface CatalogDefinition<T extends CatalogTypes> {
	/** The form's fields, which are the CSV columns, in order. */
	fields: readonly string[]
	/** A record as its form shows it (and as the CSV export and the audit log write it): text per field. */
	formValues(row: T['row']): Record<string, string>
	/** The stored columns an input sets. */
	columnsOf(input: T['input']): Omit<T['row'], BookkeepingColumn>
	/** The catalog's own columns of a record not yet written (the "before" of an imported new row). */
	newRow: Omit<T['row'], keyof CatalogRow>
	/** A record as its page shows it, or undefined when there is none. */
	getRecord(id: number, db: DB): Promise<T['record'] | undefined>
	/** Where a record lies, for a catalog of provincial data (see ProvinceOf). */
	provinceOf?: ProvinceOf<T>
	/** The field that places a record in a province (a station's `province`, a tool's `stationId`): an import's row error names it. */
	scopeField?: string
	/** Its column whose value must be listed, if it has one. */
	listed?: ListedColumn<T>
	/** The rules of an imported row, given the codes its listed column may take (none without one). */
	importSchema(listedCodes: string[]): z.ZodType<T['importInput']>
	/** Its pages (the bulk actions return to its list) and how its list reads (they export in its order). */
	pages: CatalogPages
	// The list's own filter and sort types do not matter here.
	// eslint-disable-next-line @typescript-eslint/no-explicit-any
	listing: CatalogListing<any, any>
	/** The export file's name before its date, e.g. `tram`. */
	exportFileName: string
	reference?: RecordReference<T>
	/** What blocks a delete; its bulk reason is the bulk delete's answer for `count` holders. */
	deleteBlocker?: DeleteBlocker<T> & { bulkReason(count: number): BlockReason }
}

/** A catalog's audit entity is its pages' (`pages.entity`), its table its listing's (`listing.table`). */
export function storageOf<T extends CatalogTypes>(definition: CatalogDefinition<T>) {
	return { entity: definition.pages.entity, table: definition.listing.table }
}

/** What the record store needs of a catalog, from its definition. */
export function recordDefinitionOf<T extends CatalogTypes>(definition: CatalogDefinition<T>): RecordDefinition<T> {
	const { formValues, columnsOf, getRecord, listed, reference, deleteBlocker, provinceOf } = definition
	return { storage: storageOf(definition), formValues, columnsOf, getRecord, listed, reference, deleteBlocker, provinceOf }
}

/** A new record's columns before its input is written over them. */
export function newRowOf<T extends CatalogTypes>(definition: CatalogDefinition<T>): T['row'] {
	const bookkeeping: CatalogRow = {
		id: 0,
		code: '',
		name: '',
		name_key: '',
		search_text: '',
		created_by: null,
		created_at: 0,
		updated_by: null,
		updated_at: 0,
		version: 1,
	}
	return { ...bookkeeping, ...definition.newRow } as T['row']
}
