/** The catalog tables (stations, tools, reference items) and the figures the database keeps of them; see `schema.ts`. */
import type { Generated } from 'kysely'

/** The columns the record store writes itself on every table it keeps: the id, who and when, the version. */
export interface StoredTableColumns {
	id: Generated<number>
	created_by: number | null
	created_at: number
	updated_by: number | null
	updated_at: number
	/** Optimistic concurrency: every write adds one; a save naming an older version is refused. */
	version: number
}

/** The columns every catalog table has (`createCatalogTable` in db/migrations/helpers.ts makes them). */
export interface CatalogTableColumns extends StoredTableColumns {
	code: string
	name: string
	/** Accent- and case-free name (see catalogs/search): the name sort key, equal on both databases. */
	name_key: string
	/** Accent- and case-free code and name (and what else the catalog searches), searched by substring (FTS5 trigram / pg_trgm). */
	search_text: string
}

/** A site the company operates ("Trạm"). Dates without a time are `YYYY-MM-DD` text. */
export interface StationsTable extends CatalogTableColumns {
	type: string
	/** A province code from catalogs/provinces, e.g. `ha-noi`. */
	province: string
	address: string | null
	/** Degrees × 1,000,000, exact (no floating point). */
	latitude_e6: number | null
	longitude_e6: number | null
	status: string
	commissioned_at: string | null
	note: string | null
}

/** A tool or piece of equipment ("Công cụ"), optionally assigned to a station; it searches its serial number too. */
export interface ToolsTable extends CatalogTableColumns {
	category: string
	serial_number: string | null
	station_id: number | null
	status: string
	quantity: number
	unit: string
	purchase_date: string | null
	/** Money in minor units (1/100 đồng), exact: never a float. */
	value_minor: number | null
	note: string | null
}

/** An item of an editable reference list (station types, tool categories): see reference-lists/definitions. */
export interface ReferenceItemsTable extends StoredTableColumns {
	list_key: string
	/** What records store (e.g. `stations.type`); never changes once created. */
	code: string
	/** Required; the other languages fall back to it when empty (null). */
	label_vn: string
	label_en: string | null
	label_es: string | null
	label_de: string | null
	label_it: string | null
	label_ru: string | null
	sort_order: number
}

/** A single row (id 1) whose version the database moves on every catalog write and catalog audit entry (migration 0008). */
export interface CatalogVersionTable {
	id: number
	version: number
}

/** Rows of a catalog by status, kept by the database on every write (migration 0007). */
export interface CatalogStatusCountsTable {
	catalog: 'stations' | 'tools'
	status: string
	total: number
}

/** Tools per station, with the station's code for the order, kept by the database on every write. */
export interface StationToolCountsTable {
	station_id: number
	code: string
	tool_count: number
}
