import type { z } from 'zod'
import type { Actor } from '~/audit/audit.server'
import type { DB } from '~/db/db.server'
import type { RowError } from './csv'
import type { RecordStorage } from './engine/definition.server'

export interface Existing {
	id: number
	code: string
	version: number
}

/** What the import needs to know about one catalog. */
export interface ImportAdapter<Input extends { code: string; version: number | null }, Row extends Existing> {
	/** The audit log's entity (`station`) and the catalog's table (`stations`). */
	entity: RecordStorage['entity']
	table: RecordStorage['table']
	/** When kinds of record share the table: only this kind's rows are matched (insertValues set its column). */
	partition?: RecordStorage['partition']
	/** The CSV columns (the form fields, in order). `version` is optional in the file. */
	columns: readonly string[]
	/** The rules of a row; read in each batch's transaction (they may depend on stored lists). */
	schema(db: DB): Promise<z.ZodType<Input>>
	/** Resolves references to other records (a tool's station) in place; returns the rows that name none. */
	resolve?(rows: { line: number; input: Input }[], db: DB): Promise<RowError[]>
	formValues(row: Row): Record<string, string>
	/** The rows (as stored and as they would be written) outside the importer's provinces, for a catalog of provincial data (decision 0052). */
	outsideScope?(rows: { line: number; current: Row | null; merged: Row }[], scope: readonly string[], db: DB): Promise<RowError[]>
	/** The record as it would be after writing `input` over `current` (a new one when null). */
	merged(current: Row | null, input: Input): Row
	insertValues(input: Input, actor: Actor, now: number): Record<string, unknown>
	updateValues(input: Input, actor: Actor, now: number, version: number): Record<string, unknown>
}
