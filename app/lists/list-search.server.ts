import { sql, type Expression, type SqlBool } from 'kysely'
import type { DB } from '~/db/db.server'
import type { Dialect } from '~/db/migrations/helpers'
import type { Database } from '~/db/schema'
import { escapeLike, ftsPhrases, searchTerms } from '~/catalogs/search-text'

/** Above this many matches a search is "common": the rows are then checked in list order instead. */
export const SEARCH_PROBE_LIMIT = 2_000

/**
 * The condition "every word of the query occurs in `search_text`", accents and case aside; null when
 * the query has no words. User text is only ever a bound parameter: LIKE wildcards are escaped, FTS
 * phrases quoted.
 *
 * PostgreSQL: one LIKE per word; the planner serves them from the pg_trgm GIN index, or scans in list
 * order when they match most rows.
 *
 * SQLite: the words of three or more characters are first looked up in the FTS5 trigram index
 * (`<table>_fts`), counting at most SEARCH_PROBE_LIMIT + 1 matches: a rare match set (the usual search)
 * becomes an `id in (…)` list. A common word ("tram" is in every station's name) is checked with LIKE
 * on the covering index entries while they are read in list order: a page is found at once. Words of
 * one or two characters: the ids of at most SEARCH_PROBE_LIMIT + 1 matching rows are read from a
 * covering index; up to the limit, they are the list, beyond it the word is common (as above).
 */
export async function searchCondition(
	db: DB,
	dialect: Dialect,
	table: keyof Database & string,
	query: string,
): Promise<Expression<SqlBool> | null> {
	return (await search(db, dialect, table, query)).condition
}

export interface Search {
	condition: Expression<SqlBool> | null
	/** Rows the search is known to match at least (from SQLite's probes): a count beyond the cap is then not needed. */
	atLeast: number
}

/** searchCondition, with what the probes learnt about the number of matches. */
export async function search(db: DB, dialect: Dialect, table: keyof Database & string, query: string): Promise<Search> {
	const terms = searchTerms(query)
	if (terms.length === 0) return { condition: null, atLeast: 0 }
	const column = sql.ref(`${table}.search_text`)
	const likes = sql.join(
		terms.map((term) => sql<SqlBool>`${column} like ${`%${escapeLike(term)}%`} escape '\\'`),
		sql` and `,
	) as Expression<SqlBool>
	if (dialect === 'postgres') return { condition: likes, atLeast: 0 }

	const id = sql.ref(`${table}.id`)
	const indexed = terms.filter((term) => [...term].length >= 3)
	if (indexed.length > 0) {
		const fts = sql.table(`${table}_fts`)
		const phrases = ftsPhrases(indexed)
		const probe = await sql<{
			n: number
		}>`select count(*) as n from (select rowid from ${fts} where ${fts} match ${phrases} limit ${SEARCH_PROBE_LIMIT + 1})`.execute(db)
		const matches = Number(probe.rows[0]?.n ?? 0)
		if (matches === 0) return { condition: sql<SqlBool>`0 = 1`, atLeast: 0 }
		if (matches <= SEARCH_PROBE_LIMIT) {
			const inFts = sql<SqlBool>`${id} in (select rowid from ${fts} where ${fts} match ${phrases})`
			return indexed.length === terms.length
				? { condition: inFts, atLeast: matches }
				: { condition: sql<SqlBool>`${inFts} and ${likes}`, atLeast: 0 }
		}
		// Common words: checked on the index entries in list order.
		if (indexed.length === terms.length) return { condition: likes, atLeast: matches }
	}
	const found = await sql<{
		id: number
	}>`select ${id} as id from ${sql.table(table)} where ${likes} limit ${SEARCH_PROBE_LIMIT + 1}`.execute(db)
	if (found.rows.length > SEARCH_PROBE_LIMIT) return { condition: likes, atLeast: found.rows.length }
	if (found.rows.length === 0) return { condition: sql<SqlBool>`0 = 1`, atLeast: 0 }
	return { condition: sql<SqlBool>`${id} in (${sql.join(found.rows.map((row) => row.id))})`, atLeast: found.rows.length }
}
