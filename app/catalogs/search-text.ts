/**
 * Accent- and case-free text for searching and sorting: "Trạm Đà Nẵng" → "tram da nang".
 * The same function writes the stored `search_text`/`name_key` columns and reads the user's query,
 * so both databases compare plain lower-case text and "tram" finds "Trạm", "đ" finds "d".
 */
export function normalizeSearch(text: string): string {
	return (
		text
			.normalize('NFD')
			// Combining marks (accents, tones), then the letters Unicode does not decompose.
			.replace(/\p{M}+/gu, '')
			.replace(/[đĐ]/g, 'd')
			.replace(/[ơƠ]/g, 'o')
			.replace(/[ưƯ]/g, 'u')
			.toLowerCase()
			// Control characters become spaces; runs of white space one space.
			.replace(/[\p{Cc}\p{Cf}\s]+/gu, ' ')
			.trim()
	)
}

/** The most words of a query that are searched; more are ignored. */
export const MAX_SEARCH_TERMS = 8

/** The words of a query, normalised, without duplicates, each at most 100 characters. */
export function searchTerms(query: string): string[] {
	const words = normalizeSearch(query)
		.split(' ')
		.filter(Boolean)
		.map((word) => word.slice(0, 100))
	return [...new Set(words)].slice(0, MAX_SEARCH_TERMS)
}

/** `text` for a LIKE pattern with `\` as the escape character: `%`, `_` and `\` match themselves. */
export function escapeLike(text: string): string {
	return text.replace(/[\\%_]/g, (char) => `\\${char}`)
}

/** An FTS5 query matching rows that contain every term as a substring (trigram phrases, implicitly AND-ed). */
export function ftsPhrases(terms: readonly string[]): string {
	return terms.map((term) => `"${term.replace(/"/g, '""')}"`).join(' ')
}
